import type { Organization, Workspace } from '@tracklane/shared/organizations/organizations.schema';
import { canLeaveOrganization } from '@tracklane/shared/organizations/organizations.policy';

export interface RailGroup {
  organization: Organization;
  workspaces: Workspace[];
  /**
   * The user belongs to the organization but to none of its workspaces, and is not its creator: the
   * rail offers to leave it (spec §2).
   */
  offerLeave: boolean;
}

/** The rail's groups, one per organization in the server's order; organizations with nothing to show drop out. */
export function railGroups(organizations: Organization[]): RailGroup[] {
  return organizations
    .map((organization) => ({
      organization,
      workspaces: organization.workspaces,
      offerLeave: organization.workspaces.length === 0 && canLeaveOrganization(organization),
    }))
    .filter((group) => group.workspaces.length > 0 || group.offerLeave);
}
