import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBellRinging,
  IconCalendarDue,
  IconCalendarTime,
  IconCircleCheck,
  IconFlag,
  IconProgress,
  IconSearchOff,
  IconShip,
} from '@tabler/icons-react';
import type { ShipmentChangeType } from '@tracklane/shared/notifications/notification-types';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { shipmentLabel } from '../utils/notification-target';
import classes from './notifications.module.css';

const ICON = { size: 16, stroke: 1.75 } as const;

/** Each type's icon and colour; the text always says what happened too (never colour alone). */
const LOOK: Record<ShipmentChangeType, { icon: ReactNode; color: string }> = {
  milestone: { icon: <IconFlag {...ICON} />, color: 'ocean' },
  eta: { icon: <IconCalendarTime {...ICON} />, color: 'yellow' },
  vessel: { icon: <IconShip {...ICON} />, color: 'grape' },
  last_free_day: { icon: <IconCalendarDue {...ICON} />, color: 'orange' },
  status: { icon: <IconProgress {...ICON} />, color: 'gray' },
  delivered: { icon: <IconCircleCheck {...ICON} />, color: 'teal' },
  exception: { icon: <IconAlertTriangle {...ICON} />, color: 'red' },
  not_found: { icon: <IconSearchOff {...ICON} />, color: 'gray' },
  alert: { icon: <IconBellRinging {...ICON} />, color: 'red' },
};

/** The new date a change carries, in the reader's zone: "New ETA: 03/12/2026 09:00". */
function newDate(notification: BellNotification, timeZone: string): string | null {
  const { type, data } = notification.containerChangeStatus;
  if (!data.to || !/^\d{4}-\d{2}-\d{2}T/.test(data.to)) return null;
  if (type === 'eta') {
    const label = data.subject === 'etd' ? 'New ETD' : data.subject === 'eta' ? 'New ETA' : 'New estimate';
    return `${label}: ${formatDateTime(data.to, timeZone)}`;
  }
  if (type === 'last_free_day') return `Last free day: ${formatDateTime(data.to, timeZone)}`;
  return null;
}

interface NotificationItemProps {
  notification: BellNotification;
  timeZone: string;
  onOpen: (notification: BellNotification) => void;
  /** Shows the workspaces (on the page; the bell has no room). */
  showWorkspaces?: boolean;
}

/** One shipment notification: what changed, on which shipment, when; unread ones are marked. */
export function NotificationItem({
  notification,
  timeZone,
  onOpen,
  showWorkspaces = false,
}: NotificationItemProps) {
  const change = notification.containerChangeStatus;
  const look = LOOK[change.type];
  const label = shipmentLabel(notification);
  const detail = newDate(notification, timeZone);
  const unread = !notification.isRead;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      aria-label={`${unread ? 'Unread: ' : ''}${label.primary}: ${change.notification}`}
    >
      <ThemeIcon variant="light" color={look.color} radius="xl" size={30} aria-hidden="true">
        {look.icon}
      </ThemeIcon>
      <span className={classes.itemBody}>
        <span className={classes.itemHead}>
          <span className={classes.identifier}>{label.primary}</span>
          {label.secondary ? <span className={classes.secondary}>{label.secondary}</span> : null}
        </span>
        <Text size="sm" component="span" className={classes.itemText}>
          {change.notification}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" component="span">
            {detail}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" component="span">
          {formatDateTime(change.updatedAt, timeZone)}
          {showWorkspaces && notification.workspaces.length
            ? ` · ${notification.workspaces.map((w) => w.workspaceName).join(', ')}`
            : ''}
        </Text>
      </span>
      {unread ? <span className={classes.unreadDot} aria-hidden="true" /> : null}
    </UnstyledButton>
  );
}
