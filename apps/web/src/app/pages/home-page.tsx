import { NoShipmentAccess } from '../../components/no-shipment-access';
import { Dashboard, DashboardSkeleton } from '../../features/dashboard/components/dashboard';
import { Welcome } from '../../features/dashboard/components/welcome';
import { shipmentTotal } from '../../features/dashboard/utils/modes';
import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { useDashboard } from '../../lib/dashboard-api';
import { modeOfSiteType } from '../../modes/registry';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/**
 * Home `/` (spec §1, §2): a workspace that follows no shipment of either mode gets the welcome; any
 * other sees the dashboard of the current site type, in place (no redirect). Both dashboards' answers
 * decide, and stay cached for the dashboard shown.
 */
export function HomePage() {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const { siteType } = useSiteType();
  const ocean = useDashboard('ocean', canView);
  const express = useDashboard('express', canView);
  if (!canView) return <NoShipmentAccess title="Dashboard" organizationName={organizationName} />;
  // Neither the welcome nor a dashboard's title until both answers say which one this is.
  if (ocean.isPending || express.isPending) return <DashboardSkeleton />;
  if (ocean.data && express.data && shipmentTotal(ocean.data) + shipmentTotal(express.data) === 0) {
    return <Welcome canCreate={canCreate} />;
  }
  const { mode, dashboard } = modeOfSiteType(siteType);
  return <Dashboard key={mode} config={dashboard} timeZone={timeZone} canCreate={canCreate} />;
}
