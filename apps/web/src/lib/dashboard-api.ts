import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';
import { useLiveSocketUp } from './live-pages-store';

/*
 * The modes' dashboards' answers (spec §3). They live here rather than in the dashboard feature because
 * the lists read them too: a list narrowed to an attention rule names it with the card's label.
 */

/** What this module reads of any mode's answer; the dashboard feature reads the rest. */
export interface DashboardBase {
  attentionVO: readonly { rule: string; label: string }[];
}

/** A mode's dashboard, as its definition knows it: its name on the wire and how its answer is checked. */
export interface DashboardSource<Dashboard extends DashboardBase = DashboardBase> {
  mode: string;
  parse(raw: unknown): Dashboard;
}

/** The dashboard looks again this often, and whenever the window regains focus. */
export const DASHBOARD_REFRESH_MS = 60_000;

const sources: DashboardSource[] = [];

/** Adds a mode's dashboard (the registry, once per mode); the returned function removes it. */
export function registerDashboardSource(source: DashboardSource): () => void {
  sources.push(source);
  return () => {
    const at = sources.indexOf(source);
    if (at >= 0) sources.splice(at, 1);
  };
}

function sourceOf(mode: string): DashboardSource {
  const source = sources.find((candidate) => candidate.mode === mode);
  if (!source) throw new Error(`No dashboard for the mode ${mode}`);
  return source;
}

export const dashboardQueryKey = (mode?: string) =>
  mode === undefined ? tenantQueryKey('dashboard') : tenantQueryKey('dashboard', mode);

/**
 * A mode's dashboard query. `Dashboard` is the answer its registered source parses to (the mode's
 * definition supplies both, so they agree).
 */
export const dashboardQueryOptions = <Dashboard extends DashboardBase = DashboardBase>(mode: string) =>
  queryOptions({
    queryKey: dashboardQueryKey(mode),
    queryFn: async ({ signal }) =>
      sourceOf(mode).parse(await api.get<unknown>(`/api/dashboard/${mode}`, { signal })) as Dashboard,
  });

/**
 * A mode's dashboard, kept fresh: by the socket's workspace messages while it is up, else every
 * minute; and on window focus.
 */
export function useDashboard<Dashboard extends DashboardBase = DashboardBase>(mode: string, enabled = true) {
  const socketUp = useLiveSocketUp();
  return useQuery({
    ...dashboardQueryOptions<Dashboard>(mode),
    enabled,
    refetchInterval: socketUp ? false : DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Several modes' dashboards at once, kept fresh as `useDashboard` keeps one (the home page's choice). */
export function useDashboards<Dashboard extends DashboardBase = DashboardBase>(
  modes: readonly string[],
  enabled = true,
) {
  const socketUp = useLiveSocketUp();
  return useQueries({
    queries: modes.map((mode) => ({
      ...dashboardQueryOptions<Dashboard>(mode),
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
export function useAttentionLabel(mode: string, rule: string | null): string | null {
  const dashboard = useQuery({ ...dashboardQueryOptions(mode), enabled: rule !== null });
  if (rule === null) return null;
  return dashboard.data?.attentionVO.find((card) => card.rule === rule)?.label ?? null;
}
