import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyId, lastFour, SecretKeyMissingError } from './secret-box';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const id = randomUUID();
const secret = 'consumer-key-5f2a9c';

describe('the secret box', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const box = createSecretBox({ current: keyA, previous: null });
    const one = box.seal(secret, id);
    const two = box.seal(secret, id);
    expect(one).not.toBe(two);
    expect(one).not.toContain(secret);
    expect(one.startsWith(`v1.${keyId(keyA)}.`)).toBe(true);
    expect(box.open(one, id)).toBe(secret);
    expect(box.open(two, id)).toBe(secret);
  });

  it('refuses a value moved to another row, or changed by one bit', () => {
    const box = createSecretBox({ current: keyA, previous: null });
    const sealed = box.seal(secret, id);
    expect(() => box.open(sealed, randomUUID())).toThrow('does not authenticate');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), id)).toThrow(
      'does not authenticate',
    );
    expect(() => box.open('plain text', id)).toThrow('not a sealed secret');
  });

  it('opens values of the previous key during a rotation, and writes under the current one', () => {
    const old = createSecretBox({ current: keyA, previous: null }).seal(secret, id);
    const rotating = createSecretBox({ current: keyB, previous: keyA });
    expect(rotating.open(old, id)).toBe(secret);
    expect(rotating.keyIdOf(old)).toBe(keyId(keyA));
    expect(rotating.keyIdOf(rotating.seal(secret, id))).toBe(keyId(keyB));
    // Once the previous key is dropped, its values name the missing key instead of failing obscurely.
    const rotated = createSecretBox({ current: keyB, previous: null });
    expect(() => rotated.open(old, id)).toThrow(SecretKeyMissingError);
  });

  it('shows only the last four characters, and nothing of a short secret', () => {
    expect(lastFour('abcdefgh1234')).toBe('1234');
    expect(lastFour('short')).toBe('');
  });
});
