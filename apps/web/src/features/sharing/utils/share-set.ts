import type { CreateSharesRequest } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';

/** One shipment a dialog shares: its id (links, sent shares) and the number it is shown by. */
export interface ShareShipment {
  shipmentId: string;
  number: string;
}

/**
 * The shipments a dialog shares: one (its detail page) or many (a list's selection), of one mode. Each
 * mode builds its own (src/modes/<mode>/share-set.ts): how the API names its shipments when they are
 * shared with people (spec §3 Shared/invited shipment selection) is the mode's to say.
 */
export interface ShareSet {
  mode: TrackingMode;
  shipments: ShareShipment[];
  /** The request that shares the set with these addresses. */
  request: (emails: string[]) => CreateSharesRequest;
}
