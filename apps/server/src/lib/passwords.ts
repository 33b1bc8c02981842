import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP / ASVS 5.0 L2 minimum for argon2id.
// `Algorithm` is a const enum, which verbatimModuleSyntax cannot read: 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Compared against when the account does not exist, so both cases cost the same time. */
const DUMMY_HASH = hash('tracklane-timing-equaliser', ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
