import { canManageOrganization, canCreateShipments } from '../organizations/organizations.policy';
import type { OrganizationRole } from '../organizations/organizations.schema';

/**
 * Who may define alert rules: company admins (for the workspace) and members who may add and change
 * shipments (shipmentPermission 0, for themselves only). View-only members and members without
 * shipment access may not.
 */
export function canDefineAlertRules(role: OrganizationRole, shipmentPermission: number): boolean {
  return canManageOrganization(role) || canCreateShipments(shipmentPermission);
}

/** Admins manage every rule of the workspace and may name any member or outside address. */
export function managesWorkspaceAlertRules(role: OrganizationRole): boolean {
  return canManageOrganization(role);
}

/** Workspace free-time and tariff defaults: company admins only. */
export function canManageFreeTimeDefaults(role: OrganizationRole): boolean {
  return canManageOrganization(role);
}
