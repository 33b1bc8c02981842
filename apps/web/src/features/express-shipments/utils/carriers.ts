import { PARCEL_CARRIERS, parcelCarrierByCode } from '@tracklane/shared/express/parcel-carriers';

/** The name of one of our carrier codes; the code itself when we do not know it. */
export function parcelCarrierLabel(code: string | null, name?: string | null): string {
  if (name) return name;
  if (!code) return 'Unknown carrier';
  return parcelCarrierByCode(code)?.name ?? code;
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
