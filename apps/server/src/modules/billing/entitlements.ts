import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, type Plan, type PlanMode } from '@tracklane/shared/billing/billing.schema';
import type { Database } from '../../db/client';
import { organizationMembers, organizations, workspaces } from '../../db/schema/organizations';
import { plans } from '../../db/schema/plans';
import { AppError } from '../../lib/app-error';
import { allModeFeatures } from '../../modes';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { pendingInvitationSeats } from '../organizations/organizations.service';
import { inOrganization, inWorkspaces, theOrganization } from '../../tenancy/scope';

type PlanRow = typeof plans.$inferSelect;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPrice: row.monthlyPrice,
    yearlyPrice: row.yearlyPrice,
    currency: row.currency,
    memberLimit: row.memberLimit,
    shipmentQuota: row.shipmentQuota,
    features: row.features,
  };
}

/** The plans on offer, cheapest first. */
export async function listActivePlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.position));
}

export async function findPlan(db: Database, planId: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row ?? null;
}

/** Seats in use: members plus addresses holding a seat through a pending invitation. */
export async function seatUsage(db: Database, organizationId: string): Promise<number> {
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(inOrganization({ organizationId }, organizationMembers));
  return (members?.n ?? 0) + (await pendingInvitationSeats(db, organizationId));
}

/**
 * Active shipments of the organization, every mode, every workspace: not archived and not completed.
 * What the quota counts.
 */
export async function activeShipmentUsage(db: Database, organizationId: string): Promise<number> {
  const ids = db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inOrganization({ organizationId }, workspaces));
  const count = async (table: SubscriptionTable) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(inWorkspaces(ids, table), eq(table.archived, false), ne(table.state, 'completed')));
    return row?.n ?? 0;
  };
  let total = 0;
  for (const { table } of allModeFeatures()) total += await count(table);
  return total;
}

/** Refuses a plan the organization's current use does not fit in (a downgrade below usage). */
export async function assertUsageFits(db: Database, organizationId: string, plan: PlanRow): Promise<void> {
  const seats = await seatUsage(db, organizationId);
  if (seats > plan.memberLimit)
    throw new AppError('CONFLICT', BILLING_MESSAGES.seatsOver(seats, plan.memberLimit, plan.name));
  const shipments = await activeShipmentUsage(db, organizationId);
  if (shipments > plan.shipmentQuota)
    throw new AppError('CONFLICT', BILLING_MESSAGES.shipmentsOver(shipments, plan.shipmentQuota, plan.name));
}

/**
 * Moves the organization to a plan: its entitlements are copied from the plan (so raising one
 * organization's limits later needs no new plan). The caller holds the organization lock.
 */
export async function applyPlan(
  tx: Database,
  organizationId: string,
  plan: PlanRow,
  interval: PlanMode,
  billing: { renewsAt: Date | null; stripeCustomerId?: string | null; stripeSubscriptionId?: string | null },
): Promise<void> {
  await tx
    .update(organizations)
    .set({
      plan: plan.id,
      memberLimit: plan.memberLimit,
      shipmentQuota: plan.shipmentQuota,
      planInterval: interval,
      planRenewsAt: billing.renewsAt,
      ...(billing.stripeCustomerId !== undefined ? { stripeCustomerId: billing.stripeCustomerId } : {}),
      ...(billing.stripeSubscriptionId !== undefined
        ? { stripeSubscriptionId: billing.stripeSubscriptionId }
        : {}),
      updatedAt: new Date(),
    })
    .where(theOrganization({ organizationId }));
}
