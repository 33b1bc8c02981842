import { Link, useParams } from 'react-router';
import type { SharedDetailProps } from '../../../modes/mode-definition';

/** The test mode's detail page: its route's parameter, so a test sees the route reached it. */
export function AirDetailPage() {
  const { awb = '' } = useParams();
  return <h1 data-testid="air-detail">Air waybill {awb}</h1>;
}

export function NewAirPage() {
  return <h1 data-testid="air-new">New air shipment</h1>;
}

export function AirListPage({ tab }: { tab: string }) {
  return <h1 data-testid="air-list">Air waybills: {tab}</h1>;
}

/** An air waybill shared with the reader: where it leads back to, so a test sees the page handed it over. */
export function AirSharedDetail({ back }: SharedDetailProps) {
  return (
    <h1 data-testid="air-shared">
      Shared air waybill <Link to={back.href}>{back.label}</Link>
    </h1>
  );
}
