import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './control-characters';
import { NAME_RULES, entityNameSchema, firstNameError } from './entity-name';

const schemaMessage = (name: string) => {
  const result = entityNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

describe('entity name rules (spec §5)', () => {
  it.each([
    ['a', 'Minimum length 2.'],
    ['!!', "String can't contain only special characters."],
    ['- ,', "String can't contain only special characters."],
    ['Acme & Co', 'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.'],
    [
      'Acme_Logistics',
      'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.',
    ],
    ['   ', "String can't contain only spaces and/or tabs."],
    ['\t \t', "String can't contain only spaces and/or tabs."],
    ['a b', "String can't mix spaces or tabs with single characters."],
    ['A B C', "String can't mix spaces or tabs with single characters."],
    ['LLC', 'String must not be a standalone abbreviation (LLC, INC).'],
    ['inc.', 'String must not be a standalone abbreviation (LLC, INC).'],
    ['L.L.C.', 'String must not be a standalone abbreviation (LLC, INC).'],
    ['.com', "String can't be a top-level domain extension."],
    ['org', "String can't be a top-level domain extension."],
    ['aaa', "String can't contain the same character repeated three or more times with no other characters."],
    [
      '1111',
      "String can't contain the same character repeated three or more times with no other characters.",
    ],
    ['Acme\tLogistics', "String can't contain line breaks, tabs or other control characters."],
    ['Acme Logistics\t', "String can't contain line breaks, tabs or other control characters."],
    // A line break is not among the allowed characters: the spec's rule 3 answers it first.
    [
      'Acme\r\nBcc: eve@example.com',
      'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.',
    ],
    [
      'Acme\u2028Logistics',
      'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.',
    ],
  ])('%j → %s', (name, message) => {
    expect(firstNameError(name)).toBe(message);
    expect(schemaMessage(name)).toBe(message);
  });

  it.each([
    'Acme Logistics',
    'Northwind Freight, Inc.',
    'Ops-EU',
    'Zoë Transport',
    '上海 物流',
    'AB',
    'aab',
    'Team 7',
  ])('accepts %j', (name) => {
    expect(firstNameError(name)).toBeNull();
    expect(entityNameSchema.safeParse(name).success).toBe(true);
  });

  it('normalises spacing of a valid name', () => {
    expect(entityNameSchema.parse('  Acme   Logistics ')).toBe('Acme Logistics');
  });

  it('never lets a control character through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (name) => {
        const parsed = entityNameSchema.safeParse(name);
        if (parsed.success) expect(hasControlCharacters(parsed.data)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  // Names built from the characters the rules care about, so every rule gets exercised.
  const nameArbitrary = fc.string({
    unit: fc.constantFrom(
      'a',
      'b',
      'Z',
      '7',
      'é',
      ' ',
      '\t',
      '\n',
      '\u2028',
      '-',
      ',',
      '.',
      '!',
      '_',
      'L',
      'C',
      'I',
      'N',
      'c',
      'o',
      'm',
    ),
    maxLength: 8,
  });

  it('the form (firstNameError) and the API (entityNameSchema) always give the same verdict', () => {
    fc.assert(
      fc.property(nameArbitrary, (name) => {
        expect(schemaMessage(name)).toBe(firstNameError(name));
      }),
      { numRuns: 2000 },
    );
  });

  it("each rule's message appears exactly when that rule is the first to fail", () => {
    fc.assert(
      fc.property(nameArbitrary, (name) => {
        const failing = NAME_RULES.map((rule) => rule.fails(name));
        const first = failing.indexOf(true);
        const message = firstNameError(name);
        NAME_RULES.forEach((rule, index) => {
          expect(message === rule.message).toBe(index === first);
        });
        expect(message === null).toBe(first === -1);
      }),
      { numRuns: 2000 },
    );
  });
});
