import { useParams, useSearchParams } from 'react-router';
import {
  DETAIL_TABS,
  OceanShipmentDetail,
  type DetailTab,
} from '../../features/ocean-shipments/components/ocean-shipment-detail';
import { useLinkedTimeZone, useShipmentAccess } from './use-shipment-access';

const isDetailTab = (value: string | null): value is DetailTab =>
  value !== null && (DETAIL_TABS as readonly string[]).includes(value);

/**
 * /shipment/ocean/:containerNo/:mblNo?timeZone=…&tab=… (spec §2). Links from notifications carry the
 * sender's zone; an unknown one falls back to the reader's own. A tab this page does not have (such as
 * comments, which come with notifications) opens the milestones.
 */
export function OceanShipmentPage() {
  const { containerNo = '', mblNo = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const timeZone = useLinkedTimeZone();
  const { canCreate } = useShipmentAccess();
  const requestedTab = search.get('tab');
  const tab: DetailTab = isDetailTab(requestedTab) ? requestedTab : 'milestones';

  return (
    <OceanShipmentDetail
      key={`${containerNo}/${mblNo}`}
      containerNo={containerNo}
      mblNo={mblNo}
      timeZone={timeZone}
      canChange={canCreate}
      tab={tab}
      onTabChange={(next) =>
        setSearch(
          (current) => {
            const params = new URLSearchParams(current);
            params.set('tab', next);
            return params;
          },
          { replace: true },
        )
      }
    />
  );
}
