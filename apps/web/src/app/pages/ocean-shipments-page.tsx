import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useState } from 'react';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import type { OceanListStatus } from '../../features/ocean-shipments/api/list-ocean-shipments';
import {
  OceanShipmentsList,
  prefetchOceanShipmentsList,
} from '../../features/ocean-shipments/components/ocean-shipments-list';
import { ShareDialog } from '../lazy-dialogs';
import { oceanShareSet } from '../../features/sharing/utils/share-set';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** What the page's first render asks the server for (router.tsx, `preloadFor`). */
export const prefetchOceanShipmentsPage = ({ status }: { status: OceanListStatus }) =>
  prefetchOceanShipmentsList(status);

/** /shipments/ocean/active and /shipments/ocean/archived (spec §2). */
export function OceanShipmentsPage({ status }: { status: OceanListStatus }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  const [sharing, setSharing] = useState<OceanShipment[] | null>(null);
  if (!canView) {
    return (
      <NoShipmentAccess
        title={status === 'active' ? 'Active ocean shipments' : 'Archived ocean shipments'}
        organizationName={organizationName}
      />
    );
  }
  return (
    <>
      {/* Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other. */}
      <OceanShipmentsList
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
          target={oceanShareSet(sharing)}
          ownEmail={ownEmail}
          timeZone={timeZone}
          onClose={() => setSharing(null)}
        />
      ) : null}
    </>
  );
}
