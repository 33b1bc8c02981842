import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  constants,
  privateDecrypt,
} from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How old an encrypted password may be (spec §5 ciphertexts carry their own timestamp). */
export const CIPHERTEXT_MAX_AGE_MS = 5 * 60_000;
/** Clock skew tolerated for timestamps from the future. */
const FUTURE_SKEW_MS = 60_000;

export interface AuthKey {
  keyId: string;
  publicKeyPem: string;
  privateKey: KeyObject;
}

function fromPrivateKey(privateKey: KeyObject): AuthKey {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}

/**
 * The RSA-3072 key pair clients encrypt passwords with. Every node of a cluster must share it, so it
 * comes from `AUTH_RSA_PRIVATE_KEY` or, on a single node, is generated once into DATA_DIR.
 */
export async function loadAuthKey(options: { pem?: string | undefined; dataDir: string }): Promise<AuthKey> {
  if (options.pem) return fromPrivateKey(createPrivateKey(options.pem.replace(/\\n/g, '\n')));
  const file = path.join(options.dataDir, 'auth-rsa-private.pem');
  if (existsSync(file)) return fromPrivateKey(createPrivateKey(await readFile(file, 'utf8')));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return fromPrivateKey(privateKey);
}

export interface DecryptedPassword {
  password: string;
  /** Identifies this exact ciphertext, to refuse its replay. */
  ciphertextHash: string;
}

/**
 * Decrypts `<Date.now()>:<password>` sent by the browser (RSA-OAEP with SHA-256). Any failure (other
 * key, tampered bytes, stale or future timestamp, no separator) answers null: callers treat it exactly
 * like a wrong password.
 */
export function decryptPassword(
  key: AuthKey,
  keyId: string,
  ciphertext: string,
  now = Date.now(),
): DecryptedPassword | null {
  if (keyId !== key.keyId) return null;
  let plain: string;
  try {
    const bytes = Buffer.from(ciphertext, 'base64');
    plain = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      bytes,
    ).toString('utf8');
  } catch {
    return null;
  }
  const separator = plain.indexOf(':');
  if (separator < 1) return null;
  const timestamp = Number(plain.slice(0, separator));
  if (!Number.isSafeInteger(timestamp)) return null;
  if (now - timestamp > CIPHERTEXT_MAX_AGE_MS || timestamp - now > FUTURE_SKEW_MS) return null;
  return {
    password: plain.slice(separator + 1),
    ciphertextHash: createHash('sha256').update(ciphertext).digest('base64url'),
  };
}
