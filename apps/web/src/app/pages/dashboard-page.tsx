import type { QueryClient } from '@tanstack/react-query';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { dashboardQueryOptions } from '../../lib/dashboard-api';
import { modeOf } from '../../modes/registry';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** What the page's first render asks the server for (its route's loader). */
export const prefetchDashboardPage = (queryClient: QueryClient, { mode }: { mode: TrackingMode }) =>
  queryClient.ensureQueryData(dashboardQueryOptions(mode));

/** /dashboard/ocean and /dashboard/truck/express (spec §2, §3). */
export function DashboardPage({ mode }: { mode: TrackingMode }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const config = modeOf(mode)!.dashboard;
  if (!canView) return <NoShipmentAccess title={config.title} organizationName={organizationName} />;
  return <Dashboard key={mode} config={config} timeZone={timeZone} canCreate={canCreate} />;
}
