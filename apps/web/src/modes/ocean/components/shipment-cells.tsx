import type { OceanFreeTime, OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { billName } from '@tracklane/shared/tracking/ocean/ocean-bills';
import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { NoConnectionCell } from '../../../components/no-connection';
import { LightBadge } from '../../../components/light-badge';
import { StatusBadge } from '../../../components/status-badge';
import { TagBadges } from '../../../components/shipment-tags';
import { DayCell, IdentifierCell, MilestoneDay, MissingValue } from '../../../shipment-list/table-cells';
import { formatDay } from '../../../lib/dates';
import { formatMoneyCompact } from '../../../lib/money';
import { carrierLabel } from '../utils/carriers';
import { billListHref } from '../utils/detail-href';
import type { ColumnId } from '../utils/columns';
import { clocksSummary, daysLeftUrgency, formatMoney, nextFreeTimeText } from '../utils/free-time-text';
import { statusLook } from '../utils/status';
import { EtaSources } from './eta-sources';
import classes from './shipment-cells.module.css';

type Port = OceanShipment['pol'];

function PortName({ port }: { port: Port }) {
  if (!port) return <MissingValue />;
  return (
    <LazyTooltip label={`${port.name ?? port.locode} (${port.locode})`} openDelay={500}>
      <span className={classes.port}>{port.name ?? port.locode}</span>
    </LazyTooltip>
  );
}

/**
 * The last free day that matters now (a port's calendar day) above the clock it belongs to and the
 * days left: "28/11/2026 / Detention · 1 day left", a badge while it is about to end or over; both
 * clocks' days on hover.
 */
function FreeTimeCell({ freeTime }: { freeTime: OceanFreeTime }) {
  const { lastFreeDay, daysLeft } = freeTime;
  if (lastFreeDay === null || daysLeft === null) return <MissingValue />;
  const urgency = daysLeftUrgency(daysLeft);
  const day = formatDay(lastFreeDay);
  return (
    <LazyTooltip label={clocksSummary(freeTime)}>
      <span className={classes.freeTime}>
        {urgency === 'none' ? (
          <span className={classes.freeTimeDay}>{day}</span>
        ) : (
          <LightBadge color={urgency === 'over' ? 'red' : 'orange'} size="sm" className={classes.dateBadge}>
            {day}
          </LightBadge>
        )}
        {/* The days left first: in a narrow column the clock's name is what the ellipsis takes. */}
        <span className={classes.freeTimeClock}>{daysThenClock(freeTime)}</span>
      </span>
    </LazyTooltip>
  );
}

/** "1 day left · Detention": the free-time cell's second line. */
function daysThenClock(freeTime: OceanFreeTime): string {
  const [clock, days] = nextFreeTimeText(freeTime).split(' · ');
  return days ? `${days} · ${clock ?? ''}` : (clock ?? '');
}

/**
 * The bill of lading (or a booking's number, so marked); for a container found on a bill followed
 * alone, the number leads to the list narrowed to that bill: its group.
 */
function ReferenceCell({ shipment }: { shipment: OceanShipment }) {
  const booking = shipment.referenceKind === 'booking';
  const { bill } = shipment;
  const cell = (
    <IdentifierCell
      value={shipment.mblNo}
      what={booking ? 'booking number' : 'bill of lading number'}
      group={
        bill
          ? { href: billListHref(bill.billId), label: `Containers on ${billName(bill.kind, bill.reference)}` }
          : undefined
      }
    />
  );
  if (!booking) return cell;
  return (
    <span className={classes.reference}>
      <LazyTooltip label="Booking number">
        <span className={classes.referenceKind}>BKG</span>
      </LazyTooltip>
      <span className={classes.referenceValue}>{cell}</span>
    </span>
  );
}

interface CellContext {
  shipment: OceanShipment;
  timeZone: string;
  detailHref: string;
  /** Absent for a reader who may not change favourites. */
  onToggleFavorite?: () => void;
}

/** The content of one data cell of the ocean tracking table. */
export function ShipmentCell({ column, context }: { column: ColumnId; context: CellContext }) {
  const { shipment, timeZone } = context;
  switch (column) {
    case 'container':
      return (
        <IdentifierCell
          value={shipment.containerNo}
          what="container number"
          primary={{
            href: context.detailHref,
            favorite: shipment.favorite,
            onToggleFavorite: context.onToggleFavorite,
          }}
        />
      );
    case 'mbl':
      return <ReferenceCell shipment={shipment} />;
    case 'carrier':
      return (
        <LazyTooltip
          label={`${shipment.carrierName ?? shipment.carrierScac} · SCAC ${shipment.carrierScac}`}
          openDelay={500}
        >
          <span className={classes.cut}>{carrierLabel(shipment.carrierScac, shipment.carrierName)}</span>
        </LazyTooltip>
      );
    case 'status':
      return shipment.state === NO_SOURCE_STATE ? (
        <NoConnectionCell carrierName={carrierLabel(shipment.carrierScac, shipment.carrierName)} />
      ) : (
        <StatusBadge look={statusLook(shipment)} pending={shipment.state === 'pending'} />
      );
    case 'tags':
      return shipment.tags.length ? <TagBadges tags={shipment.tags} /> : <MissingValue />;
    case 'route':
      return (
        <span className={classes.route}>
          <PortName port={shipment.pol} />
          <span className={classes.arrow} aria-hidden>
            →
          </span>
          <span className={classes.visuallyHidden}> to </span>
          <PortName port={shipment.pod} />
        </span>
      );
    case 'vessel':
      return shipment.vesselName ? (
        <span className={classes.vessel} title={shipment.vesselName}>
          {shipment.vesselName}
        </span>
      ) : (
        <MissingValue />
      );
    case 'departure':
      return (
        <MilestoneDay
          actual={shipment.departureVO.atd}
          estimated={shipment.departureVO.etd}
          timeZone={timeZone}
        />
      );
    case 'arrival': {
      const day = (
        <MilestoneDay
          actual={shipment.arrivalVO.ata}
          estimated={shipment.arrivalVO.eta}
          timeZone={timeZone}
        />
      );
      return (
        <EtaSources estimates={shipment.arrivalEstimates} timeZone={timeZone}>
          {day}
        </EtaSources>
      );
    }
    case 'freeTime':
      return <FreeTimeCell freeTime={shipment.freeTime} />;
    case 'ddCost':
      return shipment.freeTime.cost > 0 ? (
        <LazyTooltip label={formatMoney(shipment.freeTime.cost, shipment.freeTime.currency)} openDelay={500}>
          <span className={classes.number}>
            {formatMoneyCompact(shipment.freeTime.cost, shipment.freeTime.currency)}
          </span>
        </LazyTooltip>
      ) : (
        <MissingValue />
      );
    case 'added':
      return <DayCell value={shipment.createdAt} timeZone={timeZone} />;
  }
}
