import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import { NotFound } from '../../components/not-found';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { SharedHistoryList } from '../../features/sharing/components/shared-history-list';
import { TrackingHistoryList } from '../../features/sharing/components/tracking-history-list';
import { isSiteType, modeOfSiteType } from '../../modes/registry';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

type HistoryView = 'tracking' | 'shared';

/**
 * /shipment-history/{ocean|ground}/tracking-history and …/shared-history (spec §2): what this
 * workspace ever tracked, and what others shared with me. Any other type is a wrong address.
 */
export function ShipmentHistoryPage({ view }: { view: HistoryView }) {
  const { type } = useParams();
  const navigate = useNavigate();
  const timeZone = useReaderTimeZone();
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const valid = isSiteType(type);
  const title = valid
    ? `${modeOfSiteType(type).label} ${view === 'tracking' ? 'tracking history' : 'shared history'}`
    : '';
  useDocumentTitle(valid ? `${title} · Tracklane` : 'Page not found · Tracklane');
  if (!valid) return <NotFound homeHref={paths.home} homeLabel="Back to dashboard" />;

  return (
    <>
      <PageHeader
        title={title}
        description={
          view === 'tracking'
            ? 'Every shipment this workspace has added, archived ones included, with who added it and when.'
            : 'Shipments other people shared with you, read-only with live tracking.'
        }
      />
      <Tabs
        value={view}
        onChange={(next) => {
          if (next === 'tracking') void navigate(paths.shipmentHistory.tracking(type));
          if (next === 'shared') void navigate(paths.shipmentHistory.shared(type));
        }}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="tracking">Tracking history</Tabs.Tab>
          <Tabs.Tab value="shared">Shared with me</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view === 'shared' ? (
        <SharedHistoryList key={type} type={type} timeZone={timeZone} />
      ) : canView ? (
        <TrackingHistoryList key={type} type={type} timeZone={timeZone} canChange={canCreate} />
      ) : (
        <NoShipmentAccess title="" organizationName={organizationName} />
      )}
    </>
  );
}
