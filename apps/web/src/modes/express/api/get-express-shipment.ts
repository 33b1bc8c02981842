import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  expressShipmentDetailSchema,
  type ExpressShipmentDetail,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { EXPRESS_SHIPMENTS_PATH } from './list-express-shipments';
import { useFollowShipment, useLiveSocketUp } from '../../../lib/live-pages-store';

/** One parcel of this workspace with its events and estimate history; 404 when the workspace does not follow it. */
export async function getExpressShipment(
  expressOrderId: string,
  expressOrderNo: string,
  signal?: AbortSignal,
): Promise<ExpressShipmentDetail> {
  const path = `${EXPRESS_SHIPMENTS_PATH}/${encodeURIComponent(expressOrderId)}/${encodeURIComponent(expressOrderNo)}`;
  return expressShipmentDetailSchema.parse(await api.get<unknown>(path, { signal }));
}

export const expressShipmentDetailQueryKey = () => tenantQueryKey('express-shipments', 'detail');

export const expressShipmentQueryKey = (expressOrderId: string, expressOrderNo: string) =>
  tenantQueryKey('express-shipments', 'detail', expressOrderId, expressOrderNo.toUpperCase());

/** The first carrier check usually answers within seconds: look again this often until it has. */
const PENDING_DETAIL_POLL_MS = 3_000;

export const expressShipmentQueryOptions = (expressOrderId: string, expressOrderNo: string) =>
  queryOptions({
    queryKey: expressShipmentQueryKey(expressOrderId, expressOrderNo),
    queryFn: ({ signal }) => getExpressShipment(expressOrderId, expressOrderNo, signal),
  });

/** `enabled` false: the page brings the data itself (a shared parcel). */
export function useExpressShipment(expressOrderId: string, expressOrderNo: string, enabled = true) {
  const socketUp = useLiveSocketUp();
  const query = useQuery({
    ...expressShipmentQueryOptions(expressOrderId, expressOrderNo),
    enabled,
    // Only the first check is worth waiting for: after it, the next one is scheduled far ahead. While
    // the socket is up, it arrives as a message on the followed shipment.
    refetchInterval: (query) =>
      !socketUp && query.state.data?.state === 'pending' && !query.state.data.lastCheckedAt
        ? PENDING_DETAIL_POLL_MS
        : false,
  });
  useFollowShipment(enabled ? expressOrderId : null);
  return query;
}
