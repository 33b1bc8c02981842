import { useMutation } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '@tracklane/shared/auth/auth.schema';
import { api } from '../../../lib/api-client';

export const AVATAR_PATH = '/api/users/avatar';

/** Replaces the avatar. The server judges the type by the bytes (415) and the size (413). */
export async function uploadAvatar(file: File): Promise<PublicUser> {
  const form = new FormData();
  form.append('file', file);
  return publicUserSchema.parse(await api.post<unknown>(AVATAR_PATH, form));
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
