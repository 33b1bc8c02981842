import {
  PARCEL_CARRIERS,
  parcelCarrierByCode,
  type ParcelCarrier,
} from '@tracklane/shared/tracking/express/parcel-carriers';

/** The name of one of our carrier codes; the code itself when we do not know it. */
export function parcelCarrierLabel(code: string | null, name?: string | null): string {
  if (name) return name;
  if (!code) return 'Unknown carrier';
  return parcelCarrierByCode(code)?.name ?? code;
}

/** Letters and digits only, in lower case: "DHL-Express", "dhl express" and "dhl_express" are alike. */
const carrierKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const CARRIER_BY_KEY = new Map<string, ParcelCarrier>(
  PARCEL_CARRIERS.flatMap((carrier) => [
    [carrierKey(carrier.code), carrier],
    [carrierKey(carrier.name), carrier],
  ]),
);

/**
 * The carrier a person wrote in a pasted row or a file: one of our codes ("dhl_express") or a
 * carrier's name ("DHL Express"), whatever the case, spaces and dashes. Undefined when it is neither.
 */
export function resolveParcelCarrier(text: string): ParcelCarrier | undefined {
  const key = carrierKey(text);
  return key ? CARRIER_BY_KEY.get(key) : undefined;
}

interface CarrierOption {
  value: string;
  label: string;
}

type CarrierOptions = CarrierOption[] | { group: string; items: CarrierOption[] }[];

const byName = (a: CarrierOption, b: CarrierOption) => a.label.localeCompare(b.label);
const ALL: CarrierOption[] = PARCEL_CARRIERS.map((carrier) => ({
  value: carrier.code,
  label: carrier.name,
})).sort(byName);

/**
 * Every carrier a parcel can be tracked with, for a searchable select. The carriers whose formats the
 * number fits come first, in their own group, most specific first.
 */
export function carrierOptions(fittingCodes: readonly string[]): CarrierOptions {
  if (fittingCodes.length === 0) return ALL;
  const fitting = [...new Set(fittingCodes)]
    .map((code) => ALL.find((option) => option.value === code))
    .filter((option): option is CarrierOption => option !== undefined);
  const rest = ALL.filter((option) => !fittingCodes.includes(option.value));
  return [
    { group: 'Fits this number', items: fitting },
    { group: 'Other carriers', items: rest },
  ];
}
