import type {
  ExpressListItem,
  ExpressListResult,
  ExpressShipmentDetail,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { useFavoriteShipments, type FavoriteMode } from '../../../shipment-list/favorite-shipments';
import { expressShipmentDetailQueryKey } from './get-express-shipment';
import { EXPRESS_SHIPMENTS_PATH, expressListQueryKey } from './list-express-shipments';

/** Parcels as shipment-list/favorite-shipments stars them: by expressOrderId, for the caller alone. */
const EXPRESS_FAVORITES: FavoriteMode<ExpressListResult, ExpressListItem, ExpressShipmentDetail> = {
  path: `${EXPRESS_SHIPMENTS_PATH}/favorite`,
  idsField: 'expressOrderIds',
  listKey: expressListQueryKey(),
  detailKey: expressShipmentDetailQueryKey(),
  rowsOf: (page) => page.expressTrackingDocumentList,
  withRows: (page, expressTrackingDocumentList) => ({ ...page, expressTrackingDocumentList }),
  idOf: (shipment) => shipment.expressOrderId,
};

/** Stars or unstars parcels for the caller (`ids`: expressOrderIds). */
export function useFavoriteExpressShipments() {
  return useFavoriteShipments(EXPRESS_FAVORITES);
}
