import { describe, expect, it } from 'vitest';
import { acme, acmeImports, allOrganizations, beta, gamma } from '../../../test/organization-fixtures';
import { resolveSelection } from './current-selection';

describe('resolveSelection', () => {
  it('keeps what the shell needs of the selected organization and workspace', () => {
    expect(resolveSelection(allOrganizations, { organizationId: 'o-1', workspaceId: 'w-2' })).toEqual({
      status: 'selected',
      organization: {
        organizationId: 'o-1',
        organizationName: 'Acme Freight',
        role: 'company_admin',
        shipmentPermission: 0,
        isCreator: true,
        image: null,
      },
      workspace: { workspaceId: 'w-2', name: acmeImports.name, isDefault: false, image: null },
    });
  });

  it('selects an organization without a workspace when the user is in none of them', () => {
    const resolved = resolveSelection(allOrganizations, {
      organizationId: gamma.organizationId,
      workspaceId: null,
    });
    expect(resolved).toMatchObject({ status: 'selected', workspace: null });
  });

  it('is empty when the server has nothing to select', () => {
    expect(resolveSelection(allOrganizations, { organizationId: null, workspaceId: null })).toEqual({
      status: 'none',
    });
  });

  it('flags a list that does not know the selection yet, instead of guessing', () => {
    expect(resolveSelection([acme], { organizationId: beta.organizationId, workspaceId: 'w-3' })).toEqual({
      status: 'stale',
    });
    expect(resolveSelection([acme], { organizationId: 'o-1', workspaceId: 'w-new' })).toEqual({
      status: 'stale',
    });
  });
});
