import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE } from '@tracklane/shared/constants';
import type { NotificationPage } from '@tracklane/shared/notifications/notifications.schema';
import { api } from '../../../lib/api-client';

// Its schemas load with the first answer, not with the shell: zod builds every schema of a module as
// the module loads, and the shell draws without them.
const schemas = () => import('@tracklane/shared/notifications/notifications.schema');

export const NOTIFICATIONS_PATH = '/api/notification/get';

/** The user's own notifications: the same whichever workspace is selected, so not tenant-keyed. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export interface NotificationFilter {
  userId: string;
  pageNo: number;
  /** Read only (true), unread only (false), or both. */
  isRead?: boolean | undefined;
  searchTerm?: string | undefined;
}

/** spec §7 notification/get: a page of 10, the search term upper-cased as the spec sends it. */
export async function getNotifications(
  filter: NotificationFilter,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const term = filter.searchTerm?.trim().toUpperCase();
  const [{ notificationPageSchema }, body] = await Promise.all([
    schemas(),
    api.get<unknown>(NOTIFICATIONS_PATH, {
      signal,
      query: {
        userId: filter.userId,
        pageNo: filter.pageNo,
        pageSize: NOTIFICATION_PAGE_SIZE,
        isRead: filter.isRead,
        searchTerm: term ? term : undefined,
      },
    }),
  ]);
  return notificationPageSchema.parse(body);
}

export const notificationsQueryOptions = (filter: NotificationFilter) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list', filter] as const,
    queryFn: ({ signal }) => getNotifications(filter, signal),
  });

/** A page of notifications; the previous page stays on screen while the next one loads. */
export function useNotifications(filter: NotificationFilter) {
  return useQuery({
    ...notificationsQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
}
