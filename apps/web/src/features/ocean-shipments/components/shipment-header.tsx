import { Anchor, Button, Group, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconArrowLeft } from '@tabler/icons-react';
import type { OceanShipmentDetail } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyIdentifier } from '../../../components/copy-identifier';
import { DemoBadge } from '../../../components/demo-badge';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { carrierLabel } from '../utils/carriers';
import { isDemo, OCEAN_DEMO_EXPLANATION, sourceLabel, statusLook } from '../utils/status';
import classes from './ocean-shipment-detail.module.css';

interface ShipmentHeaderProps {
  containerNo: string;
  mblNo: string;
  timeZone: string;
  /** Undefined while loading or when the shipment cannot be shown: the identifiers still are. */
  shipment: OceanShipmentDetail | undefined;
  /** The first answer is on its way: placeholders where its facts will be. */
  loading: boolean;
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

/** Who the shipment is (container, MBL, carrier), where it is, and the actions on it. */
export function ShipmentHeader(props: ShipmentHeaderProps) {
  const { containerNo, mblNo, timeZone, shipment } = props;
  useDocumentTitle(`${containerNo} · Ocean shipment · Tracklane`);
  const backHref = shipment?.archived ? paths.shipments.oceanArchived : paths.shipments.oceanActive;

  return (
    <header className={classes.header}>
      <Anchor component={Link} to={backHref} size="sm" c="dimmed" className={classes.back}>
        <IconArrowLeft size={14} /> {shipment?.archived ? 'Archived shipments' : 'Active shipments'}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div className={classes.identity}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} className={classes.title}>
              <span className={classes.titleLabel}>Container</span>{' '}
              <span className={classes.titleNumber}>{containerNo}</span>
            </Title>
            <CopyIdentifier value={containerNo} what="container number" size="sm" />
            {shipment ? (
              <StatusBadge look={statusLook(shipment)} pending={shipment.state === 'pending'} size="lg" />
            ) : null}
            {shipment && isDemo(shipment) ? <DemoBadge explanation={OCEAN_DEMO_EXPLANATION} /> : null}
          </Group>
          <Group gap={6} mt={4} wrap="wrap" className={classes.subline}>
            <Text span size="sm" c="dimmed">
              MBL
            </Text>
            <Text span size="sm" className={classes.mono} c="gray.8">
              {mblNo}
            </Text>
            <CopyIdentifier value={mblNo} what="bill of lading number" />
            {shipment ? (
              <>
                <span className={classes.dotSeparator} aria-hidden>
                  ·
                </span>
                <Tooltip
                  label={`${shipment.carrierName ?? shipment.carrierScac} · SCAC ${shipment.carrierScac}`}
                >
                  <Text span size="sm" c="gray.8">
                    {carrierLabel(shipment.carrierScac, shipment.carrierName)}{' '}
                    <span className={classes.monoSmall}>{shipment.carrierScac}</span>
                  </Text>
                </Tooltip>
              </>
            ) : null}
          </Group>
        </div>
        {shipment ? (
          <Group gap="xs">
            <FavoriteToggle
              favorite={shipment.favorite}
              name={containerNo}
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
        {shipment ? (
          <>
            <Fact label="Vessel / voyage">
              {shipment.vessel ? (
                <>
                  {shipment.vessel.name}
                  {shipment.vessel.voyage ? (
                    <span className={classes.monoSmall}> / {shipment.vessel.voyage}</span>
                  ) : null}
                  {shipment.vessel.imo ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      IMO {shipment.vessel.imo}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text span c="dimmed">
                  Not known yet
                </Text>
              )}
            </Fact>
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
          </>
        ) : props.loading ? (
          <>
            <Skeleton height={34} width={180} radius="sm" />
            <Skeleton height={34} width={180} radius="sm" />
          </>
        ) : null}
        <Fact label="Time zone">Times in {timeZone}</Fact>
      </div>
    </header>
  );
}
