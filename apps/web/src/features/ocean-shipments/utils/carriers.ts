import { carrierByScac, OCEAN_CARRIERS, type OceanCarrier } from '@tracklane/shared/tracking/carriers';

/**
 * The name people use for a carrier: "MSC" rather than "MSC Mediterranean Shipping Company", "ONE"
 * rather than "Ocean Network Express (ONE)". Names that are already short stay as they are.
 */
export function shortCarrierName(name: string): string {
  const inParentheses = /\(([^)]+)\)\s*$/.exec(name);
  if (inParentheses?.[1]) return inParentheses[1];
  const words = name.split(/\s+/);
  // "MSC Mediterranean Shipping Company": an all-capitals acronym spelled out after it.
  if (words.length >= 3 && /^[A-Z]{2,}$/.test(words[0] ?? '') && !/^[A-Z]+$/.test(words[1] ?? '')) {
    return words[0]!;
  }
  return name;
}

/** The short name of a SCAC we know; the SCAC itself otherwise. */
export function carrierLabel(scac: string, name?: string | null): string {
  const known = name ?? carrierByScac(scac)?.name;
  return known ? shortCarrierName(known) : scac;
}

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
