import type {
  OrganizationMember,
  OrganizationRole,
  PermissionEntry,
} from '@tracklane/shared/organizations/organizations.schema';

/** What the table lets an admin change about one member. */
export interface MemberDraft {
  role: OrganizationRole;
  shipmentPermission: number;
  workspaceIds: string[];
}

export const draftOf = (member: OrganizationMember): MemberDraft => ({
  role: member.role,
  shipmentPermission: member.shipmentPermission,
  workspaceIds: member.workspaceIds,
});

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

export function isDraftChanged(member: OrganizationMember, draft: MemberDraft): boolean {
  return (
    draft.role !== member.role ||
    draft.shipmentPermission !== member.shipmentPermission ||
    !sameSet(draft.workspaceIds, member.workspaceIds)
  );
}

/**
 * The entries of a permissions update (spec §3 Member permission update): one per member whose draft
 * differs from what the server holds, each whole (the server sets every field it receives), `you`
 * marking the acting user's own entry.
 */
export function changedEntries(
  members: OrganizationMember[],
  drafts: Record<string, MemberDraft>,
): PermissionEntry[] {
  return members.flatMap((member) => {
    const draft = drafts[member.id];
    if (!draft || !isDraftChanged(member, draft)) return [];
    return [
      {
        userId: member.id,
        workspaceIds: draft.workspaceIds,
        role: draft.role,
        shipmentPermission: draft.shipmentPermission,
        you: member.you,
      },
    ];
  });
}
