import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import type { ModeListPage } from '../../modes/mode-definition';
import { prefetchShipmentList, ShipmentListPage } from '../../shipment-list/shipment-list-page';
import { ShareDialog } from '../lazy-dialogs';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** What the page's first render asks the server for, with the address's filters (its route's loader). */
export const prefetchShipmentsPage = (
  queryClient: QueryClient,
  page: ModeListPage,
  { tab }: { tab: string },
  search: URLSearchParams,
) => prefetchShipmentList(queryClient, page.list, tab, search);

/**
 * A mode's shipment list, one tab of it (spec §2: /shipments/ocean/active, /archived,
 * /shipments/truck/express/active, /not-found, /archived), with the share dialog for its selection.
 */
export function ShipmentsPage({ page, tab }: { page: ModeListPage; tab: string }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  const [sharing, setSharing] = useState<unknown[] | null>(null);
  const { list } = page;
  if (!canView) return <NoShipmentAccess title={list.title[tab] ?? ''} organizationName={organizationName} />;
  return (
    <>
      {/* Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other. */}
      <ShipmentListPage
        key={`${list.mode}/${tab}`}
        list={list}
        tab={tab}
        timeZone={timeZone}
        canCreate={canCreate}
        // Sharing follows shipmentPermission, as `shipments:change` does on the server.
        onShare={canCreate ? setSharing : undefined}
      />
      {sharing && canCreate ? (
        <ShareDialog
          opened
          target={page.shareSet(sharing)}
          ownEmail={ownEmail}
          timeZone={timeZone}
          onClose={() => setSharing(null)}
        />
      ) : null}
    </>
  );
}
