import { z } from 'zod';

import { emailSchema } from './email.schema';
import { publicUserSchema } from './user.schema';
import { controlCharactersMessage, hasControlCharacters } from '../validation/control-characters';

export { emailSchema } from './email.schema';
export { publicKeyResultSchema } from './public-key.schema';
export { publicUserSchema, type PublicUser } from './user.schema';

/** GET /api/auth/protected (spec §7: "answer: message (auth status) and user"). */
export const protectedResponseSchema = z.object({
  success: z.literal(true),
  result: publicUserSchema,
  message: z.literal('authenticated'),
  code: z.literal('OK'),
  user: publicUserSchema,
});
export type ProtectedResponse = z.infer<typeof protectedResponseSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

/** A password as typed (validated on the client before it is encrypted; the server checks again). */
export const plainPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${String(PASSWORD_MIN_LENGTH)} characters`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${String(PASSWORD_MAX_LENGTH)} characters`,
  });

/** RSA-OAEP ciphertext of `<Date.now()>:<password>`, base64 (spec §5). 3072-bit keys give 384 bytes. */
const encryptedPasswordSchema = z.string().min(16).max(1024);
const keyIdSchema = z.string().min(1).max(64);

const personNameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(80, { message: `${label} must be at most 80 characters` })
    .refine((name) => !hasControlCharacters(name), { message: controlCharactersMessage(label) });

/** An IANA zone the runtime knows, e.g. Europe/Rotterdam. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from the e-mail' });

export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  password: encryptedPasswordSchema,
  keyId: keyIdSchema,
  timeZone: timeZoneSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const verifyEmailRequestSchema = z.strictObject({ email: emailSchema, code: codeSchema });

export const sendNewCodeRequestSchema = z.strictObject({
  email: emailSchema,
  type: z.enum(['register', 'resetPassword']),
});

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: encryptedPasswordSchema,
  keyId: keyIdSchema,
  timeZone: timeZoneSchema.optional(),
});

export const logoutRequestSchema = z.strictObject({ email: z.string().max(254).optional() });

export const resetPasswordVerifyRequestSchema = z.strictObject({ email: emailSchema, code: codeSchema });

export const resetPasswordVerifiedRequestSchema = z.strictObject({
  token: z.string().min(16).max(128),
  newPassword: encryptedPasswordSchema,
  keyId: keyIdSchema,
});

export const userAgreementQuerySchema = z.strictObject({ userId: z.uuid({ message: 'Unknown user' }) });
export const userAgreementAgreeRequestSchema = z.strictObject({
  userId: z.uuid({ message: 'Unknown user' }),
});

export const updateProfileRequestSchema = z.strictObject({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  timeZone: timeZoneSchema,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** Avatars: images only, recognised by their bytes. */
export const AVATAR_MAX_BYTES = 2_000_000;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** spec §3 "tracking table columns (hidden columns, order)": saved per user and per table. */
export const tableColumnsPreferenceSchema = z.strictObject({
  hidden: z.array(z.string().max(40)).max(50),
  order: z.array(z.string().max(40)).max(50),
});
export const PREFERENCE_KEYS = ['oceanTableColumns', 'expressTableColumns'] as const;
export const preferenceKeySchema = z.enum(PREFERENCE_KEYS, { message: 'Unknown preference' });
export type PreferenceKey = z.infer<typeof preferenceKeySchema>;
