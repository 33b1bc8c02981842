import { useMutation } from '@tanstack/react-query';
import {
  publicUserSchema,
  type PublicUser,
  type UpdateProfileRequest,
} from '@tracklane/shared/auth/auth.schema';
import { api } from '../../../lib/api-client';

export const PROFILE_PATH = '/api/users/profile';

/** Saves name and time zone (Profile Settings); a zone chosen here no longer follows the browser. */
export async function updateProfile(input: UpdateProfileRequest): Promise<PublicUser> {
  return publicUserSchema.parse(await api.patch<unknown>(PROFILE_PATH, input));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
