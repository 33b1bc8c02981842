import { describe, expect, it } from 'vitest';
import { entityNameError } from './entity-name';

describe('entityNameError (spec §5, the same schema as the server)', () => {
  it.each([
    ['', 'Minimum length 2.'],
    ['#', 'Minimum length 2.'],
    ['LLC', 'String must not be a standalone abbreviation (LLC, INC).'],
    ['l.l.c', 'String must not be a standalone abbreviation (LLC, INC).'],
    ['x'.repeat(61), 'Maximum length 60.'],
    // A name pasted from a spreadsheet cell with a tab inside is refused, not silently changed.
    ['Imports\tEurope', "String can't contain line breaks, tabs or other control characters."],
  ])('%j → %s', (name, message) => {
    expect(entityNameError(name)).toBe(message);
  });

  it('accepts ordinary names, in any script', () => {
    expect(entityNameError('Imports Europe')).toBeNull();
    expect(entityNameError('Müller-Logistik, Hamburg')).toBeNull();
    expect(entityNameError('上海 物流')).toBeNull();
  });
});
