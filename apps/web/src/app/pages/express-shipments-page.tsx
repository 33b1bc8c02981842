import type {
  ExpressListTab,
  ExpressShipment,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { useState } from 'react';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import {
  EXPRESS_LIST_TITLE,
  ExpressShipmentsList,
  prefetchExpressShipmentsList,
} from '../../features/express-shipments/components/express-shipments-list';
import { ShareDialog } from '../lazy-dialogs';
import { expressShareSet } from '../../features/sharing/utils/share-set';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** What the page's first render asks the server for (router.tsx, `preloadFor`). */
export const prefetchExpressShipmentsPage = ({ status }: { status: ExpressListTab }) =>
  prefetchExpressShipmentsList(status);

/** /shipments/truck/express/active, /not-found and /archived (spec §2). */
export function ExpressShipmentsPage({ status }: { status: ExpressListTab }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  const [sharing, setSharing] = useState<ExpressShipment[] | null>(null);
  if (!canView)
    return <NoShipmentAccess title={EXPRESS_LIST_TITLE[status]} organizationName={organizationName} />;
  return (
    <>
      {/* Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other. */}
      <ExpressShipmentsList
        key={status}
        status={status}
        timeZone={timeZone}
        canCreate={canCreate}
        // Sharing follows shipmentPermission, as `shipments:change` does on the server.
        onShare={canCreate ? setSharing : undefined}
      />
      {sharing && canCreate ? (
        <ShareDialog
          opened
          target={expressShareSet(sharing)}
          ownEmail={ownEmail}
          timeZone={timeZone}
          onClose={() => setSharing(null)}
        />
      ) : null}
    </>
  );
}
