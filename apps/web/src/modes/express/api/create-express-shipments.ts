import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  expressIntakeOutcomeSchema,
  type ExpressIntakeItem,
  type ExpressIntakeOutcome,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { trackUsage } from '../../../lib/track-usage';
import { EXPRESS_SHIPMENTS_PATH, EXPRESS_SHIPMENTS_QUERY_KEY } from './list-express-shipments';

/** Adds up to 500 parcels; the answer says, item by item, created, already tracked or refused and why. */
export async function createExpressShipments(items: ExpressIntakeItem[]): Promise<ExpressIntakeOutcome[]> {
  return z
    .array(expressIntakeOutcomeSchema)
    .parse(await api.post<unknown>(EXPRESS_SHIPMENTS_PATH, { items }));
}

export function useCreateExpressShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpressShipments,
    // New rows, new counts, perhaps a new carrier to filter by.
    onSuccess: (outcomes) => {
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      if (created > 0) trackUsage('shipments_created', { mode: 'express', count: created });
      return queryClient.invalidateQueries({ queryKey: EXPRESS_SHIPMENTS_QUERY_KEY });
    },
  });
}
