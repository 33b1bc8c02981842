import { describe, expect, it } from 'vitest';
import { nameInitials } from './entity-avatar';

describe('nameInitials', () => {
  it.each([
    ['Default Workspace', 'DW'],
    ['Imports', 'IM'],
    ['acme-freight, inc.', 'AF'],
    ['  ', '?'],
    ['上海 物流', '上物'],
  ])('%j → %s', (name, initials) => {
    expect(nameInitials(name)).toBe(initials);
  });
});
