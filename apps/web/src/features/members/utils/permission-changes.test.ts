import { describe, expect, it } from 'vitest';
import { organizationMembers } from '../../../test/organization-fixtures';
import { changedEntries, draftOf } from './permission-changes';

const [you, grace] = organizationMembers as [
  (typeof organizationMembers)[number],
  (typeof organizationMembers)[number],
];

describe('changedEntries', () => {
  it('sends nothing while every draft matches the server', () => {
    expect(changedEntries(organizationMembers, { [grace.id]: draftOf(grace) })).toEqual([]);
  });

  it('treats workspaces as a set: the same ones in another order are no change', () => {
    expect(
      changedEntries(organizationMembers, { [you.id]: { ...draftOf(you), workspaceIds: ['w-2', 'w-1'] } }),
    ).toEqual([]);
  });

  it('sends each changed member whole, marking the acting user', () => {
    expect(
      changedEntries(organizationMembers, {
        [you.id]: { ...draftOf(you), shipmentPermission: 1 },
        [grace.id]: { ...draftOf(grace), role: 'company_admin' },
      }),
    ).toEqual([
      {
        userId: you.id,
        workspaceIds: ['w-1', 'w-2'],
        role: 'company_admin',
        shipmentPermission: 1,
        you: true,
      },
      { userId: grace.id, workspaceIds: ['w-1'], role: 'company_admin', shipmentPermission: 1, you: false },
    ]);
  });
});
