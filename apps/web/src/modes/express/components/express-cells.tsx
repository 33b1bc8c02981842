import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import type { ParcelPlace } from '@tracklane/shared/tracking/express/parcel-event';
import type { ExpressShipment } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { DemoBadge } from '../../../components/demo-badge';
import { NoConnectionCell } from '../../../components/no-connection';
import { StatusBadge } from '../../../components/status-badge';
import { TagBadges } from '../../../components/shipment-tags';
import { DayCell, IdentifierCell, MissingValue } from '../../../shipment-list/table-cells';
import { parcelCarrierLabel } from '../utils/carriers';
import type { ExpressColumnId } from '../utils/columns';
import { placeLabel } from '../utils/parcel-place';
import { EXPRESS_DEMO_EXPLANATION, isDemo, parcelStatusLook, sourceLabel } from '../utils/parcel-status';
import classes from './express-cells.module.css';

function PlaceName({ place }: { place: ParcelPlace | null }) {
  const label = placeLabel(place);
  if (!label) return <MissingValue />;
  return (
    <span className={classes.place} title={label}>
      {label}
    </span>
  );
}

interface ExpressCellContext {
  shipment: ExpressShipment;
  timeZone: string;
  detailHref: string;
  /** Absent for a reader who may not change favourites. */
  onToggleFavorite?: () => void;
}

/** The content of one data cell of the express tracking table. */
export function ExpressCell({ column, context }: { column: ExpressColumnId; context: ExpressCellContext }) {
  const { shipment, timeZone } = context;
  switch (column) {
    case 'tracking':
      return (
        <IdentifierCell
          value={shipment.expressOrderNo}
          what="tracking number"
          primary={{
            href: context.detailHref,
            favorite: shipment.favorite,
            onToggleFavorite: context.onToggleFavorite,
          }}
        />
      );
    case 'carrier':
      return (
        <span className={classes.cut} title={parcelCarrierLabel(shipment.carrier, shipment.carrierName)}>
          {parcelCarrierLabel(shipment.carrier, shipment.carrierName)}
        </span>
      );
    case 'service':
      return shipment.service ? (
        <span className={classes.place} title={shipment.service}>
          {shipment.service}
        </span>
      ) : (
        <MissingValue />
      );
    case 'tags':
      return shipment.tags.length ? <TagBadges tags={shipment.tags} /> : <MissingValue />;
    case 'status': {
      if (shipment.state === NO_SOURCE_STATE)
        return <NoConnectionCell carrierName={parcelCarrierLabel(shipment.carrier, shipment.carrierName)} />;
      const badge = <StatusBadge look={parcelStatusLook(shipment)} pending={shipment.state === 'pending'} />;
      // The carrier's own words for the latest scan, for a closer look.
      return shipment.statusText ? (
        <LazyTooltip label={shipment.statusText} openDelay={500}>
          <span>{badge}</span>
        </LazyTooltip>
      ) : (
        badge
      );
    }
    case 'origin':
      return <PlaceName place={shipment.origin} />;
    case 'destination':
      return <PlaceName place={shipment.destination} />;
    case 'lastLocation':
      return <PlaceName place={shipment.lastLocation} />;
    case 'lastEvent':
      return <DayCell value={shipment.lastEventAt} timeZone={timeZone} />;
    case 'estimatedDelivery':
      return <DayCell value={shipment.estimatedDelivery} timeZone={timeZone} />;
    case 'delivered':
      return <DayCell value={shipment.deliveredAt} timeZone={timeZone} />;
    case 'added':
      return <DayCell value={shipment.createdAt} timeZone={timeZone} />;
    case 'source':
      return isDemo(shipment) ? (
        <DemoBadge size="xs" explanation={EXPRESS_DEMO_EXPLANATION} />
      ) : (
        <span className={classes.muted}>{sourceLabel(shipment.source)}</span>
      );
  }
}
