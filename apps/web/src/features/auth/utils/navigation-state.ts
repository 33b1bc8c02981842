import * as z from 'zod/mini';

/**
 * What travels between screens in the router's location state. Read back through schemas: state
 * survives reloads and can be anything an old version of the app left there.
 */

/** Where the sign-in page sends the user back to once signed in (set by the auth guard). */
export interface SignInRedirectState {
  from: string;
}

/** A message for the next auth screen, and the address to fill in there. */
export interface AuthNoticeState {
  notice?: string;
  email?: string;
}

// Own paths only: "//host" would leave the site.
const internalPath = z
  .string()
  .check(
    z.startsWith('/'),
    z.refine((path) => !path.startsWith('//')),
  );

const redirectSchema = z.object({ from: internalPath });
const noticeSchema = z.object({ notice: z.optional(z.string()), email: z.optional(z.string()) });

/** The page a signed-out visitor was on when the guard sent them to sign in, if any. */
export function redirectTargetOf(state: unknown): string | null {
  const parsed = redirectSchema.safeParse(state);
  return parsed.success ? parsed.data.from : null;
}

export function authNoticeOf(state: unknown): AuthNoticeState {
  const parsed = noticeSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
