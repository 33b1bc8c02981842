import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconCheck,
  IconCopy,
  IconFlask,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import type { ExpressShipmentDetail } from '@tracklane/shared/express-shipments/express-shipments.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { parcelCarrierLabel } from '../utils/carriers';
import { isDemo, sourceLabel } from '../utils/parcel-status';
import classes from './express-shipment-detail.module.css';
import { ParcelStatusBadge } from './parcel-status-badge';

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

function CopyNumber({ value }: { value: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy tracking number'} openDelay={copied ? 0 : 300}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            aria-label={`Copy tracking number ${value}`}
            onClick={copy}
          >
            {copied ? <IconCheck size={14} stroke={2} /> : <IconCopy size={14} stroke={1.75} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function DemoBadge() {
  return (
    <Tooltip
      label="These scans come from Tracklane's demo parcel carrier: realistic journeys, not real parcels."
      multiline
      w={260}
    >
      <Badge
        size="sm"
        color="grape"
        variant="light"
        radius="sm"
        leftSection={<IconFlask size={12} stroke={2} />}
        className={classes.plainBadge}
        data-testid="demo-badge"
      >
        Demo data
      </Badge>
    </Tooltip>
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
            <CopyNumber value={number} />
            <ParcelStatusBadge shipment={shipment} size="lg" />
            {isDemo(shipment) ? <DemoBadge /> : null}
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
            <Tooltip label={shipment.favorite ? 'Favourite' : 'Add to favourites'}>
              <ActionIcon
                variant="subtle"
                color={shipment.favorite ? 'yellow' : 'gray'}
                size="lg"
                aria-label={
                  shipment.favorite ? `Remove ${number} from favourites` : `Add ${number} to favourites`
                }
                aria-pressed={shipment.favorite}
                onClick={props.onToggleFavorite}
              >
                {shipment.favorite ? (
                  <IconStarFilled size={16} style={{ color: 'var(--mantine-color-yellow-6)' }} />
                ) : (
                  <IconStar size={16} stroke={1.75} />
                )}
              </ActionIcon>
            </Tooltip>
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
