import type {
  OceanListItem,
  OceanShipmentDetail,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { useFavoriteShipments, type FavoriteMode } from '../../../shipment-list/favorite-shipments';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { OCEAN_SHIPMENTS_PATH, oceanListQueryKey, type OceanListPage } from './list-ocean-shipments';

/** Ocean shipments as shipment-list/favorite-shipments stars them: by shipmentOverallId, for the caller alone. */
const OCEAN_FAVORITES: FavoriteMode<OceanListPage, OceanListItem, OceanShipmentDetail> = {
  path: `${OCEAN_SHIPMENTS_PATH}/favorite`,
  idsField: 'shipmentOverallIds',
  listKey: oceanListQueryKey(),
  detailKey: tenantQueryKey('ocean-shipments', 'detail'),
  rowsOf: (page) => page.items,
  withRows: (page, items) => ({ ...page, items }),
  idOf: (shipment) => shipment.shipmentOverallId,
};

/** Stars or unstars ocean shipments for the caller (`ids`: shipmentOverallIds). */
export function useFavoriteOceanShipments() {
  return useFavoriteShipments(OCEAN_FAVORITES);
}
