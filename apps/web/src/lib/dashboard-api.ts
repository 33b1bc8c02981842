import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  expressDashboardSchema,
  oceanDashboardSchema,
  type ExpressDashboard,
  type OceanDashboard,
} from '@tracklane/shared/dashboard/dashboard.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';
import { useLiveSocketUp } from './live-pages-store';

/*
 * The two dashboards' answers (spec §3). They live here rather than in the dashboard feature because
 * the lists read them too: a list narrowed to an attention rule names it with the card's label.
 */

interface Dashboards {
  ocean: OceanDashboard;
  express: ExpressDashboard;
}
export type DashboardOf<Mode extends TrackingMode> = Dashboards[Mode];

/** The dashboard looks again this often, and whenever the window regains focus. */
export const DASHBOARD_REFRESH_MS = 60_000;

const schemas = {
  ocean: oceanDashboardSchema,
  express: expressDashboardSchema,
} as const satisfies Record<TrackingMode, unknown>;

export const dashboardQueryKey = (mode?: TrackingMode) =>
  mode === undefined ? tenantQueryKey('dashboard') : tenantQueryKey('dashboard', mode);

export const dashboardQueryOptions = <Mode extends TrackingMode>(mode: Mode) =>
  queryOptions({
    queryKey: dashboardQueryKey(mode),
    queryFn: async ({ signal }) =>
      schemas[mode].parse(await api.get<unknown>(`/api/dashboard/${mode}`, { signal })) as DashboardOf<Mode>,
  });

/**
 * A mode's dashboard, kept fresh: by the socket's workspace messages while it is up, else every
 * minute; and on window focus.
 */
export function useDashboard<Mode extends TrackingMode>(mode: Mode, enabled = true) {
  const socketUp = useLiveSocketUp();
  return useQuery({
    ...dashboardQueryOptions(mode),
    enabled,
    refetchInterval: socketUp ? false : DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Several modes' dashboards at once, kept fresh as `useDashboard` keeps one (the home page's choice). */
export function useDashboards(modes: readonly TrackingMode[], enabled = true) {
  const socketUp = useLiveSocketUp();
  return useQueries({
    queries: modes.map((mode) => ({
      ...dashboardQueryOptions(mode),
      enabled,
      refetchInterval: socketUp ? false : DASHBOARD_REFRESH_MS,
      refetchOnWindowFocus: true,
    })),
  });
}

/**
 * The label of the attention card a list is narrowed to ("Last free day within 3 days"), from the
 * dashboard's answer (usually cached: the user came from its card). Null while unknown.
 */
export function useAttentionLabel(mode: TrackingMode, rule: string | null): string | null {
  const dashboard = useQuery({ ...dashboardQueryOptions(mode), enabled: rule !== null });
  if (rule === null) return null;
  return dashboard.data?.attentionVO.find((card) => card.rule === rule)?.label ?? null;
}
