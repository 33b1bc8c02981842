import { useParams, useSearchParams } from 'react-router';
import {
  EXPRESS_DETAIL_TABS,
  ExpressShipmentDetail,
  type ExpressDetailTab,
} from './components/express-shipment-detail';
import { ShipmentComments } from '../../app/pages/shipment-comments';
import { ShipmentDocumentsTab } from '../../app/pages/shipment-documents-tab';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { useExpressShipment } from './api/get-express-shipment';
import { ShareButton } from '../../features/sharing/components/share-button';
import { expressShareSet } from './share-set';
import { useLinkedTimeZone, useShipmentAccess } from '../../app/pages/use-shipment-access';
import { TrackedElsewhere } from '../../components/tracked-elsewhere';
import { expressDetailPath } from './paths';
import { useLocateExpressShipment } from './api/locate-express-shipment';
import { isNotFound } from '../../lib/api-client';
import { useOpenInWorkspace } from '../../features/workspaces/hooks/use-open-in-workspace';

const isDetailTab = (value: string | null): value is ExpressDetailTab =>
  value !== null && (EXPRESS_DETAIL_TABS as readonly string[]).includes(value);

/**
 * /shipment/truck/express/:expressOrderId/:expressOrderNo (spec §2); `?tab=comments` opens the
 * comments, `comment=` scrolls to one.
 */
export function ExpressShipmentPage() {
  const { expressOrderId = '', expressOrderNo = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const timeZone = useLinkedTimeZone();
  const { canCreate } = useShipmentAccess();
  const requestedTab = search.get('tab');
  const tab: ExpressDetailTab = isDetailTab(requestedTab) ? requestedTab : 'tracking';
  // The detail's own query (one request): the share dialog names the parcel by id and number.
  const query = useExpressShipment(expressOrderId, expressOrderNo);
  const shipment = query.data;
  // Not tracked here: the user's other workspaces that track the number offer the switch.
  const places = useLocateExpressShipment(expressOrderNo, isNotFound(query.error, [404, 400])).data ?? [];
  const openInWorkspace = useOpenInWorkspace();
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  return (
    <ExpressShipmentDetail
      key={`${expressOrderId}/${expressOrderNo}`}
      expressOrderId={expressOrderId}
      expressOrderNo={expressOrderNo}
      timeZone={timeZone}
      canChange={canCreate}
      elsewhere={
        <TrackedElsewhere
          places={places}
          onOpen={(place) =>
            void openInWorkspace({
              workspaceId: place.workspaceId,
              href: expressDetailPath(place.shipmentId, expressOrderNo),
              failureTitle: 'Could not open the parcel',
            })
          }
        />
      }
      tab={tab}
      onTabChange={(next) =>
        setSearch(
          (current) => {
            const params = new URLSearchParams(current);
            params.set('tab', next);
            params.delete('comment');
            return params;
          },
          { replace: true },
        )
      }
      renderDocuments={(shipment) => (
        <ShipmentDocumentsTab
          mode="express"
          shipmentId={shipment.expressOrderId}
          canUpload={canCreate}
          timeZone={timeZone}
        />
      )}
      renderComments={(shipment) => (
        <ShipmentComments
          shipmentType="express"
          shipmentId={shipment.expressOrderId}
          shipmentLabel={shipment.expressOrderNo}
          timeZone={timeZone}
        />
      )}
      extraActions={
        canCreate && shipment ? (
          <ShareButton ownEmail={ownEmail} timeZone={timeZone} target={expressShareSet([shipment])} />
        ) : null
      }
    />
  );
}
