/**
 * Password transport encryption (spec §5): the browser encrypts `<Date.now()>:<password>` with the
 * server's RSA public key (RSA-OAEP, SHA-256) so that no log or proxy ever sees a password. The
 * timestamp lets the server refuse old or replayed ciphertexts.
 *
 * WebCrypto exists only in secure contexts (https, localhost). Self-hosted installations reached over
 * plain http on a LAN address have no `crypto.subtle`, so node-forge does the same job there; it is
 * imported on demand, which keeps it out of the bundle every other visitor downloads.
 */

// Type only: erased from the build, so node-forge is not bundled with the page.
import type * as ForgeModule from 'node-forge';

type Forge = typeof ForgeModule;

/** The subtle crypto of this page, or null outside a secure context. */
export function availableSubtleCrypto(): SubtleCrypto | null {
  return globalThis.isSecureContext !== false && globalThis.crypto?.subtle ? globalThis.crypto.subtle : null;
}

function pemBody(pem: string): string {
  return pem
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function encryptWithWebCrypto(subtle: SubtleCrypto, publicKeyPem: string, plaintext: string) {
  const key = await subtle.importKey(
    'spki',
    base64ToBytes(pemBody(publicKeyPem)),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const ciphertext = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plaintext));
  return bytesToBase64(new Uint8Array(ciphertext));
}

async function loadForge(): Promise<Forge> {
  // node-forge is CommonJS: bundlers put the module object on `default`.
  const loaded: Forge & { default?: Forge } = await import('node-forge');
  return loaded.default ?? loaded;
}

async function encryptWithForge(publicKeyPem: string, plaintext: string) {
  const forge = await loadForge();
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const ciphertext = key.encrypt(forge.util.encodeUtf8(plaintext), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(ciphertext);
}

export interface EncryptOptions {
  /** Defaults to the page's WebCrypto; null forces the node-forge fallback. */
  subtle?: SubtleCrypto | null;
  now?: number;
}

/** Encrypts a password for the server's key (PEM, SPKI) and returns the ciphertext in base64. */
export async function encryptPassword(
  password: string,
  publicKeyPem: string,
  { subtle = availableSubtleCrypto(), now = Date.now() }: EncryptOptions = {},
): Promise<string> {
  const plaintext = `${String(now)}:${password}`;
  return subtle
    ? encryptWithWebCrypto(subtle, publicKeyPem, plaintext)
    : encryptWithForge(publicKeyPem, plaintext);
}
