import { useMutation, useQueryClient } from '@tanstack/react-query';
import { oceanShipmentDetailSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { apiRequest } from '../../../lib/api-client';
import { oceanShipmentQueryKey } from './get-ocean-shipment';
import { OCEAN_SHIPMENTS_PATH, OCEAN_SHIPMENTS_QUERY_KEY } from './list-ocean-shipments';

/** Sets a shipment's ETA by hand (ISO 8601), or (null) clears it (ADR 0049): the detail as it now is. */
export async function setManualEta(input: { shipmentId: string; eta: string | null }) {
  const envelope = await apiRequest<unknown>(
    `${OCEAN_SHIPMENTS_PATH}/${encodeURIComponent(input.shipmentId)}/eta`,
    { method: 'PUT', body: { eta: input.eta } },
  );
  return oceanShipmentDetailSchema.parse(envelope.result);
}

export function useSetManualEta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setManualEta,
    onSuccess: (detail) => {
      queryClient.setQueryData(oceanShipmentQueryKey(detail.containerNo, detail.mblNo), detail);
      // Lists show and sort by the ETA used.
      void queryClient.invalidateQueries({ queryKey: OCEAN_SHIPMENTS_QUERY_KEY });
    },
  });
}
