import { describe, expect, it } from 'vitest';
import { acme, beta, gamma } from '../../../test/organization-fixtures';
import { railGroups } from './rail-groups';

describe('railGroups', () => {
  it('keeps the server order, one group per organization', () => {
    expect(
      railGroups([acme, beta, gamma]).map((g) => [
        g.organization.organizationName,
        g.workspaces.length,
        g.offerLeave,
      ]),
    ).toEqual([
      ['Acme Freight', 2, false],
      ['Beta Logistics', 1, false],
      ['Gamma Shipping', 0, true],
    ]);
  });

  it('never offers its creator to leave an organization, and then has nothing to show for it', () => {
    expect(railGroups([{ ...gamma, isCreator: true }])).toEqual([]);
  });
});
