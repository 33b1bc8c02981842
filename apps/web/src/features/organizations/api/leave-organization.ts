import { useMutation } from '@tanstack/react-query';
import { selectionSchema } from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const LEAVE_ORGANIZATION_PATH = '/api/organization/leave';

const leaveResultSchema = z.object({ organizationName: z.string(), selection: selectionSchema });

export type LeaveOrganizationResult = z.infer<typeof leaveResultSchema>;

/** Leaves an organization (never one's own: 403 for its creator); answers where the session now is. */
export async function leaveOrganization(organizationId: string): Promise<LeaveOrganizationResult> {
  return leaveResultSchema.parse(await api.patch<unknown>(LEAVE_ORGANIZATION_PATH, { organizationId }));
}

export function useLeaveOrganization() {
  return useMutation({ mutationFn: leaveOrganization });
}
