import {
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@tracklane/shared/notifications/notification-types';
import type { NotificationSettings } from '@tracklane/shared/notifications/notifications.schema';

/** What the server answers for a user who never changed their settings. */
export const DEFAULT_TEST_SETTINGS: NotificationSettings = {
  containerNotifications: true,
  digest: 'daily',
  channels: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { inApp: true, email: true }])) as Record<
    NotificationType,
    { inApp: boolean; email: boolean }
  >,
};
