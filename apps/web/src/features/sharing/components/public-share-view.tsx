import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PARTY_LABELS } from '@tracklane/shared/references/references.schema';
import { useDocumentTitle } from '@mantine/hooks';
import type { PublicShare, PublicShipment } from '@tracklane/shared/sharing/sharing.schema';
import { Logo } from '../../../components/logo';
import { ShipmentMap } from '../../../components/shipment-map';
import { formatDateTime } from '../../../lib/dates';
import type { ReactNode } from 'react';
import type { ModeDefinition } from '../../../modes/mode-definition';
import { modeOf } from '../../../modes/registry';
import { statusText } from '../utils/labels';
import classes from './public-share-view.module.css';

/** An estimate reads "EST: …", an actual plainly; nothing known is a dash. */
function when(time: string | null, actual: boolean, timeZone: string) {
  if (!time) return '-';
  return actual ? formatDateTime(time, timeZone) : `EST: ${formatDateTime(time, timeZone)}`;
}

/**
 * The references and custom field values the sharer chose to show (the answer carries them only
 * then); nothing when there are none.
 */
function SharedDetails({ shipment }: { shipment: PublicShipment }) {
  const r = shipment.references;
  const rows: { label: string; value: ReactNode }[] = [];
  if (r?.bookingNumber) rows.push({ label: 'Booking', value: r.bookingNumber });
  if (r?.customerReference) rows.push({ label: 'Customer reference', value: r.customerReference });
  if (r?.poNumbers.length) rows.push({ label: 'PO numbers', value: r.poNumbers.join(', ') });
  for (const party of r?.parties ?? []) rows.push({ label: PARTY_LABELS[party.role], value: party.name });
  for (const field of shipment.customFields ?? []) {
    const text = Array.isArray(field.value) ? field.value.join(', ') : String(field.value);
    rows.push({
      label: field.name,
      value:
        field.type === 'link' ? (
          <Anchor href={text} target="_blank" rel="noopener noreferrer nofollow" className={classes.value}>
            {text}
          </Anchor>
        ) : (
          text
        ),
    });
  }
  if (!rows.length) return null;
  return (
    <dl className={classes.details} aria-label="References and custom fields" data-testid="public-details">
      {rows.map((row, i) => (
        <div key={`${row.label}-${String(i)}`} className={classes.detail}>
          <Text component="dt" size="xs" c="dimmed">
            {row.label}
          </Text>
          <Text component="dd" size="sm" fw={500} className={classes.value}>
            {row.value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

function ShipmentCard({
  shipment,
  index,
  timeZone,
  look,
}: {
  shipment: PublicShipment;
  index: number;
  timeZone: string;
  look: ModeDefinition['publicShare'];
}) {
  const arrival = shipment.arrival.actual ?? shipment.arrival.estimated;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      id={`shipment-${String(index)}`}
      component="section"
      aria-label={shipment.number}
      data-testid="public-shipment"
    >
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {look.thing}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Title order={2} className={classes.number}>
              {shipment.number}
            </Title>
            <Badge variant="light">{statusText(shipment.status)}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {look.subline(shipment)}
          </Text>
        </div>
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              From
            </Text>
            <Text size="sm" fw={500}>
              {shipment.origin ?? '-'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              To
            </Text>
            <Text size="sm" fw={500}>
              {shipment.destination ?? '-'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {look.arrivalHeader}
            </Text>
            <Text size="sm" fw={600} data-testid="public-eta">
              {when(arrival, shipment.arrival.actual !== null, timeZone)}
            </Text>
          </div>
        </Group>
        <SharedDetails shipment={shipment} />
        <ol className={classes.milestones} aria-label="Milestones">
          {shipment.milestones.map((m) => (
            <li key={m.key} className={classes.milestone}>
              <span
                className={classes.dot}
                data-actual={m.actual || undefined}
                data-unknown={!m.time || undefined}
                aria-hidden
              />
              <Text size="sm" c={m.time ? undefined : 'dimmed'}>
                {m.label}
              </Text>
              <Text size="sm" c={m.actual ? undefined : 'dimmed'} className={classes.time}>
                {when(m.time, m.actual, timeZone)}
              </Text>
            </li>
          ))}
        </ol>
        {shipment.lastCheckedAt ? (
          <Text size="xs" c="dimmed">
            Last checked with the carrier {formatDateTime(shipment.lastCheckedAt, timeZone)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A public share link's page (bare layout): milestones, ETA and map of the shared shipments, their
 * references and custom fields where the sharer chose to show them, and nothing private, since the
 * answer it reads carries nothing else.
 */
export function PublicShareView({ share, timeZone }: { share: PublicShare; timeZone: string }) {
  const look = modeOf(share.shipmentType)!.publicShare;
  const first = share.shipments[0];
  useDocumentTitle(`${first ? first.number : 'Shared shipment'} · Shared on Tracklane`);
  return (
    <div className={classes.page} data-testid="public-share">
      <div className={classes.top}>
        <Logo size={28} />
        <Text size="sm" c="dimmed">
          Shared {look.word} shipment{share.shipments.length === 1 ? '' : 's'}
          {share.expiresAt ? ` · link expires ${formatDateTime(share.expiresAt, timeZone)}` : ''}
        </Text>
      </div>
      {share.shipments.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text>The shipments of this link are no longer tracked.</Text>
        </Paper>
      ) : (
        <div className={classes.grid}>
          <Stack gap="lg">
            {share.shipments.map((s, i) => (
              <ShipmentCard
                key={`${s.number}-${String(i)}`}
                shipment={s}
                index={i}
                timeZone={timeZone}
                look={look}
              />
            ))}
          </Stack>
          <Paper withBorder radius="lg" p="md" component="section" aria-label="Map" className={classes.map}>
            <ShipmentMap
              shipments={share.shipments.map((s, i) => ({
                item: { id: String(i), identifier: s.number },
                map: { position: s.position, route: s.route },
              }))}
              hrefOf={(item) => `#shipment-${item.id}`}
            />
          </Paper>
        </div>
      )}
    </div>
  );
}

export function PublicShareLoading() {
  return (
    <div className={classes.page} aria-label="Loading the shared shipment">
      <Skeleton height={28} width={160} mb="lg" />
      <div className={classes.grid}>
        <Skeleton height={420} radius="lg" />
        <Skeleton height={320} radius="lg" />
      </div>
    </div>
  );
}
