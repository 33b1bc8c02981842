import { z } from 'zod';

/** spec §3 User, as the API returns it (password and confirmPassword are never sent back). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  enabled: z.boolean(),
  timeZone: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/auth/protected (spec §7: "answer: message (auth status) and user"). */
export const protectedResponseSchema = z.object({
  success: z.literal(true),
  result: publicUserSchema,
  message: z.literal('authenticated'),
  code: z.literal('OK'),
  user: publicUserSchema,
});
export type ProtectedResponse = z.infer<typeof protectedResponseSchema>;
