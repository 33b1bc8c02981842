import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  oceanShipmentDetailSchema,
  type OceanShipmentDetail,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { OCEAN_SHIPMENTS_PATH } from './list-ocean-shipments';
import { useFollowShipment, useLiveSocketUp } from '../../../lib/live-pages-store';

/** One shipment of this workspace with its events and ETA history; 404 when the workspace does not follow it. */
export async function getOceanShipment(
  containerNo: string,
  mblNo: string,
  signal?: AbortSignal,
): Promise<OceanShipmentDetail> {
  const path = `${OCEAN_SHIPMENTS_PATH}/${encodeURIComponent(containerNo)}/${encodeURIComponent(mblNo)}`;
  return oceanShipmentDetailSchema.parse(await api.get<unknown>(path, { signal }));
}

export const oceanShipmentQueryKey = (containerNo: string, mblNo: string) =>
  tenantQueryKey('ocean-shipments', 'detail', containerNo.toUpperCase(), mblNo.toUpperCase());

/** The first carrier check usually answers within seconds: look again this often until it has. */
export const PENDING_DETAIL_POLL_MS = 3_000;

export const oceanShipmentQueryOptions = (containerNo: string, mblNo: string) =>
  queryOptions({
    queryKey: oceanShipmentQueryKey(containerNo, mblNo),
    queryFn: ({ signal }) => getOceanShipment(containerNo, mblNo, signal),
  });

/** `enabled` false: the page brings the data itself (a shared shipment). */
export function useOceanShipment(containerNo: string, mblNo: string, enabled = true) {
  const socketUp = useLiveSocketUp();
  const query = useQuery({
    ...oceanShipmentQueryOptions(containerNo, mblNo),
    enabled,
    // While the socket is up, the first answer arrives as a message on the followed shipment.
    refetchInterval: (query) =>
      !socketUp && query.state.data?.state === 'pending' ? PENDING_DETAIL_POLL_MS : false,
  });
  useFollowShipment(enabled ? query.data?.shipmentOverallId : null);
  return query;
}
