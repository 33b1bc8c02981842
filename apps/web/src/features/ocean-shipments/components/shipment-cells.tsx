import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { LightBadge } from '../../../components/light-badge';
import { StatusBadge } from '../../../components/status-badge';
import { TagBadges } from '../../../components/shipment-tags';
import { DayCell, IdentifierCell, MilestoneDay, MissingValue } from '../../../components/table-cells';
import { formatDay } from '../../../lib/dates';
import { carrierLabel } from '../utils/carriers';
import type { ColumnId } from '../utils/columns';
import { clockDay, daysLeftUrgency, formatMoney, nextFreeTimeText } from '../utils/free-time-text';
import { statusLook } from '../utils/status';
import classes from './shipment-cells.module.css';

type Port = OceanShipment['pol'];

function PortName({ port }: { port: Port }) {
  if (!port) return <MissingValue />;
  return (
    <span
      className={classes.port}
      data-tooltip={`${port.name ?? port.locode} (${port.locode})`}
      data-tooltip-delay={500}
    >
      {port.name ?? port.locode}
    </span>
  );
}

/**
 * One clock's last free day (a port's calendar day): a badge while its free time is about to end or
 * over, plain otherwise; its state in words on hover and for assistive readers.
 */
function ClockDayCell({ day, urgency, note }: ReturnType<typeof clockDay>) {
  if (!day) return <MissingValue />;
  const content = (
    <>
      {formatDay(day)}
      <span className={classes.visuallyHidden}> ({note})</span>
    </>
  );
  if (urgency === 'none')
    return (
      <span className={classes.nowrap} data-tooltip={note} data-tooltip-delay={500}>
        {content}
      </span>
    );
  return (
    <LightBadge
      color={urgency === 'over' ? 'red' : 'orange'}
      size="sm"
      className={classes.dateBadge}
      tooltip={note}
    >
      {content}
    </LightBadge>
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
      return <IdentifierCell value={shipment.mblNo} what="bill of lading number" />;
    case 'carrier':
      return (
        <span
          className={classes.nowrap}
          data-tooltip={`${shipment.carrierName ?? shipment.carrierScac} · SCAC ${shipment.carrierScac}`}
          data-tooltip-delay={500}
        >
          {carrierLabel(shipment.carrierScac, shipment.carrierName)}
        </span>
      );
    case 'status':
      return <StatusBadge look={statusLook(shipment)} pending={shipment.state === 'pending'} />;
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
    case 'arrival':
      return (
        <MilestoneDay
          actual={shipment.arrivalVO.ata}
          estimated={shipment.arrivalVO.eta}
          timeZone={timeZone}
        />
      );
    case 'lastFreeDay':
      return <ClockDayCell {...clockDay(shipment.freeTime, 'demurrage')} />;
    case 'detentionLfd':
      return <ClockDayCell {...clockDay(shipment.freeTime, 'detention')} />;
    case 'freeDaysLeft': {
      const { daysLeft } = shipment.freeTime;
      if (daysLeft === null) return <MissingValue />;
      const urgency = daysLeftUrgency(daysLeft);
      const text = nextFreeTimeText(shipment.freeTime);
      if (urgency === 'none') return <span className={classes.nowrap}>{text}</span>;
      return (
        <LightBadge color={urgency === 'over' ? 'red' : 'orange'} size="sm" className={classes.dateBadge}>
          {text}
        </LightBadge>
      );
    }
    case 'ddCost':
      return shipment.freeTime.cost > 0 ? (
        <span className={classes.number}>
          {formatMoney(shipment.freeTime.cost, shipment.freeTime.currency)}
        </span>
      ) : (
        <MissingValue />
      );
    case 'added':
      return <DayCell value={shipment.createdAt} timeZone={timeZone} />;
  }
}
