import type { OrganizationRole } from '../organizations/organizations.schema';
import { canManageOrganization, canViewShipments } from '../organizations/organizations.policy';

/**
 * Who may do what with comments (ADR 0018). Comments belong to a workspace's shipment; anyone who may
 * view the shipment there reads them and may write one: a comment discusses the shipment, it does not
 * change it, so view-only members (shipmentPermission 1) take part too.
 */
export function canComment(shipmentPermission: number): boolean {
  return canViewShipments(shipmentPermission);
}

/** Only the author edits a comment, admins included: nobody puts words in someone else's mouth. */
export function canEditComment(input: { authorId: string | null; userId: string }): boolean {
  return input.authorId !== null && input.authorId === input.userId;
}

/** The author deletes their own comment; a company admin may delete any in their organization. */
export function canDeleteComment(input: {
  authorId: string | null;
  userId: string;
  role: OrganizationRole;
}): boolean {
  return canEditComment(input) || canManageOrganization(input.role);
}
