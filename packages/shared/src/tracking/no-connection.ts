/**
 * A shipment with no data source (ADR 0035): its carrier has no connection in the organization, no
 * operator-wide one, and the organization gets no demo data. Nobody is asked about it, which is not
 * the same as a carrier that does not know it (`not_found`) or a first answer awaited (`pending`).
 */
export const NO_SOURCE_STATE = 'no_source';

/** What users read about such a shipment, before what they can do about it. */
export const noConnectionText = (carrierName: string) => `No connection for ${carrierName}`;

/** What a company admin can do (a link to the carrier connections page), and what others can. */
export const NO_CONNECTION_ACTION = {
  admin: 'connect one',
  member: 'ask a company admin to connect one',
} as const;

/** The tracking states shipments carry in API payloads, for people. */
export const TRACKING_STATE_DESCRIPTION =
  'Tracking state: `pending` (its first answer is awaited), `active`, `not_found` (the carrier does not know it; still asked daily), `completed` (the journey is over), or `no_source` (no data source for its carrier: no connection in the organization, no operator-wide one, no demo data; nobody is asked until a connection is added).';
