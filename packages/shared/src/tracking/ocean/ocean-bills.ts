// Bills of lading and bookings followed alone (ADR 0037): what a user may give, in the words both the
// server and the web say it, and what a followed bill's state means to people. No zod here: the add form
// and the list import it.
import {
  checkBookingNumber,
  checkContainerNumber,
  checkMblNumber,
  normaliseBookingNumber,
  normaliseContainerNumber,
  normaliseMblNumber,
} from '../../validation/container-number';

/** What a followed reference is: a bill of lading or a carrier booking. */
export const BILL_KINDS = ['bl', 'booking'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** A followed bill's tracking state (the server's tracked_bills.state). */
export const BILL_STATES = ['pending', 'found', 'not_found', 'completed', 'no_source'] as const;
export type BillState = (typeof BILL_STATES)[number];

export const BILL_STATE_DESCRIPTION =
  'State of the bill: `pending` (its first answer is awaited), `found` (the carrier knows it; its containers are added as it names them), `not_found` (the carrier does not know it; still asked daily), `completed` (its containers are on board: none joins any more, it is asked no more), or `no_source` (no data source for its carrier; nobody is asked until a connection is added).';

export const BILL_KIND_LABEL: Record<BillKind, string> = {
  bl: 'Bill of lading',
  booking: 'Booking',
};

/** "Bill of lading MEDU1234567", "Booking 241100123". */
export const billName = (kind: BillKind, reference: string) => `${BILL_KIND_LABEL[kind]} ${reference}`;

export const OCEAN_INTAKE_MESSAGES = {
  nothing:
    'Enter a container number and its bill of lading, a bill of lading alone, or a booking number alone',
  bothReferences: 'Give the bill of lading or the booking number, not both',
  containerWithBooking:
    'A booking is followed alone: leave the container number out, and every container the carrier names on the booking is added',
  /** The carrier of a booking, where the caller names it by SCAC (the API, bulk rows). */
  bookingCarrier: 'The carrier cannot be told from this booking number: give its SCAC, e.g. MAEU',
  /** References belong to a workspace's shipment: a bill or booking alone has none yet. */
  billWithReferences:
    'References are kept on containers: give the container number with its bill of lading, or add them to each container once the carrier names it',
  /** Custom field values belong to a workspace's shipment too. */
  billWithCustomFields:
    'Custom field values are kept on containers: give the container number with its bill of lading, or set them on each container once the carrier names it',
} as const;

/** Whether values given with a row hold any: an empty text or list, or null, holds none. */
const givesAny = (values: object | undefined) =>
  Object.values(values ?? {}).some((value: unknown) =>
    Array.isArray(value)
      ? value.length > 0
      : typeof value === 'string'
        ? value.trim() !== ''
        : value !== null && value !== undefined,
  );

/** What one intake row asks for, checked: a container on its bill, or a bill or booking alone. */
export type OceanIntakeCheck =
  | { ok: true; kind: 'container'; containerNo: string; mblNo: string }
  | { ok: true; kind: 'bill'; billKind: BillKind; reference: string }
  | { ok: false; message: string; containerNo: string; mblNo: string; bookingNo: string };

/**
 * Which of the three a row is, checked as the server checks it (the carrier aside): a container number
 * with its bill of lading (ISO 6346 down to the check digit, spec wording), a bill of lading alone, or
 * a booking number alone. The first failing rule's message.
 */
export function checkOceanIntake(input: {
  containerNo?: string | undefined;
  mblNo?: string | undefined;
  bookingNo?: string | undefined;
  /** The workspace's references given with the row (a bill or booking alone takes none). */
  references?: object | undefined;
  /** The workspace's custom field values given with the row (a bill or booking alone takes none). */
  customFields?: Record<string, unknown> | undefined;
}): OceanIntakeCheck {
  const containerNo = normaliseContainerNumber(input.containerNo ?? '');
  const mblNo = normaliseMblNumber(input.mblNo ?? '');
  const bookingNo = normaliseBookingNumber(input.bookingNo ?? '');
  const refuse = (message: string): OceanIntakeCheck => ({
    ok: false,
    message,
    containerNo,
    mblNo,
    bookingNo,
  });
  if (!containerNo && !mblNo && !bookingNo) return refuse(OCEAN_INTAKE_MESSAGES.nothing);
  if (mblNo && bookingNo) return refuse(OCEAN_INTAKE_MESSAGES.bothReferences);
  if (containerNo) {
    const container = checkContainerNumber(containerNo);
    if (!container.valid) return refuse(container.message);
    if (bookingNo) return refuse(OCEAN_INTAKE_MESSAGES.containerWithBooking);
    const mbl = checkMblNumber(mblNo);
    if (!mbl.valid) return refuse(mbl.message);
    return { ok: true, kind: 'container', containerNo: container.value, mblNo: mbl.value };
  }
  if (givesAny(input.references)) return refuse(OCEAN_INTAKE_MESSAGES.billWithReferences);
  if (givesAny(input.customFields)) return refuse(OCEAN_INTAKE_MESSAGES.billWithCustomFields);
  if (mblNo) {
    const mbl = checkMblNumber(mblNo);
    return mbl.valid ? { ok: true, kind: 'bill', billKind: 'bl', reference: mbl.value } : refuse(mbl.message);
  }
  const booking = checkBookingNumber(bookingNo);
  return booking.valid
    ? { ok: true, kind: 'bill', billKind: 'booking', reference: booking.value }
    : refuse(booking.message);
}

/** A followed bill's state in a few words: what the list and the detail say about it. */
export function billStateText(bill: {
  kind: BillKind;
  state: BillState;
  containerCount: number;
  notAdded: readonly string[];
}): string {
  const what = bill.kind === 'booking' ? 'booking' : 'bill of lading';
  const containers = (n: number) => `${String(n)} container${n === 1 ? '' : 's'}`;
  switch (bill.state) {
    case 'pending':
      return 'Asking the carrier for its containers';
    case 'not_found':
      return `The carrier does not know this ${what} yet`;
    case 'no_source':
      return 'No connection for its carrier';
    case 'found':
    case 'completed': {
      const named = bill.containerCount + bill.notAdded.length;
      if (named === 0) return `The carrier names no container on this ${what} yet`;
      return bill.notAdded.length
        ? `${containers(named)} found, ${String(bill.notAdded.length)} not added`
        : `${containers(named)} found`;
    }
  }
}
