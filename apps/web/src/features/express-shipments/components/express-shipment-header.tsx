import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconArrowLeft } from '@tabler/icons-react';
import type { ExpressShipmentDetail } from '@tracklane/shared/express-shipments/express-shipments.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyIdentifier } from '../../../components/copy-identifier';
import { DemoBadge } from '../../../components/demo-badge';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { parcelCarrierLabel } from '../utils/carriers';
import { EXPRESS_DEMO_EXPLANATION, isDemo, parcelStatusLook, sourceLabel } from '../utils/parcel-status';
import classes from './express-shipment-detail.module.css';

interface ExpressShipmentHeaderProps {
  shipment: ExpressShipmentDetail;
  timeZone: string;
  /** shipmentPermission 0: the favourite and archive actions show. */
  canChange: boolean;
  onToggleFavorite: () => void;
  onToggleArchived: () => void;
  archiving: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" className={classes.factLabel}>
        {label}
      </Text>
      <div className={classes.factValue}>{children}</div>
    </div>
  );
}

/** Which parcel this is (number, carrier, service), whether it is demo data, and the actions on it. */
export function ExpressShipmentHeader(props: ExpressShipmentHeaderProps) {
  const { shipment, timeZone, canChange } = props;
  const number = shipment.expressOrderNo;
  useDocumentTitle(`${number} · Ground shipment · Tracklane`);
  const backHref = shipment.archived ? paths.shipments.groundArchived : paths.shipments.groundActive;

  return (
    <header className={classes.header}>
      <Anchor component={Link} to={backHref} size="sm" c="dimmed" className={classes.back}>
        <IconArrowLeft size={14} /> {shipment.archived ? 'Archived ground shipments' : 'Ground shipments'}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div className={classes.identity}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} className={classes.title}>
              <span className={classes.titleLabel}>Parcel</span>{' '}
              <span className={classes.titleNumber}>{number}</span>
            </Title>
            <CopyIdentifier value={number} what="tracking number" size="sm" />
            <StatusBadge look={parcelStatusLook(shipment)} pending={shipment.state === 'pending'} size="lg" />
            {isDemo(shipment) ? <DemoBadge explanation={EXPRESS_DEMO_EXPLANATION} /> : null}
          </Group>
          <Text size="sm" c="gray.8" mt={4} data-testid="carrier-service">
            {parcelCarrierLabel(shipment.carrier, shipment.carrierName)}
            {shipment.service ? (
              <Text span size="sm" c="dimmed">
                {' '}
                · {shipment.service}
              </Text>
            ) : null}
          </Text>
        </div>
        {canChange ? (
          <Group gap="xs">
            <FavoriteToggle
              favorite={shipment.favorite}
              name={number}
              onToggle={props.onToggleFavorite}
              size="lg"
            />
            <Button
              variant="default"
              leftSection={shipment.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
              onClick={props.onToggleArchived}
              loading={props.archiving}
            >
              {shipment.archived ? 'Unarchive' : 'Archive'}
            </Button>
          </Group>
        ) : null}
      </Group>

      <div className={classes.facts}>
        <Fact label="Last checked">
          {shipment.lastCheckedAt ? (
            <>
              {formatDateTime(shipment.lastCheckedAt, timeZone)}
              <Text span size="xs" c="dimmed">
                {' '}
                · {sourceLabel(shipment.source)}
              </Text>
            </>
          ) : (
            'Not yet'
          )}
        </Fact>
        <Fact label="Next check">
          {shipment.nextCheckAt ? formatDateTime(shipment.nextCheckAt, timeZone) : 'No further checks'}
        </Fact>
        <Fact label="Time zone">Times in {timeZone}</Fact>
      </div>
    </header>
  );
}
