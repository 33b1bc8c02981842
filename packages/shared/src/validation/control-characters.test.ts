import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerRequestSchema, updateProfileRequestSchema } from '../auth/auth.schema';
import { tagProblem, TAG_MESSAGES } from '../tags/tags.schema';
import { hasControlCharacters, toSingleLine } from './control-characters';

describe('control characters', () => {
  it.each(['\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029'])(
    '%j is one',
    (c) => {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
      expect(toSingleLine(`a${c}${c}b`)).toBe('a b');
    },
  );

  it.each(['Zoë', '上海 物流', 'O’Brien', 'Grace 🚢', '\u00a0', '\u200b'])('%j is not', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(toSingleLine(text)).toBe(text);
  });

  it('a single line holds none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(hasControlCharacters(toSingleLine(text))).toBe(false);
      }),
    );
  });

  it('person names refuse them with a message naming the field', () => {
    const profile = updateProfileRequestSchema.safeParse({
      firstName: 'Eve\r\nBcc: victim@example.com',
      lastName: 'Hopper',
      timeZone: 'UTC',
    });
    expect(profile.error?.issues[0]?.message).toBe(
      'First name cannot contain line breaks, tabs or other control characters',
    );
    const register = registerRequestSchema.safeParse({
      email: 'eve@example.com',
      firstName: 'Eve',
      lastName: 'Hop\tper',
      password: 'x'.repeat(400),
      keyId: 'k1',
      timeZone: 'UTC',
    });
    expect(register.error?.issues[0]?.message).toBe(
      'Last name cannot contain line breaks, tabs or other control characters',
    );
    // Surrounding whitespace is trimmed away, as before.
    expect(
      updateProfileRequestSchema.parse({ firstName: ' Ada\n', lastName: 'Byron', timeZone: 'UTC' }).firstName,
    ).toBe('Ada');
  });

  it('tags refuse the Unicode line separators too', () => {
    expect(tagProblem('urg\u2028ent')).toBe(TAG_MESSAGES.control);
  });
});
