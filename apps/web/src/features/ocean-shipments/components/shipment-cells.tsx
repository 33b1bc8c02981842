import { Anchor, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { Link } from 'react-router';
import { CopyIdentifier } from '../../../components/copy-identifier';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { StatusBadge } from '../../../components/status-badge';
import { EMPTY_DATE, formatDate } from '../../../lib/dates';
import { carrierLabel } from '../utils/carriers';
import type { ColumnId } from '../utils/columns';
import { lastFreeDayUrgency } from '../utils/shipment-dates';
import { statusLook } from '../utils/status';
import classes from './shipments-table.module.css';

type Port = OceanShipment['pol'];

/**
 * A list date as spec §3 writes it: the actual day, then "EST: " and the estimated day; the estimate
 * alone; or a dash. Actuals are set solid, estimates lighter, so the eye finds what has happened.
 */
export function MilestoneDay({
  actual,
  estimated,
  timeZone,
}: {
  actual: string | null;
  estimated: string | null;
  timeZone: string;
}) {
  if (!actual && !estimated) return <span className={classes.missing}>{EMPTY_DATE}</span>;
  return (
    <span className={actual && estimated ? classes.dateStack : classes.date}>
      {actual ? <span className={classes.actual}>{formatDate(actual, timeZone)}</span> : null}
      {actual && estimated ? ' ' : null}
      {estimated ? (
        <span className={actual ? classes.estimateAfterActual : classes.estimate}>
          EST: {formatDate(estimated, timeZone)}
        </span>
      ) : null}
    </span>
  );
}

function PortName({ port }: { port: Port }) {
  if (!port) return <span className={classes.missing}>-</span>;
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
  onToggleFavorite: () => void;
}

/** The content of one data cell of the tracking table. */
export function ShipmentCell({ column, context }: { column: ColumnId; context: CellContext }) {
  const { shipment, timeZone } = context;
  switch (column) {
    case 'container':
      return (
        <Group gap={4} wrap="nowrap">
          <FavoriteToggle
            favorite={shipment.favorite}
            name={shipment.containerNo}
            onToggle={context.onToggleFavorite}
            size="sm"
          />
          <Anchor
            component={Link}
            to={context.detailHref}
            className={classes.identifier}
            underline="hover"
            tabIndex={-1}
            onClick={(event) => event.stopPropagation()}
          >
            {shipment.containerNo}
          </Anchor>
          <span className={classes.hoverOnly}>
            <CopyIdentifier value={shipment.containerNo} what="container number" />
          </span>
        </Group>
      );
    case 'mbl':
      return (
        <Group gap={4} wrap="nowrap">
          <Text span className={classes.identifierMuted}>
            {shipment.mblNo}
          </Text>
          <span className={classes.hoverOnly}>
            <CopyIdentifier value={shipment.mblNo} what="bill of lading number" />
          </span>
        </Group>
      );
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
        <span className={classes.missing}>-</span>
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
      const day = shipment.shipmentOverall.lastFreeDay?.time;
      if (!day) return <span className={classes.missing}>-</span>;
      const urgency = lastFreeDayUrgency(shipment);
      return urgency === 'none' ? (
        <span className={classes.date}>{formatDate(day, timeZone)}</span>
      ) : (
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
      return <span className={classes.date}>{formatDate(shipment.createdAt, timeZone)}</span>;
  }
}
