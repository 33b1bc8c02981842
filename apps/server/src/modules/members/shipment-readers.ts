import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { memberships, seesShipments } from '../../tenancy/memberships';
import { inWorkspace } from '../../tenancy/scope';

/**
 * The members of a workspace who may see its shipments (the shared policy's
 * view permissions in its organization), by name: who reads a comment thread and may be
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
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inWorkspace({ workspaceId }, memberships), seesShipments))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
