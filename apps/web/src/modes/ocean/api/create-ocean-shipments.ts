import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  oceanIntakeOutcomeSchema,
  type OceanIntakeItem,
  type OceanIntakeOutcome,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { trackUsage } from '../../../lib/track-usage';
import { OCEAN_SHIPMENTS_PATH, OCEAN_SHIPMENTS_QUERY_KEY } from './list-ocean-shipments';

/** Adds up to 500 shipments; the answer says, row by row, created, already tracked or refused and why. */
export async function createOceanShipments(items: OceanIntakeItem[]): Promise<OceanIntakeOutcome[]> {
  return z.array(oceanIntakeOutcomeSchema).parse(await api.post<unknown>(OCEAN_SHIPMENTS_PATH, { items }));
}

export function useCreateOceanShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOceanShipments,
    // New rows, new counts, perhaps new ports to filter by.
    onSuccess: (outcomes) => {
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      if (created > 0) trackUsage('shipments_created', { mode: 'ocean', count: created });
      return queryClient.invalidateQueries({ queryKey: OCEAN_SHIPMENTS_QUERY_KEY });
    },
  });
}
