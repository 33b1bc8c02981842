import type { Organization, Selection } from '@tracklane/shared/organizations/organizations.schema';
import type { CurrentOrganization, CurrentWorkspace } from '../stores/workspace-store';

export type ResolvedSelection =
  | { status: 'none' }
  | { status: 'selected'; organization: CurrentOrganization; workspace: CurrentWorkspace | null }
  /** The selection names something the organization list does not hold yet: that list is out of date. */
  | { status: 'stale' };

/** What the store keeps of the server's selection, looked up in the user's organizations. */
export function resolveSelection(organizations: Organization[], selection: Selection): ResolvedSelection {
  if (!selection.organizationId) return { status: 'none' };
  const organization = organizations.find((o) => o.organizationId === selection.organizationId);
  if (!organization) return { status: 'stale' };
  const workspace = selection.workspaceId
    ? organization.workspaces.find((w) => w.workspaceId === selection.workspaceId)
    : null;
  if (workspace === undefined) return { status: 'stale' };
  return {
    status: 'selected',
    organization: {
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      role: organization.role,
      shipmentPermission: organization.shipmentPermission,
      isCreator: organization.isCreator,
      image: organization.image,
    },
    workspace: workspace && {
      workspaceId: workspace.workspaceId,
      name: workspace.name,
      isDefault: workspace.isDefault,
      image: workspace.image,
    },
  };
}
