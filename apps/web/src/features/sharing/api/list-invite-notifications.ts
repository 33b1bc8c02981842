import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteNotification, InviteNotificationList } from '@tracklane/shared/sharing/sharing.schema';
import { api } from '../../../lib/api-client';
import { SHARED_WITH_ME_QUERY_KEY } from './keys';

// Its schemas load with the first answer, not with the shell: zod builds every schema of a module as
// the module loads, and the shell draws without them.
const schemas = () => import('@tracklane/shared/sharing/sharing.schema');

/** The bell INVITES tab's share invites (at most 10) and how many are unread. */
export async function listInviteNotifications(signal?: AbortSignal): Promise<InviteNotificationList> {
  const [{ inviteNotificationListSchema }, body] = await Promise.all([
    schemas(),
    api.get<unknown>('/api/invite/notifications', { signal }),
  ]);
  return inviteNotificationListSchema.parse(body);
}

export const inviteNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...SHARED_WITH_ME_QUERY_KEY, 'invites'],
    queryFn: ({ signal }) => listInviteNotifications(signal),
  });

export function useInviteNotifications(enabled = true) {
  return useQuery({ ...inviteNotificationsQueryOptions(), enabled });
}

/** spec §7 GET /api/invite/get-first-unread-notification: the oldest unread share invite, or null. */
export async function getFirstUnreadInvite(signal?: AbortSignal): Promise<InviteNotification | null> {
  const [{ inviteNotificationSchema }, body] = await Promise.all([
    schemas(),
    api.get<unknown>('/api/invite/get-first-unread-notification', { signal }),
  ]);
  return inviteNotificationSchema.nullable().parse(body);
}

export function useFirstUnreadInvite() {
  return useQuery({
    queryKey: [...SHARED_WITH_ME_QUERY_KEY, 'first-unread'],
    queryFn: ({ signal }) => getFirstUnreadInvite(signal),
    // Asked once per visit: the notice is a greeting, the bell keeps count after it.
    staleTime: Infinity,
  });
}
