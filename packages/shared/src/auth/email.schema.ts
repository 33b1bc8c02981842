import * as z from 'zod/mini';

/**
 * An e-mail address as typed: trimmed, at most 254 characters. A module of its own, written with
 * zod/mini (ADR 0060), because the sign-in page validates with it before the rest of zod is loaded;
 * `auth.schema.ts` re-exports it.
 */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(254, { message: 'E-mail must be at most 254 characters' })),
  z.email({ message: 'Enter a valid e-mail address' }),
);
