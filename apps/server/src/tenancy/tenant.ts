import { and, eq } from 'drizzle-orm';
import type { OrganizationRole } from '@tracklane/shared/organizations/organizations.schema';
import type { Database } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { memberships } from './memberships';
import { inWorkspace } from './scope';

/** Where a request works: the session's organization and workspace, checked against memberships. */
export interface Tenant {
  userId: string;
  organizationId: string;
  workspaceId: string;
  role: OrganizationRole;
  shipmentPermission: number;
  isCreator: boolean;
  isDefaultWorkspace: boolean;
}

/** The tenant for a user in a workspace, or null when the user is not a member of it. */
export async function loadTenant(db: Database, userId: string, workspaceId: string): Promise<Tenant | null> {
  const [row] = await db
    .select({
      organizationId: memberships.organizationId,
      workspaceId: memberships.workspaceId,
      role: memberships.role,
      shipmentPermission: memberships.shipmentPermission,
      creatorId: organizations.creatorId,
      isDefaultWorkspace: memberships.isDefaultWorkspace,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(inWorkspace({ workspaceId }, memberships), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) return null;
  const { creatorId, ...rest } = row;
  return { userId, ...rest, isCreator: creatorId === userId };
}
