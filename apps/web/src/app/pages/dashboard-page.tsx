import { NoShipmentAccess } from '../../components/no-shipment-access';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import { DASHBOARD_MODES } from '../../features/dashboard/utils/modes';
import { dashboardQueryOptions, type DashboardMode } from '../../lib/dashboard-api';
import { queryClient } from '../../lib/query-client';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** What the page's first render asks the server for (router.tsx, `preloadFor`). */
export const prefetchDashboardPage = ({ mode }: { mode: DashboardMode }) =>
  queryClient.prefetchQuery(dashboardQueryOptions(mode));

/** /dashboard/ocean and /dashboard/truck/express (spec §2, §3). */
export function DashboardPage({ mode }: { mode: DashboardMode }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView)
    return <NoShipmentAccess title={DASHBOARD_MODES[mode].title} organizationName={organizationName} />;
  return <Dashboard key={mode} mode={mode} timeZone={timeZone} canCreate={canCreate} />;
}
