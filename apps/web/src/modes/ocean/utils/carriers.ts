import {
  carrierByScac,
  OCEAN_CARRIERS,
  shortCarrierName,
  type OceanCarrier,
} from '@tracklane/shared/tracking/ocean/carriers';

export { carrierLabel, shortCarrierName } from '@tracklane/shared/tracking/ocean/carriers';

/**
 * The carrier someone typed in a pasted row or a CSV cell: a SCAC ("MSCU"), the full name, or the short
 * name ("MSC", "Maersk", "ONE"). Case does not matter. Undefined when nothing matches.
 */
export function resolveCarrier(input: string): OceanCarrier | undefined {
  const wanted = input.trim().toLowerCase();
  if (!wanted) return undefined;
  return (
    carrierByScac(wanted) ??
    OCEAN_CARRIERS.find(
      (carrier) =>
        carrier.name.toLowerCase() === wanted || shortCarrierName(carrier.name).toLowerCase() === wanted,
    )
  );
}

/** Select options for every carrier we know, by short name, the SCAC beside it. */
export const CARRIER_OPTIONS = OCEAN_CARRIERS.map((carrier) => ({
  value: carrier.scac,
  label: `${shortCarrierName(carrier.name)} (${carrier.scac})`,
}));
