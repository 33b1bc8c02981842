import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { StatusBadge } from '../../../components/status-badge';
import { DayCell, IdentifierCell, MilestoneDay, MissingValue } from '../../../components/table-cells';
import { formatDate } from '../../../lib/dates';
import { carrierLabel } from '../utils/carriers';
import type { ColumnId } from '../utils/columns';
import { lastFreeDayUrgency } from '../utils/shipment-dates';
import { statusLook } from '../utils/status';
import classes from './shipment-cells.module.css';

type Port = OceanShipment['pol'];

function PortName({ port }: { port: Port }) {
  if (!port) return <MissingValue />;
  return (
    <Tooltip label={`${port.name ?? port.locode} (${port.locode})`} openDelay={500}>
      <span className={classes.port}>{port.name ?? port.locode}</span>
    </Tooltip>
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
        <Tooltip
          label={`${shipment.carrierName ?? shipment.carrierScac} · SCAC ${shipment.carrierScac}`}
          openDelay={500}
        >
          <span className={classes.nowrap}>{carrierLabel(shipment.carrierScac, shipment.carrierName)}</span>
        </Tooltip>
      );
    case 'status':
      return <StatusBadge look={statusLook(shipment)} pending={shipment.state === 'pending'} />;
    case 'route':
      return (
        <span className={classes.route}>
          <PortName port={shipment.pol} />
          <span className={classes.arrow} aria-hidden>
            →
          </span>
          <VisuallyHidden> to </VisuallyHidden>
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
    case 'lastFreeDay': {
      const day = shipment.shipmentOverall.lastFreeDay?.time ?? null;
      const urgency = lastFreeDayUrgency(shipment);
      if (!day || urgency === 'none') return <DayCell value={day} timeZone={timeZone} />;
      return (
        <Tooltip label={urgency === 'passed' ? 'Passed: storage charges may apply' : 'Within 3 days'}>
          <Badge
            variant="light"
            color={urgency === 'passed' ? 'red' : 'orange'}
            radius="sm"
            size="sm"
            className={classes.dateBadge}
          >
            {formatDate(day, timeZone)}
          </Badge>
        </Tooltip>
      );
    }
    case 'added':
      return <DayCell value={shipment.createdAt} timeZone={timeZone} />;
  }
}
