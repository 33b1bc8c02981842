import { NoShipmentAccess } from '../../components/no-shipment-access';
import { Dashboard, DashboardSkeleton } from '../../features/dashboard/components/dashboard';
import { Welcome } from '../../features/dashboard/components/welcome';
import { shipmentTotal, type AnyDashboard } from '../../features/dashboard/utils/modes';
import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { useDashboards } from '../../lib/dashboard-api';
import { MODE_LIST, modeOfSiteType } from '../../modes/registry';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/**
 * Home `/` (spec §1, §2): a workspace that follows no shipment of any mode gets the welcome; any
 * other sees the dashboard of the current site type, in place (no redirect). Every mode's dashboard answer
 * decides, and stay cached for the dashboard shown.
 */
export function HomePage() {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const { siteType } = useSiteType();
  const dashboards = useDashboards<AnyDashboard>(
    MODE_LIST.map((definition) => definition.mode),
    canView,
  );
  if (!canView) return <NoShipmentAccess title="Dashboard" organizationName={organizationName} />;
  // Neither the welcome nor a dashboard's title until every answer says which one this is.
  if (dashboards.some((dashboard) => dashboard.isPending)) return <DashboardSkeleton />;
  const totals = dashboards.map((dashboard) => (dashboard.data ? shipmentTotal(dashboard.data) : null));
  if (totals.every((total) => total === 0)) return <Welcome canCreate={canCreate} />;
  const { mode, dashboard } = modeOfSiteType(siteType);
  return <Dashboard key={mode} config={dashboard} timeZone={timeZone} canCreate={canCreate} />;
}
