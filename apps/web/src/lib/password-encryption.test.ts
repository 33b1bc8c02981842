import { describe, expect, it, vi } from 'vitest';
import { availableSubtleCrypto, encryptPassword } from './password-encryption';

/**
 * The slice of node:crypto these tests use, typed here because the web app's types are the browser's.
 * It is what the server decrypts with (apps/server/src/lib/password-crypto.ts).
 */
interface NodeCrypto {
  generateKeyPairSync(
    type: 'rsa',
    options: {
      modulusLength: number;
      publicKeyEncoding: { type: 'spki'; format: 'pem' };
      privateKeyEncoding: { type: 'pkcs8'; format: 'pem' };
    },
  ): { publicKey: string; privateKey: string };
  privateDecrypt(
    key: { key: string; padding: number; oaepHash: string },
    buffer: Uint8Array,
  ): { toString(encoding: 'utf8'): string };
  constants: { RSA_PKCS1_OAEP_PADDING: number };
}

const nodeCryptoId = 'node:crypto';
const nodeCrypto = (await import(/* @vite-ignore */ nodeCryptoId)) as NodeCrypto;

// 3072 bits, as the server's key (ADR 0006).
const { publicKey, privateKey } = nodeCrypto.generateKeyPairSync('rsa', {
  modulusLength: 3072,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

function decrypt(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return nodeCrypto
    .privateDecrypt(
      { key: privateKey, padding: nodeCrypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      bytes,
    )
    .toString('utf8');
}

const password = 'correct horse · battery staple ✓';

describe('encryptPassword (spec §5)', () => {
  it('with WebCrypto, yields "<timestamp>:<password>" for the private key', async () => {
    const ciphertext = await encryptPassword(password, publicKey, {
      subtle: globalThis.crypto.subtle,
      now: 1_700_000_000_000,
    });
    expect(atob(ciphertext)).toHaveLength(384);
    expect(decrypt(ciphertext)).toBe(`1700000000000:${password}`);
  });

  it('without WebCrypto (plain http), falls back to node-forge with the same result', async () => {
    const ciphertext = await encryptPassword(password, publicKey, { subtle: null, now: 1_700_000_000_001 });
    expect(atob(ciphertext)).toHaveLength(384);
    expect(decrypt(ciphertext)).toBe(`1700000000001:${password}`);
  });

  it('stamps the current time by default and never repeats a ciphertext', async () => {
    const before = Date.now();
    const first = await encryptPassword(password, publicKey);
    const second = await encryptPassword(password, publicKey);
    expect(first).not.toBe(second);
    const [stamp, ...rest] = decrypt(first).split(':');
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
    expect(rest.join(':')).toBe(password);
  });
});

describe('availableSubtleCrypto', () => {
  it('offers WebCrypto in a secure context', () => {
    vi.stubGlobal('isSecureContext', true);
    expect(availableSubtleCrypto()).toBe(globalThis.crypto.subtle);
  });

  it('offers nothing on plain http, where browsers withhold crypto.subtle', () => {
    vi.stubGlobal('isSecureContext', false);
    expect(availableSubtleCrypto()).toBeNull();
  });
});
