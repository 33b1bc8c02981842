import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import { checkBookingNumber, checkMblNumber } from '@tracklane/shared/validation/container-number';
import { OCEAN_CARRIERS, inferCarrierFromMbl } from '@tracklane/shared/tracking/ocean/carriers';
import { detectParcelCarriers } from '@tracklane/shared/tracking/express/parcel-number';

/** What a message names, found with the detectors the add dialog and bulk import use. */
export interface FoundNumbers {
  containers: string[];
  /** Candidates that look like container numbers but fail ISO 6346 (wrong check digit). */
  invalidContainers: { value: string; message: string }[];
  bills: string[];
  bookings: string[];
  parcels: { trackingNo: string; carrier: string }[];
  /** The one ocean carrier the text names, when only one is named: for bookings and bare bills. */
  carrierScac: string | null;
}

/** HTML to text: table cells and rows become separators so numbers in adjacent cells stay apart. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(td|th)>/gi, ' \t ')
    .replace(/<(br|\/tr|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

// Four letters, the category letter among them, then seven digits, with the spaces/dashes people type.
const CONTAINER_CANDIDATE = /\b([A-Z]{3}[UJZ])[\s-]?(\d{6})[\s-]?(\d)\b/g;
const BILL_LABEL =
  /\b(?:M?B\/?L|MBL|B\/L|BOL|bill\s+of\s+lading)(?:\s*(?:no\.?|number|nr\.?|#))?\s*[:#.]?\s*([A-Z0-9][A-Z0-9-]{3,34})\b/gi;
const BOOKING_LABEL =
  /\b(?:booking|bkg)(?:\s*(?:no\.?|number|nr\.?|ref(?:erence)?\.?|#))?\s*[:#.]?\s*([A-Z0-9][A-Z0-9-]{3,34})\b/gi;
const PARCEL_LABEL =
  /\b(?:tracking|sendungs|waybill|awb)[\w\s.]{0,20}?[:#]\s*([A-Z0-9][A-Z0-9 -]{6,40}[A-Z0-9])/gi;
// Bare long tokens a parcel detector may recognise (e.g. 1Z…, 12-digit FedEx) when no label precedes them.
const PARCEL_TOKEN = /\b(1Z[0-9A-Z]{16}|[A-Z]{2}\d{9}[A-Z]{2}|\d{12,22})\b/g;

const unique = <T>(values: T[], key: (v: T) => string = String) => {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/**
 * Container numbers (ISO 6346 down to the check digit), bills of lading and bookings (labelled, or a
 * bill whose prefix names its carrier) and parcel tracking numbers (the parcel detector, check digit
 * included) in the text of a message: its subject, bodies and readable attachments.
 */
export function extractNumbers(text: string): FoundNumbers {
  const upper = text.toUpperCase();
  const containers: string[] = [];
  const invalidContainers: { value: string; message: string }[] = [];
  for (const m of upper.matchAll(CONTAINER_CANDIDATE)) {
    const candidate = `${m[1]!}${m[2]!}${m[3]!}`;
    const checked = checkContainerNumber(candidate);
    if (checked.valid) containers.push(checked.value);
    else invalidContainers.push({ value: checked.value, message: checked.message });
  }
  const containerSet = new Set(containers);

  const bills: string[] = [];
  for (const m of text.matchAll(BILL_LABEL)) {
    const checked = checkMblNumber(m[1]!);
    if (checked.valid && /\d/.test(checked.value) && !containerSet.has(checked.value))
      bills.push(checked.value);
  }
  // Unlabelled bills whose prefix names the carrier (MAEU…, MEDU…), as bulk import infers the carrier.
  for (const m of upper.matchAll(/\b([A-Z]{4}\d{6,14}|[A-Z]{4}[A-Z0-9]{2}\d{6,12})\b/g)) {
    const value = m[1]!;
    if (containerSet.has(value) || value.length === 11) continue;
    if (inferCarrierFromMbl(value) && checkMblNumber(value).valid) bills.push(value);
  }
  const bookings: string[] = [];
  for (const m of text.matchAll(BOOKING_LABEL)) {
    const checked = checkBookingNumber(m[1]!);
    if (checked.valid && /\d/.test(checked.value) && !containerSet.has(checked.value))
      bookings.push(checked.value);
  }

  const parcels: { trackingNo: string; carrier: string }[] = [];
  const tryParcel = (candidate: string) => {
    const [match] = detectParcelCarriers(candidate);
    if (match) parcels.push({ trackingNo: match.trackingNo, carrier: match.carrier });
  };
  for (const m of upper.matchAll(PARCEL_LABEL)) tryParcel(m[1]!.trim());
  for (const m of upper.matchAll(PARCEL_TOKEN)) tryParcel(m[1]!);
  const oceanNumbers = new Set([...containers, ...bills, ...bookings]);

  const named = OCEAN_CARRIERS.filter((c) => {
    const short = c.name.split(' ')[0]!;
    return new RegExp(`\\b${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);
  });

  return {
    containers: unique(containers),
    invalidContainers: unique(invalidContainers, (v) => v.value),
    bills: unique(bills),
    bookings: unique(bookings.filter((b) => !bills.includes(b))),
    parcels: unique(
      parcels.filter((p) => !oceanNumbers.has(p.trackingNo)),
      (p) => p.trackingNo,
    ),
    carrierScac: named.length === 1 ? named[0]!.scac : null,
  };
}
