import { useParams, useSearchParams } from 'react-router';
import { DETAIL_TABS, OceanShipmentDetail, type DetailTab } from './components/ocean-shipment-detail';
import { ShipmentComments } from '../../app/pages/shipment-comments';
import { ShipmentDocumentsTab } from '../../app/pages/shipment-documents-tab';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { useOceanShipment } from './api/get-ocean-shipment';
import { ShareButton } from '../../features/sharing/components/share-button';
import { oceanShareSet } from './share-set';
import { FreeTimeClocks } from './components/free-time-clocks';
import { useLinkedTimeZone, useShipmentAccess } from '../../app/pages/use-shipment-access';
import { TrackedElsewhere } from '../../components/tracked-elsewhere';
import { oceanDetailPath } from './paths';
import { useLocateOceanShipment } from './api/locate-ocean-shipment';
import { isNotFound } from '../../lib/api-client';
import { useOpenInWorkspace } from '../../features/workspaces/hooks/use-open-in-workspace';

const isDetailTab = (value: string | null): value is DetailTab =>
  value !== null && (DETAIL_TABS as readonly string[]).includes(value);

/**
 * /shipment/ocean/:containerNo/:mblNo?timeZone=…&tab=… (spec §2; `tab=comments` opens the comments,
 * `comment=` scrolls to one). Links from notifications carry the sender's zone; an unknown one falls
 * back to the reader's own. A tab this page does not have opens the milestones.
 */
export function OceanShipmentPage() {
  const { containerNo = '', mblNo = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const timeZone = useLinkedTimeZone();
  const { canCreate } = useShipmentAccess();
  // The detail's own query (one request): the share dialog names the shipment by its id.
  const query = useOceanShipment(containerNo, mblNo);
  const shipment = query.data;
  // Not tracked here: the user's other workspaces that track it offer the switch.
  const places = useLocateOceanShipment(containerNo, mblNo, isNotFound(query.error)).data ?? [];
  const openInWorkspace = useOpenInWorkspace();
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  const requestedTab = search.get('tab');
  const tab: DetailTab = isDetailTab(requestedTab) ? requestedTab : 'milestones';

  return (
    <OceanShipmentDetail
      key={`${containerNo}/${mblNo}`}
      containerNo={containerNo}
      mblNo={mblNo}
      timeZone={timeZone}
      canChange={canCreate}
      renderDocuments={(shipment) => (
        <ShipmentDocumentsTab
          mode="ocean"
          shipmentId={shipment.shipmentOverallId}
          canUpload={canCreate}
          timeZone={timeZone}
        />
      )}
      renderComments={(shipment) => (
        <ShipmentComments
          shipmentType="ocean"
          shipmentId={shipment.shipmentOverallId}
          shipmentLabel={shipment.containerNo}
          timeZone={timeZone}
        />
      )}
      extraActions={
        canCreate && shipment ? (
          <ShareButton ownEmail={ownEmail} timeZone={timeZone} target={oceanShareSet([shipment])} />
        ) : null
      }
      aside={(shipment) =>
        shipment.state === 'pending' ? null : (
          <FreeTimeClocks shipmentId={shipment.shipmentOverallId} canChange={canCreate} />
        )
      }
      elsewhere={
        <TrackedElsewhere
          places={places}
          onOpen={(place) =>
            void openInWorkspace({
              workspaceId: place.workspaceId,
              href: `${oceanDetailPath(containerNo, mblNo)}?timeZone=${encodeURIComponent(timeZone)}`,
              failureTitle: 'Could not open the shipment',
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
            // The comment a mention pointed at is highlighted once, not on every return to the tab.
            params.delete('comment');
            return params;
          },
          { replace: true },
        )
      }
    />
  );
}
