import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsSchema,
  type NotificationSettings,
} from '@tracklane/shared/notifications/notifications.schema';
import { apiRequest, api } from '../../../lib/api-client';

export const NOTIFICATION_SETTINGS_PATH = '/api/notification/settings';

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['notification-settings'] as const,
    queryFn: async ({ signal }) =>
      notificationSettingsSchema.parse(await api.get<unknown>(NOTIFICATION_SETTINGS_PATH, { signal })),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Saves the whole settings form; answers the saved settings and the server's message. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) => {
      const envelope = await apiRequest<unknown>(NOTIFICATION_SETTINGS_PATH, {
        method: 'PUT',
        body: settings,
      });
      return { settings: notificationSettingsSchema.parse(envelope.result), message: envelope.message };
    },
    onSuccess: ({ settings }) =>
      queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, settings),
  });
}
