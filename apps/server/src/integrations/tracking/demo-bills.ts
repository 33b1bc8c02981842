import { carrierByScac } from '@tracklane/shared/tracking/ocean/carriers';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import type { BillAnswer, BillQuery } from './provider';
import { randomStream } from './random-stream';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The owner codes each carrier's own boxes carry (BIC prefixes it uses); others use their SCAC's. */
const OWNER_CODES: Record<string, readonly string[]> = {
  MSCU: ['MSCU', 'MEDU', 'MSMU'],
  MAEU: ['MSKU', 'MRKU', 'MAEU'],
  CMDU: ['CMAU', 'CGMU'],
  COSU: ['CSNU', 'CBHU'],
  HLCU: ['HLXU', 'HLBU'],
  ONEY: ['ONEU'],
  EGLV: ['EGHU', 'EISU'],
  HDMU: ['HDMU'],
  YMLU: ['YMLU', 'YMMU'],
  ZIMU: ['ZIMU', 'ZCSU'],
  OOLU: ['OOLU', 'OOCU'],
};

/** Also the demo carrier's "not found" share for containers: some references a carrier does not know. */
const NOT_FOUND_SHARE = 0.07;

interface Joined {
  containerNo: string;
  /** When the carrier names it on the bill (epoch ms). */
  from: number;
}

interface DemoBill {
  found: boolean;
  containers: Joined[];
  transportDocumentReference: string | null;
  /** When its containers are on board (epoch ms): after that, none joins. */
  loadedAt: number;
}

/**
 * The demo carrier's bills of lading and bookings (ADR 0037): for any reference, the same plausible
 * set of its own containers every time (one to four at first, sometimes one more a day or so later,
 * all with the carrier's owner code and a valid check digit), loaded a few days after tracking started.
 * A booking's answer names a bill of lading with the carrier's prefix. Some references are not known,
 * as with real carriers.
 */
export function demoBill(query: BillQuery, now: number): BillAnswer {
  const bill = drawBill(query);
  if (!bill.found) return { status: 'not_found' };
  return {
    status: 'found',
    containers: bill.containers.filter((c) => c.from <= now).map((c) => c.containerNo),
    transportDocumentReference: bill.transportDocumentReference,
    loaded: now >= bill.loadedAt,
  };
}

function drawBill(query: BillQuery): DemoBill {
  const scac = query.carrierScac.toUpperCase();
  const random = randomStream(`bill|${query.kind}|${query.reference}|${scac}`);
  const started = query.trackingStartedAt.getTime();
  if (random() < NOT_FOUND_SHARE)
    return { found: false, containers: [], transportDocumentReference: null, loadedAt: 0 };
  const owners = OWNER_CODES[scac] ?? [`${scac.slice(0, 3)}U`];
  const owner = owners[Math.floor(random() * owners.length)]!;
  const count = 1 + Math.floor(random() * 4);
  const late = random() < 0.4;
  const containers: Joined[] = [];
  const serials = new Set<string>();
  while (containers.length < count + (late ? 1 : 0)) {
    const serial = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
    if (serials.has(serial)) continue;
    serials.add(serial);
    const first10 = `${owner}${serial}`;
    const joinsLate = containers.length === count;
    containers.push({
      containerNo: `${first10}${String(containerCheckDigit(first10))}`,
      from: joinsLate ? started + 12 * HOUR + Math.floor(random() * 24) * HOUR : -Infinity,
    });
  }
  const prefix = carrierByScac(scac)?.mblPrefixes[0] ?? scac;
  const transportDocumentReference =
    query.kind === 'booking' ? `${prefix}${String(Math.floor(random() * 1e9)).padStart(9, '0')}` : null;
  return {
    found: true,
    containers,
    transportDocumentReference,
    loadedAt: started + 3 * DAY + Math.floor(random() * 48) * HOUR,
  };
}
