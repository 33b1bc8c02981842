import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { prefetchShipmentsPage, ShipmentsPage } from '../../../app/pages/shipments-page';
import type { SharedDetailProps } from '../../../modes/mode-definition';
import { AIR_LIST_PAGE } from './list';

/** The test mode's detail page: its route's parameter, so a test sees the route reached it. */
export function AirDetailPage() {
  const { awb = '' } = useParams();
  return <h1 data-testid="air-detail">Air waybill {awb}</h1>;
}

export function NewAirPage() {
  return <h1 data-testid="air-new">New air shipment</h1>;
}

/** Its list: the one list page over its list definition, as the product modes' entries are. */
export function AirListPage({ tab }: { tab: string }) {
  return <ShipmentsPage page={AIR_LIST_PAGE} tab={tab} />;
}

export const prefetchAirListPage = (
  queryClient: QueryClient,
  props: { tab: string },
  search: URLSearchParams,
) => prefetchShipmentsPage(queryClient, AIR_LIST_PAGE, props, search);

/** An air waybill shared with the reader: where it leads back to, so a test sees the page handed it over. */
export function AirSharedDetail({ back }: SharedDetailProps) {
  return (
    <h1 data-testid="air-shared">
      Shared air waybill <Link to={back.href}>{back.label}</Link>
    </h1>
  );
}
