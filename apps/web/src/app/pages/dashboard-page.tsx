import { NoShipmentAccess } from '../../components/no-shipment-access';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import { DASHBOARD_MODES } from '../../features/dashboard/utils/modes';
import type { DashboardMode } from '../../lib/dashboard-api';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** /dashboard/ocean and /dashboard/truck/express (spec §2, §3). */
export function DashboardPage({ mode }: { mode: DashboardMode }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView)
    return <NoShipmentAccess title={DASHBOARD_MODES[mode].title} organizationName={organizationName} />;
  return <Dashboard key={mode} mode={mode} timeZone={timeZone} canCreate={canCreate} />;
}
