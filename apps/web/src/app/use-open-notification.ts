import { notifications as toasts } from '@mantine/notifications';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import { useCallback } from 'react';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useMarkNotifications } from '../features/notifications/api/mark-notifications';
import { notificationTarget } from '../features/notifications/utils/notification-target';
import { useOpenInWorkspace } from '../features/workspaces/hooks/use-open-in-workspace';
import { useWorkspaceStore } from '../features/workspaces/stores/workspace-store';
import { useReaderTimeZone } from './pages/use-shipment-access';

/**
 * Opening a shipment notification (spec §4): it is marked read (the bell refreshes), and the shipment
 * opens in one of the user's workspaces that follow it: the one this tab shows when it does, else the
 * first, switching to it first as the rail does.
 */
export function useOpenNotification() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  const timeZone = useReaderTimeZone();
  const mark = useMarkNotifications();
  const openInWorkspace = useOpenInWorkspace();

  return useCallback(
    async (notification: BellNotification) => {
      if (!userId) return;
      if (!notification.isRead) {
        // The shipment opens even if the mark fails; the bell then still shows it unread.
        mark.mutate({ userId, isRead: true, ids: [notification.id] });
      }
      const target = notificationTarget(notification, currentWorkspaceId, timeZone);
      if (!target) {
        toasts.show({
          color: 'gray',
          title: 'This shipment is no longer in your workspaces',
          message: 'It was removed, or you left the workspaces that follow it.',
        });
        return;
      }
      await openInWorkspace({ ...target, failureTitle: 'Could not open the shipment' });
    },
    [currentWorkspaceId, mark, openInWorkspace, timeZone, userId],
  );
}
