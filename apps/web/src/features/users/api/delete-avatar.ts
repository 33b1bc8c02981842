import { useMutation } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '@tracklane/shared/auth/auth.schema';
import { api } from '../../../lib/api-client';
import { AVATAR_PATH } from './upload-avatar';

/** Removes the avatar; initials show instead. */
export async function deleteAvatar(): Promise<PublicUser> {
  return publicUserSchema.parse(await api.delete<unknown>(AVATAR_PATH));
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: deleteAvatar });
}
