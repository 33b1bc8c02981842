import type { EventClassifier } from '@tracklane/shared/tracking/ocean/tracking-event';

/** DCSA Track & Trace event codes, as people say them. */
const EVENT_NAMES: Record<string, string> = {
  GTOT: 'Gate out',
  GTIN: 'Gate in',
  LOAD: 'Loaded on vessel',
  DISC: 'Discharged from vessel',
  ARRI: 'Vessel arrival',
  DEPA: 'Vessel departure',
  STUF: 'Stuffed',
  STRP: 'Stripped',
  PICK: 'Picked up',
  DROP: 'Dropped off',
  INSP: 'Inspected',
  RSEA: 'Resealed',
  RMVD: 'Removed',
};

export const eventName = (typeCode: string) => EVENT_NAMES[typeCode] ?? typeCode;

export function loadLabel(emptyIndicator: string | null): string {
  if (emptyIndicator === 'EMPTY') return 'Empty';
  if (emptyIndicator === 'LADEN') return 'Laden';
  return '-';
}

export const CLASSIFIER_LABEL: Record<EventClassifier, string> = {
  ACT: 'Actual',
  EST: 'Estimated',
  PLN: 'Planned',
};
