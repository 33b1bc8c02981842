import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INTAKE_LOG_PAGE,
  intakeSettingsSchema,
  type IntakeSettings,
} from '@tracklane/shared/email-intake/email-intake.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

/*
 * The workspace's e-mail intake (GET /api/email-intake). A workspace view (lib/live-invalidation.ts):
 * a message received or dropped, or another admin's change, refetches it on every open page.
 */

export const EMAIL_INTAKE_ROOT = 'email-intake';
export const EMAIL_INTAKE_PATH = '/api/email-intake';
const rootKey = () => tenantQueryKey(EMAIL_INTAKE_ROOT);

/** The settings with the latest `logLimit` messages; a larger limit keeps the shorter list until it loads. */
export function useEmailIntake(logLimit = INTAKE_LOG_PAGE) {
  return useQuery({
    queryKey: tenantQueryKey(EMAIL_INTAKE_ROOT, logLimit),
    queryFn: async ({ signal }) =>
      intakeSettingsSchema.parse(
        await api.get<unknown>(EMAIL_INTAKE_PATH, {
          signal,
          ...(logLimit === INTAKE_LOG_PAGE ? {} : { query: { log: logLimit } }),
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A new address; the old one stops working at once (admins). */
export function useRotateIntakeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<IntakeSettings> =>
      intakeSettingsSchema.parse(await api.post<unknown>(`${EMAIL_INTAKE_PATH}/rotate`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey() }),
  });
}

/** Replaces the addresses allowed besides members (admins). */
export function useSetAllowedSenders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (emails: string[]): Promise<IntakeSettings> =>
      intakeSettingsSchema.parse(await api.put<unknown>(`${EMAIL_INTAKE_PATH}/senders`, { emails })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey() }),
  });
}
