import { Badge, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { ScrollableTable } from '../../../components/scrollable-table';
import { formatDateTime } from '../../../lib/dates';
import { CLASSIFIER_LABEL, eventName, loadLabel } from '../utils/event-labels';
import { groupEventVersions } from '../utils/event-versions';
import { sourceLabel } from '../utils/status';
import classes from './ocean-shipment-detail.module.css';

type DetailEvent = OceanTrackingDetail['events'][number];

const versionsLabel = (count: number) => `${String(count)} earlier version${count === 1 ? '' : 's'}`;

/** The cells every version of an event shows: where, what load, which vessel, and who said so. */
function PlaceCells({ event, timeZone }: { event: DetailEvent; timeZone: string }) {
  return (
    <>
      <Table.Td>{loadLabel(event.emptyIndicator)}</Table.Td>
      <Table.Td>
        {event.location ? (
          <>
            {event.location.name ?? event.location.locode}{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {event.location.locode}
            </Text>
          </>
        ) : (
          '-'
        )}
      </Table.Td>
      <Table.Td>
        {event.vesselName ? (
          <>
            {event.vesselName}
            {event.voyage ? (
              <Text span size="xs" c="dimmed" ff="monospace">
                {' '}
                / {event.voyage}
              </Text>
            ) : null}
          </>
        ) : (
          '-'
        )}
      </Table.Td>
      <Table.Td>
        <Badge
          size="sm"
          radius="sm"
          variant={event.classifier === 'ACT' ? 'light' : 'outline'}
          color={event.classifier === 'ACT' ? 'ocean' : 'gray'}
          className={classes.classifierBadge}
        >
          {CLASSIFIER_LABEL[event.classifier]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Tooltip
          label={`Created by the carrier ${formatDateTime(event.eventCreatedAt, timeZone)}, received ${formatDateTime(event.receivedAt, timeZone)}`}
          multiline
          w={240}
        >
          <span className={classes.source}>{sourceLabel(event.source)}</span>
        </Tooltip>
      </Table.Td>
    </>
  );
}

/**
 * Every move of the container, once, at what is known of it now (an actual over an estimate over a
 * plan), in time order. The plans and estimates it replaced open under it on request.
 */
export function EventsTable({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (shipment.events.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="lg" data-testid="no-events">
        The carrier has not reported any event for this container yet.
      </Text>
    );
  }
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <ScrollableTable label="Events">
      <Table className={classes.eventsTable} stickyHeader verticalSpacing={8} data-testid="events-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Empty / laden</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Vessel / voyage</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groupEventVersions(shipment.events).map(({ key, latest, earlier }) => {
            const expanded = open.has(key);
            const name = eventName(latest.typeCode);
            return (
              <Fragment key={key}>
                <Table.Tr data-classifier={latest.classifier} data-testid="event-row">
                  <Table.Td className={classes.eventTime}>
                    {formatDateTime(latest.eventTime, timeZone)}
                  </Table.Td>
                  <Table.Td>
                    <Text span size="sm" fw={500}>
                      {name}
                    </Text>{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {latest.typeCode}
                    </Text>
                    {earlier.length > 0 ? (
                      <UnstyledButton
                        className={classes.versionsToggle}
                        onClick={() => toggle(key)}
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Hide' : 'Show'} ${versionsLabel(earlier.length)} of ${name} at ${formatDateTime(latest.eventTime, timeZone)}`}
                      >
                        {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                        {versionsLabel(earlier.length)}
                      </UnstyledButton>
                    ) : null}
                  </Table.Td>
                  <PlaceCells event={latest} timeZone={timeZone} />
                </Table.Tr>
                {expanded
                  ? earlier.map((version, index) => (
                      <Table.Tr
                        key={String(index)}
                        data-classifier={version.classifier}
                        data-testid="event-version-row"
                        className={classes.versionRow}
                      >
                        <Table.Td className={classes.eventTime}>
                          {formatDateTime(version.eventTime, timeZone)}
                        </Table.Td>
                        <Table.Td>
                          <Text span size="xs" c="dimmed">
                            Earlier: given {formatDateTime(version.eventCreatedAt, timeZone)}
                          </Text>
                        </Table.Td>
                        <PlaceCells event={version} timeZone={timeZone} />
                      </Table.Tr>
                    ))
                  : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
