import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { managesWorkspaceAlertRules } from '@tracklane/shared/alerts/alerts.policy';
import {
  DEFAULT_ALERT_RULES,
  MAX_ALERT_RULES,
  type AlertRule,
  type AlertRulesResult,
  type SaveAlertRule,
} from '@tracklane/shared/alerts/alerts.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { alertRules } from '../../db/schema/alerts';
import { users } from '../../db/schema/users';
import { assertCompaniesOfWorkspace } from '../references/companies.service';
import { checkedCustomFilters } from '../custom-fields/custom-field-values.service';
import { AppError } from '../../lib/app-error';
import { createUnderCap, type Cap } from '../../lib/caps';
import { shipmentReaders } from '../members/shipment-readers';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';

type RuleRow = typeof alertRules.$inferSelect;

const NOT_FOUND = 'This alert rule does not exist in this workspace.';
const NOT_YOURS = 'You can change only your own alert rules. Ask a company admin to change this one.';
const NO_RECIPIENT = 'Choose who hears of this rule: all members, some members, or an e-mail address.';
const ROUTE_MEMBERS_ONLY =
  'Exceptions can be routed only to yourself, or by an admin to a member who may see shipments.';
const MEMBERS_ONLY = 'Recipients must be members of this workspace who may see its shipments.';
const TOO_MANY = `A workspace has at most ${String(MAX_ALERT_RULES)} alert rules. Delete one first.`;

/**
 * The rules a tenant sees: an admin every rule of the workspace; anyone else the workspace's rules
 * (read only) and their own. Another workspace's rule is never found.
 */
const visibleTo = (tenant: Tenant): SQL =>
  and(
    inWorkspace(tenant, alertRules),
    managesWorkspaceAlertRules(tenant.role)
      ? undefined
      : or(eq(alertRules.scope, 'workspace'), eq(alertRules.ownerId, tenant.userId)),
  )!;

const editableBy = (tenant: Tenant, rule: Pick<RuleRow, 'scope' | 'ownerId'>) =>
  managesWorkspaceAlertRules(tenant.role) || (rule.scope === 'personal' && rule.ownerId === tenant.userId);

