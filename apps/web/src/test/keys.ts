/** An RSA key pair like the server's, made with WebCrypto, to check what the app encrypts. */
export interface TestKeys {
  keyId: string;
  publicKeyPem: string;
  /** Decrypts a base64 ciphertext the app sent, as the server would. */
  decrypt: (base64: string) => Promise<string>;
}

let keys: Promise<TestKeys> | undefined;

async function generate(): Promise<TestKeys> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return {
    keyId: 'test-key-1',
    publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`,
    decrypt: async (ciphertext) => {
      const bytes = Uint8Array.from(atob(ciphertext), (c) => c.charCodeAt(0));
      const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes);
      return new TextDecoder().decode(plain);
    },
  };
}

/** One key pair per test file: generating RSA keys is slow. */
export function testKeys(): Promise<TestKeys> {
  keys ??= generate();
  return keys;
}
