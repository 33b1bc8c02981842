import * as z from 'zod/mini';

/**
 * spec §3 User, as the API returns it (password and confirmPassword are never sent back). A module of
 * its own, written with zod/mini (ADR 0060): the web app's start-up reads it (the session check, the
 * stored user, the sign-in's answer) and loads no other auth schema; `auth.schema.ts` re-exports it.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.nullable(z.string()),
  enabled: z.boolean(),
  timeZone: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
