/*
 * Whom a member asks for more shipment access (spec §6). Members cannot see who the company admins are
 * (the workspace member list carries no roles), so the text names their organization instead.
 */

export function companyAdminOf(organizationName: string | null): string {
  return organizationName ? `a company admin of ${organizationName}` : 'a company admin';
}

/** Why a view-only member (shipmentPermission 1) cannot add shipments, and whom to ask. */
export function viewOnlyExplanation(organizationName: string | null): string {
  return `Your access in this workspace is view only. Ask ${companyAdminOf(organizationName)} to let you create shipments.`;
}

/** Why a member without shipment access (shipmentPermission neither 0 nor 1) sees no shipments. */
export function noAccessExplanation(organizationName: string | null): string {
  return `Your role here does not include shipments, so you can neither see nor add them. Ask ${companyAdminOf(organizationName)} for view or create access.`;
}
