/**
 * The parcel carriers a user can pick for an express shipment. Codes are Karrio's carrier ids where
 * Karrio has a connector (`karrioCarrier`), so a provider can hand them over unchanged; the rest are the
 * courier codes of tracking_number_data for carriers Karrio does not cover. Every courier the number
 * detector knows maps to one of these, and a few common carriers whose numbers have no recognisable
 * format (GLS, TNT, Aramex) are here so that they can be chosen by hand.
 */
export const PARCEL_CARRIERS = [
  { code: 'amazon_shipping', name: 'Amazon', karrioCarrier: 'amazon_shipping' },
  { code: 'aramex', name: 'Aramex', karrioCarrier: 'aramex' },
  { code: 'australiapost', name: 'Australia Post', karrioCarrier: 'australiapost' },
  { code: 'canadapost', name: 'Canada Post', karrioCarrier: 'canadapost' },
  { code: 'canpar', name: 'Canpar', karrioCarrier: 'canpar' },
  // Karrio tracks every DHL business except Express through DHL's unified tracking API.
  { code: 'dhl_ecommerce', name: 'DHL eCommerce', karrioCarrier: 'dhl_universal' },
  { code: 'dhl_express', name: 'DHL Express', karrioCarrier: 'dhl_express' },
  { code: 'dpd', name: 'DPD', karrioCarrier: 'dpd' },
  { code: 'fedex', name: 'FedEx', karrioCarrier: 'fedex' },
  { code: 'gls', name: 'GLS', karrioCarrier: 'gls' },
  { code: 'gofo', name: 'GOFO Express', karrioCarrier: null },
  { code: 'laposte', name: 'La Poste', karrioCarrier: 'laposte' },
  { code: 'landmark', name: 'Landmark Global', karrioCarrier: 'landmark' },
  { code: 'lasership', name: 'LaserShip', karrioCarrier: null },
  { code: 'old_dominion', name: 'Old Dominion Freight Line', karrioCarrier: null },
  { code: 'ontrac', name: 'OnTrac', karrioCarrier: null },
  { code: 'purolator', name: 'Purolator', karrioCarrier: 'purolator' },
  { code: 'royalmail', name: 'Royal Mail', karrioCarrier: 'royalmail' },
  { code: 'speedee', name: 'Spee-Dee Delivery', karrioCarrier: null },
  { code: 'tnt', name: 'TNT', karrioCarrier: 'tnt' },
  { code: 'ups', name: 'UPS', karrioCarrier: 'ups' },
  { code: 'usps', name: 'USPS', karrioCarrier: 'usps' },
  { code: 'yodel', name: 'Yodel', karrioCarrier: null },
  { code: 'yunexpress', name: 'YunExpress', karrioCarrier: null },
  // International postal items (UPU S10) from a post not listed above.
  { code: 'postal', name: 'Other postal service', karrioCarrier: null },
] as const satisfies readonly { code: string; name: string; karrioCarrier: string | null }[];

export type ParcelCarrier = (typeof PARCEL_CARRIERS)[number];
export type ParcelCarrierCode = ParcelCarrier['code'];

export const PARCEL_CARRIER_CODES = PARCEL_CARRIERS.map((carrier) => carrier.code) as [
  ParcelCarrierCode,
  ...ParcelCarrierCode[],
];

const byCode = new Map<string, ParcelCarrier>(PARCEL_CARRIERS.map((carrier) => [carrier.code, carrier]));

export function parcelCarrierByCode(code: string): ParcelCarrier | undefined {
  return byCode.get(code);
}

/** tracking_number_data courier code → our carrier. */
const CARRIER_BY_COURIER: Readonly<Record<string, ParcelCarrierCode>> = {
  amazon: 'amazon_shipping',
  canada_post: 'canadapost',
  canpar: 'canpar',
  dhl: 'dhl_express',
  dpd: 'dpd',
  fedex: 'fedex',
  gofo: 'gofo',
  landmark: 'landmark',
  lasership: 'lasership',
  old_dominion: 'old_dominion',
  ontrac: 'ontrac',
  purolator: 'purolator',
  s10: 'postal',
  speedee: 'speedee',
  ups: 'ups',
  usps: 'usps',
  yodel: 'yodel',
  yunexpress: 'yunexpress',
};

/** Formats of one courier that another of our carriers tracks (DHL's e-commerce arm). */
const CARRIER_BY_FORMAT: Readonly<Record<string, ParcelCarrierCode>> = {
  dhl_ecommerce: 'dhl_ecommerce',
  dhl_ecommerce_14: 'dhl_ecommerce',
};

/** An S10 item is tracked by the post that issued it, named by its last two letters. */
const CARRIER_BY_S10_COUNTRY: Readonly<Record<string, ParcelCarrierCode>> = {
  AU: 'australiapost',
  CA: 'canadapost',
  FR: 'laposte',
  GB: 'royalmail',
  US: 'usps',
};

/**
 * Our carrier for a recognised number: by format, then by courier; for S10 items by issuing country.
 * Undefined only for a courier code no mapping names (a test keeps every data courier mapped).
 */
export function parcelCarrierFor(
  courierCode: string,
  formatId: string,
  countryCode?: string,
): ParcelCarrierCode | undefined {
  if (courierCode === 's10' && countryCode && Object.hasOwn(CARRIER_BY_S10_COUNTRY, countryCode)) {
    return CARRIER_BY_S10_COUNTRY[countryCode];
  }
  if (Object.hasOwn(CARRIER_BY_FORMAT, formatId)) return CARRIER_BY_FORMAT[formatId];
  return Object.hasOwn(CARRIER_BY_COURIER, courierCode) ? CARRIER_BY_COURIER[courierCode] : undefined;
}
