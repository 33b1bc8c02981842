import type { OrganizationRole } from './organizations.schema';

/** Verdicts the server enforces and the web uses to hide or disable controls (one source of truth). */

export const CANNOT_LEAVE_DEFAULT_WORKSPACE = 'Cannot leave default workspace';

/** Admins see Invite People, View Members (the management page) and Workspace Settings (spec §6). */
export function canManageOrganization(role: OrganizationRole): boolean {
  return role === 'company_admin';
}

/** Everyone may leave a workspace except an admin on the default workspace (spec §5, §6). */
export function leaveWorkspaceVerdict(input: {
  role: OrganizationRole;
  isDefault: boolean;
}): { allowed: true } | { allowed: false; reason: string } {
  if (input.role === 'company_admin' && input.isDefault)
    return { allowed: false, reason: CANNOT_LEAVE_DEFAULT_WORKSPACE };
  return { allowed: true };
}

/** Leaving the organization's only workspace removes the user from the organization too (spec §6). */
export function leavingRemovesFromOrganization(organizationWorkspaceCount: number): boolean {
  return organizationWorkspaceCount <= 1;
}

/** The creator never leaves their own organization; everyone else may. */
export function canLeaveOrganization(input: { isCreator: boolean }): boolean {
  return !input.isCreator;
}

/**
 * spec §6: the shipmentPermission values that show a workspace's shipments (0 view and create, 1 view
 * only); any other is no shipment list. Queries over many workspaces take their predicate from here.
 */
export const SHIPMENT_VIEW_PERMISSIONS: readonly number[] = [0, 1];

/** spec §6: 0 = view and create, 1 = view only, any other = no shipment list. */
export function canViewShipments(shipmentPermission: number): boolean {
  return SHIPMENT_VIEW_PERMISSIONS.includes(shipmentPermission);
}

export function canCreateShipments(shipmentPermission: number): boolean {
  return shipmentPermission === 0;
}
