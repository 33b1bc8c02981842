import * as z from 'zod/mini';

/**
 * GET /api/auth/public-key's result: the RSA key passwords are encrypted with (spec §5). Written with
 * zod/mini (ADR 0060): the sign-in page reads it; `auth.schema.ts` re-exports it.
 */
export const publicKeyResultSchema = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});
