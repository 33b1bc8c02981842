import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

// Its schema loads with the answer, not with the shell (see get-notifications.ts).
const schemas = () => import('@tracklane/shared/notifications/notifications.schema');

export const MARK_NOTIFICATIONS_PATH = '/api/notification/mark';

export type MarkInput = { userId: string; isRead: boolean } & ({ ids: string[] } | { all: true });

/** spec §7 notification/mark: the ids given (or all of the user's) read or unread. */
export async function markNotifications(input: MarkInput) {
  const [{ markNotificationsResultSchema }, body] = await Promise.all([
    schemas(),
    api.post<unknown>(MARK_NOTIFICATIONS_PATH, input),
  ]);
  return markNotificationsResultSchema.parse(body);
}

/** Marks, then refreshes the bell and the page (spec §4: opening one refreshes the bell). */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
