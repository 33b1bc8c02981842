import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { organizationMembers } from '../../../db/schema/organizations';
import { publishToUsers } from '../../../integrations/realtime/realtime-hub';
import { inOrganization } from '../../../tenancy/scope';

/**
 * Tells the organization's company admins' open carrier connections pages to refetch, when the
 * transaction commits (a change, a test's health, subscriptions made or ended, a callback received).
 */
export async function announceConnections(tx: Database, organizationId: string): Promise<void> {
  const admins = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        inOrganization({ organizationId }, organizationMembers),
        eq(organizationMembers.role, 'company_admin'),
      ),
    );
  await publishToUsers(
    tx,
    'carrierConnections',
    admins.map((a) => a.userId),
  );
}
