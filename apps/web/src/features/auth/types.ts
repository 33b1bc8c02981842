import { publicUserSchema, type PublicUser } from '@tracklane/shared/auth/user.schema';

/** The signed-in user (spec §3), in the shape the server sends; password fields never leave it. */
export const userSchema = publicUserSchema;
export type User = PublicUser;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
