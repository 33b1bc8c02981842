import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from '../validation/control-characters';
import { DATE_RANGE_TEXT, storableDateTime } from '../validation/database-ranges';

/** What a key may do: read shipments and events, or also add and archive them. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 60;
/** Keys a workspace may hold at once (revoked ones do not count). */
export const API_KEYS_PER_WORKSPACE_MAX = 25;
/** Every key starts with this, so secret scanners and people recognise one. */
export const API_KEY_PREFIX = 'tlk_';

export const createApiKeyRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Give the key a name, e.g. the system that will use it' })
    .max(API_KEY_NAME_MAX, { message: `At most ${String(API_KEY_NAME_MAX)} characters` })
    .refine((name) => !hasControlCharacters(name), { message: controlCharactersMessage('A key name') }),
  scope: z.enum(API_KEY_SCOPES, { message: 'Choose read or read and write' }),
  /** Unset: the key does not expire. */
  expiresAt: storableDateTime('Expiry must be a date and time', `Expiry must be ${DATE_RANGE_TEXT}`)
    .nullable()
    .optional()
    .refine((v) => v == null || Date.parse(v) > Date.now(), { message: 'Expiry must be in the future' }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters: enough to recognise it, useless to use it. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Whether a key can be used right now. */
export function apiKeyStatus(
  key: Pick<ApiKey, 'expiresAt' | 'revokedAt'>,
  now = new Date(),
): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}
