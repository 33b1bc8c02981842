import { Badge, Text, Tooltip } from '@mantine/core';
import { PARCEL_STATUS_LABELS } from '@tracklane/shared/tracking/express/parcel-event';
import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import detail from '../../../components/detail-page.module.css';
import { formatDateTime } from '../../../lib/dates';
import { placeLabel } from '../utils/parcel-place';
import { reasonText, sourceLabel, subStatusLabel } from '../utils/parcel-status';
import classes from './express-shipment-detail.module.css';

/**
 * Every carrier scan, newest first: when, what the carrier said, where. Delivery estimates are not
 * scans: they have their own history beside this.
 */
export function ParcelTimeline({
  shipment,
  timeZone,
}: {
  shipment: ExpressShipmentDetail;
  timeZone: string;
}) {
  const scans = shipment.events
    .filter((event) => event.classifier === 'ACT')
    .sort((a, b) => Date.parse(b.eventTime) - Date.parse(a.eventTime));

  if (scans.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-events">
        The carrier has not reported any scan for this parcel yet.
      </Text>
    );
  }
  return (
    <ol className={classes.timeline} data-testid="parcel-timeline">
      {scans.map((event, index) => {
        const place = placeLabel(event.location);
        const reason = reasonText(event.exceptionReason, event.subStatus);
        return (
          <li
            key={`${event.eventTime}-${event.description}-${String(index)}`}
            className={classes.timelineItem}
            data-latest={index === 0 || undefined}
            data-testid="timeline-event"
          >
            <span className={classes.timelineNode} aria-hidden />
            <div className={classes.timelineBody}>
              <div className={classes.timelineHead}>
                <Text span size="sm" fw={600} c="gray.9">
                  {event.description}
                </Text>
                {event.status ? (
                  <Badge size="xs" radius="sm" variant="outline" color="gray" className={detail.plainBadge}>
                    {PARCEL_STATUS_LABELS[event.status]}
                    {event.subStatus ? ` · ${subStatusLabel(event.subStatus)}` : ''}
                  </Badge>
                ) : null}
              </div>
              <Text size="xs" c="dimmed" className={classes.timelineMeta}>
                <Tooltip
                  label={`Recorded by the carrier ${formatDateTime(event.eventCreatedAt, timeZone)}, received ${formatDateTime(event.receivedAt, timeZone)} from ${sourceLabel(event.source)}`}
                  multiline
                  w={260}
                >
                  <time dateTime={event.eventTime} className={classes.tabular}>
                    {formatDateTime(event.eventTime, timeZone)}
                  </time>
                </Tooltip>
                {place ? <> · {place}</> : null}
              </Text>
              {reason ? (
                <Text size="xs" c="red.8" mt={2}>
                  Reason: {reason}
                </Text>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
