import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { appendImageChange, type ImageChange } from '../../../lib/entity-image';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const UPDATE_ORGANIZATION_PATH = '/api/organization/update';

const updatedOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  image: z.string().nullable(),
});

export type UpdatedOrganization = z.infer<typeof updatedOrganizationSchema>;

export interface UpdateOrganizationInput {
  organizationName: string;
  image: ImageChange;
}

/** Renames the current organization and keeps, replaces or removes its image (spec §7, multipart). */
export async function updateOrganization(input: UpdateOrganizationInput): Promise<UpdatedOrganization> {
  const form = new FormData();
  form.append('organizationName', input.organizationName);
  appendImageChange(form, input.image);
  return updatedOrganizationSchema.parse(await api.post<unknown>(UPDATE_ORGANIZATION_PATH, form));
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