function toRule(tenant: Tenant, row: RuleRow, ownerName: string | null): AlertRule {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    condition: row.condition,
    filters: {
      ...row.filters,
      companies: row.filters.companies ?? [],
      customFields: row.filters.customFields ?? [],
    },
    recipients: row.recipients,
    enabled: row.enabled,
    scope: row.scope,
    ownerId: row.ownerId,
    ownerName,
    exceptionOwnerId: row.exceptionOwnerId,
    canEdit: editableBy(tenant, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Members of the workspace who may see its shipments (the recipients an admin may name). */
async function eligibleMembers(db: Database, workspaceId: string) {
  return (await shipmentReaders(db, workspaceId)).map((m) => ({
    userId: m.userId,
    name: `${m.firstName} ${m.lastName}`.trim(),
    email: m.email,
  }));
}

/** The workspace's alert rules as the tenant may see them, with the members they may name. */
export async function listAlertRules(db: Database, tenant: Tenant): Promise<AlertRulesResult> {
  const manages = managesWorkspaceAlertRules(tenant.role);
  const [rows, members] = await Promise.all([
    db
      .select({
        rule: alertRules,
        ownerName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      })
      .from(alertRules)
      .leftJoin(users, eq(users.id, alertRules.ownerId))
      .where(visibleTo(tenant))
      .orderBy(asc(alertRules.createdAt), asc(alertRules.id)),
    eligibleMembers(db, tenant.workspaceId),
  ]);
  return {
    rules: rows.map((r) => toRule(tenant, r.rule, r.ownerName)),
    managesWorkspaceRules: manages,
    members: manages ? members : members.filter((m) => m.userId === tenant.userId),
  };
}

/**
 * What is stored of a rule a tenant saves: an admin's is the workspace's, with the recipients they
 * chose (members of the workspace who may see shipments); anyone else's is personal, heard by them
 * alone (whatever recipients they sent).
 */
async function checkedRule(db: Database, tenant: Tenant, sent: SaveAlertRule) {
  const exceptionOwnerId = sent.exceptionOwnerId ?? null;
  await assertCompaniesOfWorkspace(db, tenant.workspaceId, sent.filters.companies);
  // Custom field filters are the workspace's fields', stored in each field's own spelling (a choice in
  // its case), or refused (400).
  const input: SaveAlertRule = {
    ...sent,
    filters: {
      ...sent.filters,
      customFields: await checkedCustomFilters(db, tenant.workspaceId, sent.filters.customFields),
    },
  };
  if (exceptionOwnerId && exceptionOwnerId !== tenant.userId) {
    // Anyone may route exceptions to themselves; only an admin to another member who sees shipments.
    const members = managesWorkspaceAlertRules(tenant.role)
      ? await eligibleMembers(db, tenant.workspaceId)
      : [];
    if (!members.some((m) => m.userId === exceptionOwnerId))
      throw new AppError('VALIDATION', ROUTE_MEMBERS_ONLY);
  }
  if (!managesWorkspaceAlertRules(tenant.role)) {
    return {
      ...input,
      exceptionOwnerId,
      scope: 'personal' as const,
      recipients: { allMembers: false, userIds: [tenant.userId], emails: [] },
    };
  }
  const recipients = {
    allMembers: input.recipients.allMembers,
    userIds: input.recipients.allMembers ? [] : [...new Set(input.recipients.userIds)],
    emails: [...new Set(input.recipients.emails)],
  };
  if (!recipients.allMembers && recipients.userIds.length === 0 && recipients.emails.length === 0)
    throw new AppError('VALIDATION', NO_RECIPIENT);
  if (recipients.userIds.length) {
    const members = new Set((await eligibleMembers(db, tenant.workspaceId)).map((m) => m.userId));
    if (!recipients.userIds.every((id) => members.has(id))) throw new AppError('VALIDATION', MEMBERS_ONLY);
  }
  return { ...input, exceptionOwnerId, scope: 'workspace' as const, recipients };
}

async function ruleFor(db: Database, tenant: Tenant, ruleId: string): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(alertRules)
    .where(and(visibleTo(tenant), eq(alertRules.id, ruleId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!editableBy(tenant, row)) throw new AppError('FORBIDDEN', NOT_YOURS);
  return row;
}

async function withOwnerName(db: Database, tenant: Tenant, row: RuleRow): Promise<AlertRule> {
  const [owner] = row.ownerId
    ? await db
        .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(eq(users.id, row.ownerId))
    : [];
  return toRule(tenant, row, owner?.name ?? null);
}

const ruleCap = (workspaceId: string): Cap => ({
  owner: { workspaceId },
  count: async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(alertRules)
      .where(inWorkspace({ workspaceId }, alertRules));
    return existing?.n ?? 0;
  },
  max: MAX_ALERT_RULES,
  message: TOO_MANY,
});

/** Adds a rule (an admin's for the workspace; a member's for themselves). */
export async function createAlertRule(
  ctx: Pick<AppContext, 'db' | 'pool'>,
  tenant: Tenant,
  input: SaveAlertRule,
): Promise<AlertRule> {
  const values = await checkedRule(ctx.db, tenant, input);
  const row = await createUnderCap(ctx.pool, ruleCap(tenant.workspaceId), async ({ tx }) => {
    const [inserted] = await tx
      .insert(alertRules)
      .values({ ...values, workspaceId: tenant.workspaceId, ownerId: tenant.userId })
      .returning();
    return inserted!;
  });
  return withOwnerName(ctx.db, tenant, row);
}

/** Replaces a rule's definition. Open episodes stay open: a changed rule does not alert again at once. */
export async function updateAlertRule(
  db: Database,
  tenant: Tenant,
  ruleId: string,
  input: SaveAlertRule,
): Promise<AlertRule> {
  const current = await ruleFor(db, tenant, ruleId);
  const values = await checkedRule(db, tenant, input);
  const [row] = await db
    .update(alertRules)
    // An admin editing a member's personal rule keeps it theirs.
    .set({
      ...values,
      scope: current.scope,
      recipients: current.scope === 'personal' ? current.recipients : values.recipients,
      updatedAt: new Date(),
    })
    .where(eq(alertRules.id, current.id))
    .returning();
  return withOwnerName(db, tenant, row!);
}

export async function setAlertRuleEnabled(
  db: Database,
  tenant: Tenant,
  ruleId: string,
  enabled: boolean,
): Promise<AlertRule> {
  const current = await ruleFor(db, tenant, ruleId);
  const [row] = await db
    .update(alertRules)
    .set({ enabled, updatedAt: new Date() })
    .where(eq(alertRules.id, current.id))
    .returning();
  return withOwnerName(db, tenant, row!);
}

export async function deleteAlertRule(db: Database, tenant: Tenant, ruleId: string): Promise<void> {
  const current = await ruleFor(db, tenant, ruleId);
  await db.delete(alertRules).where(eq(alertRules.id, current.id));
}

/**
 * The rules a new workspace starts with (LFD in 2 days, ETA slip over 24 h, rolled), heard by every
 * member; the migration gave every existing workspace the same.
 */
export async function createDefaultAlertRules(db: Database, workspaceId: string, ownerId: string | null) {
  const now = Date.now();
  await db.insert(alertRules).values(
    DEFAULT_ALERT_RULES.map((rule, i) => ({
      ...rule,
      // Listed in this order (by creation).
      createdAt: new Date(now + i),
      workspaceId,
      ownerId,
      scope: 'workspace' as const,
      filters: {
        carriers: [],
        pol: [],
        pod: [],
        tags: [],
        companies: [],
        favoritesOnly: false,
        customFields: [],
      },
      recipients: { allMembers: true, userIds: [], emails: [] },
    })),
  );
}
