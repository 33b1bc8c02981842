import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretsKeys } from '../config';

/**
 * Secrets at rest (carrier credentials): AES-256-GCM under SECRETS_KEY, a fresh 96-bit IV per value,
 * bound by the GCM additional data to what they belong to (a connection's id), so that a value copied
 * onto another row does not decrypt there. Stored as `v1.<key id>.<iv>.<ciphertext+tag>` (base64url):
 * the key id (the first bytes of the key's SHA-256) says which key wrote it, so that a rotation knows
 * what is left to re-encrypt and a missing key is named rather than guessed at.
 */
export interface SecretBox {
  /** The id of the key new values are written under. */
  readonly currentKeyId: string;
  seal(plaintext: string, boundTo: string): string;
  /** Throws {@link SecretKeyMissingError} for a value of another key, or an Error for a tampered one. */
  open(sealed: string, boundTo: string): string;
  /** The key id a sealed value was written under. */
  keyIdOf(sealed: string): string;
}

export class SecretKeyMissingError extends Error {
  override name = 'SecretKeyMissingError';
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

export function createSecretBox(keys: SecretsKeys): SecretBox {
  const byId = new Map<string, Buffer>([[keyId(keys.current), keys.current]]);
  if (keys.previous) byId.set(keyId(keys.previous), keys.previous);
  const currentKeyId = keyId(keys.current);

  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a sealed secret');
    return {
      id: parts[1]!,
      iv: Buffer.from(parts[2]!, 'base64url'),
      body: Buffer.from(parts[3]!, 'base64url'),
    };
  };

  return {
    currentKeyId,
    seal(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, currentKeyId, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, boundTo) {
      const { id, iv, body } = parse(sealed);
      const key = byId.get(id);
      if (!key)
        throw new SecretKeyMissingError(
          `a secret was encrypted under a key (id ${id}) that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
        );
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new Error('a sealed secret is damaged');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // GCM's own message ("Unsupported state or unable to authenticate data") says nothing useful.
        throw new Error('a sealed secret does not authenticate: it was changed or belongs elsewhere');
      }
    },
    keyIdOf: (sealed) => parse(sealed).id,
  };
}

/** What may be shown of a secret: its last four characters, and nothing of one shorter than eight. */
export function lastFour(secret: string): string {
  return secret.length >= 8 ? secret.slice(-4) : '';
}
