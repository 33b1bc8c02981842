import { and, asc, eq, inArray } from 'drizzle-orm';
import { SHIPMENT_VIEW_PERMISSIONS } from '@tracklane/shared/organizations/organizations.policy';
import type { Database } from '../../db/client';
import { organizationMembers, workspaceMembers, workspaces } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

/**
 * The members of a workspace who may see its shipments (the shared policy's
 * SHIPMENT_VIEW_PERMISSIONS in its organization), by name: who reads a comment thread and may be
 * mentioned in one, and whom an alert rule may notify.
 */
export function shipmentReaders(db: Database, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      imageUrl: users.avatarUrl,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, workspaces.organizationId),
        eq(organizationMembers.userId, workspaceMembers.userId),
      ),
    )
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(organizationMembers.shipmentPermission, [...SHIPMENT_VIEW_PERMISSIONS]),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
