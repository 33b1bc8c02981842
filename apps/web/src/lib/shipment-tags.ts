import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setTagsResultSchema } from '@tracklane/shared/tags/tags.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { z } from 'zod';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';

/*
 * Shipment tags of either mode (issue 18): the workspace's tags in use, for suggestions, and setting
 * one shipment's tags. Every answer of the mode (lists, options, details) is refetched after a change.
 */

/** Every answer of a mode's shipments sits under this key (ocean-shipments, express-shipments). */
const modeKey = (mode: TrackingMode) => `${mode}-shipments`;

const tagsOnlySchema = z.object({ tags: z.array(z.string()) });

/** The tags the workspace's shipments of the mode carry (they come with the list's filter options). */
export const workspaceTagsQueryOptions = (mode: TrackingMode, enabled = true) =>
  queryOptions({
    queryKey: tenantQueryKey(modeKey(mode), 'tags'),
    queryFn: async ({ signal }) =>
      tagsOnlySchema.parse(await api.get<unknown>(`/api/shipments/${mode}/options`, { signal })).tags,
    enabled,
  });

export function useWorkspaceTags(mode: TrackingMode, enabled = true) {
  return useQuery(workspaceTagsQueryOptions(mode, enabled));
}

export async function setShipmentTags(mode: TrackingMode, shipmentId: string, tags: string[]) {
  return setTagsResultSchema.parse(
    await api.put<unknown>(`/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/tags`, { tags }),
  );
}

export function useSetShipmentTags(mode: TrackingMode, shipmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => setShipmentTags(mode, shipmentId, tags),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantQueryKey(modeKey(mode)) }),
  });
}
