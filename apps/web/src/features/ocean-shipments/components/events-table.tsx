import { Badge, Table, Text, Tooltip } from '@mantine/core';
import type { OceanShipmentDetail } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { formatDateTime } from '../../../lib/dates';
import { CLASSIFIER_LABEL, eventName, loadLabel } from '../utils/event-labels';
import { sourceLabel } from '../utils/status';
import classes from './ocean-shipment-detail.module.css';

/** Every carrier event, in time order: what, where, on which vessel, and whether it happened or is expected. */
export function EventsTable({ shipment, timeZone }: { shipment: OceanShipmentDetail; timeZone: string }) {
  if (shipment.events.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="lg" data-testid="no-events">
        The carrier has not reported any event for this container yet.
      </Text>
    );
  }
  return (
    <div className={classes.eventsScroll}>
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
          {shipment.events.map((event, index) => (
            <Table.Tr
              key={`${event.typeCode}-${event.eventTime}-${String(index)}`}
              data-classifier={event.classifier}
              data-testid="event-row"
            >
              <Table.Td className={classes.eventTime}>{formatDateTime(event.eventTime, timeZone)}</Table.Td>
              <Table.Td>
                <Text span size="sm" fw={500}>
                  {eventName(event.typeCode)}
                </Text>{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {event.typeCode}
                </Text>
              </Table.Td>
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
