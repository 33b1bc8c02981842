/**
 * The ocean carriers we recognise, with their SCAC (NMFTA Standard Carrier Alpha Code) and the prefixes
 * their master bills of lading start with. Most carriers prefix bills with their SCAC; some use another
 * code (MSC bills start with MEDU). Compiled from the carriers' published SCACs and the bill prefixes
 * they commonly print; a carrier not inferred here can always be chosen by hand.
 */
export interface OceanCarrier {
  scac: string;
  name: string;
  mblPrefixes: readonly string[];
}

export const OCEAN_CARRIERS: readonly OceanCarrier[] = [
  { scac: 'MSCU', name: 'MSC Mediterranean Shipping Company', mblPrefixes: ['MEDU', 'MSCU'] },
  { scac: 'MAEU', name: 'Maersk', mblPrefixes: ['MAEU', 'MRKU'] },
  { scac: 'CMDU', name: 'CMA CGM', mblPrefixes: ['CMDU'] },
  { scac: 'COSU', name: 'COSCO Shipping Lines', mblPrefixes: ['COSU'] },
  { scac: 'HLCU', name: 'Hapag-Lloyd', mblPrefixes: ['HLCU'] },
  { scac: 'ONEY', name: 'Ocean Network Express (ONE)', mblPrefixes: ['ONEY'] },
  { scac: 'EGLV', name: 'Evergreen Line', mblPrefixes: ['EGLV'] },
  { scac: 'HDMU', name: 'HMM', mblPrefixes: ['HDMU'] },
  { scac: 'YMLU', name: 'Yang Ming', mblPrefixes: ['YMLU'] },
  { scac: 'ZIMU', name: 'ZIM', mblPrefixes: ['ZIMU'] },
  { scac: 'OOLU', name: 'OOCL', mblPrefixes: ['OOLU'] },
  { scac: 'WHLC', name: 'Wan Hai Lines', mblPrefixes: ['WHLC'] },
  { scac: 'PCIU', name: 'Pacific International Lines (PIL)', mblPrefixes: ['PCIU'] },
  { scac: 'MATS', name: 'Matson', mblPrefixes: ['MATS'] },
  { scac: 'APLU', name: 'APL', mblPrefixes: ['APLU'] },
  { scac: 'ANNU', name: 'ANL Container Line', mblPrefixes: ['ANNU'] },
  { scac: 'SUDU', name: 'Hamburg Süd', mblPrefixes: ['SUDU'] },
  { scac: 'SMLM', name: 'SM Line', mblPrefixes: ['SMLM'] },
];

const byScac = new Map(OCEAN_CARRIERS.map((c) => [c.scac, c]));

export function carrierByScac(scac: string): OceanCarrier | undefined {
  return byScac.get(scac.toUpperCase());
}

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

/** The carrier a (normalised) bill of lading number belongs to, from its prefix; undefined when unknown. */
export function inferCarrierFromMbl(mblNo: string): OceanCarrier | undefined {
  const upper = mblNo.toUpperCase();
  return OCEAN_CARRIERS.find((c) => c.mblPrefixes.some((prefix) => upper.startsWith(prefix)));
}
