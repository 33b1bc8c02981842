import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describeCondition } from '@tracklane/shared/alerts/alerts.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { alertEpisodes, alertRules } from '../../db/schema/alerts';
import { trackingChanges } from '../../db/schema/notifications';
import { trackedItems } from '../../db/schema/tracking';
import { shipmentReaders } from '../members/shipment-readers';
import { notifyMembers } from '../notifications/record-changes';
import { modeFeatures } from '../../modes';
import { itemsOfMode, type ItemsChangedSubscriber } from '../tracking/items-changed';
import { conditionSql, filtersSql } from './alert-conditions';
import { inWorkspace } from '../../tenancy/scope';

type RuleRow = typeof alertRules.$inferSelect;

/** Which shipments to look at: the subscriptions of the items a refresh stored, or every one (the job). */
export type AlertScope = { itemIds: readonly string[] } | { all: true };

const tableOf = (mode: TrackingMode) => modeFeatures(mode).table;

/**
 * Evaluates a mode's enabled alert rules over the scope and fires each rule once per shipment and
 * episode: a shipment that newly matches opens an episode and is alerted (a notification with the
 * rule's name to its recipients, outside addresses queued for the alerts job); one that stays matched
 * stays quiet; one that stops matching closes its episode, so a later return alerts again. Runs inside
 * the caller's transaction (a refresh's, or the job's).
 *
 * @returns how many alerts fired.
 */
export async function evaluateAlerts(
  tx: Database,
  mode: TrackingMode,
  scope: AlertScope,
  now: Date,
): Promise<number> {
  if ('itemIds' in scope && scope.itemIds.length === 0) return 0;
  const table = tableOf(mode);
  const rules = await tx
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.enabled, true),
        eq(alertRules.mode, mode),
        'itemIds' in scope
          ? inArray(
              alertRules.workspaceId,
              tx
                .select({ id: table.workspaceId })
                .from(table)
                .where(and(inArray(table.itemId, [...scope.itemIds]), eq(table.archived, false))),
            )
          : undefined,
      ),
    );
  let fired = 0;
  for (const rule of rules) fired += await evaluateRule(tx, rule, scope, now);
  return fired;
}

/** One rule over the scope: closes the episodes that ended, opens (and alerts) the new ones. */
export async function evaluateRule(
  tx: Database,
  rule: RuleRow,
  scope: AlertScope,
  now: Date,
): Promise<number> {
  const table = tableOf(rule.mode);
  const condition = conditionSql(rule.mode, rule.condition, now);
  const inScope = 'itemIds' in scope ? inArray(table.itemId, [...scope.itemIds]) : undefined;
  const matches = await tx
    .select({ id: table.id, itemId: table.itemId, mark: condition.mark })
    .from(table)
    .innerJoin(trackedItems, eq(trackedItems.id, table.itemId))
    .where(
      and(
        inWorkspace(rule, table),
        eq(table.archived, false),
        inScope,
        condition.where,
        await filtersSql(tx, rule),
      ),
    );
  const open = await tx
    .select({ id: alertEpisodes.id, subscriptionId: alertEpisodes.subscriptionId, mark: alertEpisodes.mark })
    .from(alertEpisodes)
    .where(
      and(
        eq(alertEpisodes.ruleId, rule.id),
        isNull(alertEpisodes.closedAt),
        'itemIds' in scope ? inArray(alertEpisodes.itemId, [...scope.itemIds]) : undefined,
      ),
    );
  const key = (subscriptionId: string, mark: string) => `${subscriptionId}|${mark}`;
  const matched = new Set(matches.map((m) => key(m.id, m.mark)));
  const ended = open.filter((e) => !matched.has(key(e.subscriptionId, e.mark))).map((e) => e.id);
  if (ended.length)
    await tx.update(alertEpisodes).set({ closedAt: now }).where(inArray(alertEpisodes.id, ended));

  const known = new Set(open.map((e) => key(e.subscriptionId, e.mark)));
  const fresh = matches.filter((m) => !known.has(key(m.id, m.mark)));
  if (fresh.length === 0) return 0;
  const opened = await tx
    .insert(alertEpisodes)
    .values(
      fresh.map((m) => ({
        ruleId: rule.id,
        subscriptionId: m.id,
        itemId: m.itemId,
        mark: m.mark,
        openedAt: now,
      })),
    )
    // Another evaluation opened it meanwhile: it alerts, this one does not.
    .onConflictDoNothing()
    .returning({ id: alertEpisodes.id, itemId: alertEpisodes.itemId });
  const recipients = await recipientsOf(tx, rule);
  const text = `${rule.name}: ${describeCondition(rule.condition)}`;
  for (const episode of opened) {
    const [change] = await tx
      .insert(trackingChanges)
      .values({
        itemId: episode.itemId,
        type: 'alert',
        key: `alert:${episode.id}`,
        text,
        data: { ruleId: rule.id, ruleName: rule.name, subject: rule.condition.kind },
        createdAt: now,
      })
      .returning({ id: trackingChanges.id });
    await notifyMembers(
      tx,
      { changeId: change!.id, workspaceId: rule.workspaceId, userIds: recipients },
      now,
    );
    await tx
      .update(alertEpisodes)
      .set({
        changeId: change!.id,
        emailsPending: rule.scope === 'workspace' ? rule.recipients.emails : [],
      })
      .where(eq(alertEpisodes.id, episode.id));
  }
  return opened.length;
}

/**
 * The members a rule notifies: a personal rule, its owner; a workspace rule, every member or those
 * named. notifyMembers keeps only those still in the workspace who may see its shipments.
 */
async function recipientsOf(tx: Database, rule: RuleRow): Promise<string[]> {
  if (rule.scope === 'personal') return rule.ownerId ? [rule.ownerId] : [];
  if (!rule.recipients.allMembers) return rule.recipients.userIds;
  return (await shipmentReaders(tx, rule.workspaceId)).map((m) => m.userId);
}

/**
 * The alerts' part of the engine's announcement, on the list columns just written: only items whose
 * columns changed can newly meet or leave a condition here (time alone moving one is the sweep's).
 */
export const alertChangedItems: ItemsChangedSubscriber = async ({ tx, modes, items, now }) => {
  for (const mode of Object.values(modes)) {
    const itemIds = itemsOfMode(items, mode.mode)
      .filter((item) => item.columnsChanged)
      .map((item) => item.itemId);
    await evaluateAlerts(tx, mode.mode, { itemIds }, now);
  }
};
