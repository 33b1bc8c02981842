import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { encryptPassword } from '../../../lib/password-encryption';
import { publicKeyQueryOptions, type PublicKey } from '../api/get-public-key';

export interface EncryptedPassword {
  /** Base64 RSA-OAEP ciphertext of `<Date.now()>:<password>`. */
  ciphertext: string;
  keyId: string;
}

interface SendOptions {
  /** Whether a failure means the server could not read the password, so a fresh key may help. */
  isUnreadable: (error: unknown, keyChanged: boolean) => boolean;
}

async function encryptWith(password: string, key: PublicKey): Promise<EncryptedPassword> {
  return { ciphertext: await encryptPassword(password, key.publicKey), keyId: key.keyId };
}

/** The server could not read the password (BAD_REQUEST): its key may have changed since we fetched it. */
export const unreadableWhenBadRequest: SendOptions = {
  isUnreadable: (error) => isApiError(error) && error.code === 'BAD_REQUEST',
};

/**
 * Sign-in answers a wrong password and an unreadable one alike (no hints for attackers), so only a
 * changed key is worth a second try.
 */
export const unreadableWhenKeyChanged: SendOptions = {
  isUnreadable: (error, keyChanged) =>
    keyChanged && isApiError(error) && error.code === 'INVALID_CREDENTIALS',
};

/**
 * Encrypts the password with the server's key and sends it. When the server could not read it, the
 * key is fetched again and the call repeated once, with a new ciphertext (the server refuses replays).
 */
export async function sendWithEncryptedPassword<T>(
  queryClient: QueryClient,
  password: string,
  send: (encrypted: EncryptedPassword) => Promise<T>,
  { isUnreadable }: SendOptions,
): Promise<T> {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions());
  try {
    return await send(await encryptWith(password, key));
  } catch (error) {
    if (!isUnreadable(error, true)) throw error;
    const fresh = await queryClient
      .fetchQuery({ ...publicKeyQueryOptions(), staleTime: 0 })
      .catch(() => null);
    if (!fresh || !isUnreadable(error, fresh.keyId !== key.keyId)) throw error;
    return send(await encryptWith(password, fresh));
  }
}
