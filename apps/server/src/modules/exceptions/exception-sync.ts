import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { shipmentExceptionEvents, shipmentExceptions } from '../../db/schema/exceptions';
import { publishLive } from '../../integrations/realtime/publish-live';
import { modeFeatures } from '../../modes';
import type { ItemsChangedSubscriber } from '../tracking/items-changed';
import type { ExceptionScope } from '../tracking/tracking-mode';
import { emitExceptionEvent } from './exception-effects';
import { routeToOwners } from './exception-routing';

const key = (subscriptionId: string, type: string, mark: string) => `${subscriptionId}|${type}|${mark}`;

/**
 * Brings one mode's exceptions in line with what its rules find over the scope, inside the caller's
 * transaction: a finding without an episode opens an exception (audited, routed to the owner an alert rule names,
 * `exception.opened`); an episode whose finding is gone ends, and an exception
 * still open or acknowledged is auto-resolved (audited, `exception.resolved`). Archived shipments are
 * not looked at: their episodes stay as they were.
 *
 * @returns how many exceptions were opened and how many cleared.
 */
export async function syncExceptions(
  tx: Database,
  mode: TrackingMode,
  scope: ExceptionScope,
  now: Date,
): Promise<{ opened: number; cleared: number }> {
  if ('itemIds' in scope && scope.itemIds.length === 0) return { opened: 0, cleared: 0 };
  const findExceptions = modeFeatures(mode).exceptions;
  if (!findExceptions) return { opened: 0, cleared: 0 };
  const subjects = await findExceptions(tx, scope, now);
  if (subjects.length === 0) return { opened: 0, cleared: 0 };
  const x = shipmentExceptions;
  const episodes = await tx
    .select({
      id: x.id,
      subscriptionId: x.subscriptionId,
      workspaceId: x.workspaceId,
      type: x.type,
      mark: x.mark,
      state: x.state,
    })
    .from(x)
    .where(
      and(
        eq(x.mode, mode),
        isNull(x.clearedAt),
        inArray(
          x.subscriptionId,
          subjects.map((s) => s.subscriptionId),
        ),
      ),
    );
  const found = new Set(
    subjects.flatMap((s) => s.findings.map((f) => key(s.subscriptionId, f.type, f.mark))),
  );
  const ended = episodes.filter((e) => !found.has(key(e.subscriptionId, e.type, e.mark)));
  for (const episode of ended) {
    const active = episode.state === 'open' || episode.state === 'acknowledged';
    await tx
      .update(x)
      .set(
        active
          ? { clearedAt: now, state: 'auto_resolved', resolvedAt: now, updatedAt: now }
          : { clearedAt: now },
      )
      .where(eq(x.id, episode.id));
    if (!active) continue;
    await tx
      .insert(shipmentExceptionEvents)
      .values({ exceptionId: episode.id, action: 'auto_resolved', createdAt: now });
    await emitExceptionEvent(tx, 'exception.resolved', episode.id);
  }

  const known = new Set(episodes.map((e) => key(e.subscriptionId, e.type, e.mark)));
  const fresh = subjects.flatMap((s) =>
    s.findings
      .filter((f) => !known.has(key(s.subscriptionId, f.type, f.mark)))
      .map((f) => ({
        workspaceId: s.workspaceId,
        mode,
        subscriptionId: s.subscriptionId,
        itemId: s.itemId,
        type: f.type,
        mark: f.mark,
        detail: f.detail,
        openedAt: now,
        updatedAt: now,
      })),
  );
  const opened = fresh.length
    ? await tx
        .insert(x)
        .values(fresh)
        // Another refresh opened it meanwhile: that one announces it.
        .onConflictDoNothing()
        .returning({ id: x.id, workspaceId: x.workspaceId })
    : [];
  if (opened.length) {
    await tx
      .insert(shipmentExceptionEvents)
      .values(opened.map((o) => ({ exceptionId: o.id, action: 'opened' as const, createdAt: now })));
    await routeToOwners(
      tx,
      opened.map((o) => o.id),
      now,
    );
    for (const o of opened) await emitExceptionEvent(tx, 'exception.opened', o.id);
  }
  const touched = new Set([...opened.map((o) => o.workspaceId), ...ended.map((e) => e.workspaceId)]);
  if (touched.size) await publishLive(tx, { workspaceIds: [...touched] });
  return { opened: opened.length, cleared: ended.length };
}

/**
 * The exceptions' part of the engine's announcement: items whose list columns moved, or that turned
 * out not to be found, can raise or clear an exception, and an item checked again after a silence
 * clears its "no update" at once, whatever the answer said. Time alone moving one (a last free day
 * coming closer, a carrier falling silent) is the sweep's.
 */
export const syncChangedExceptions: ItemsChangedSubscriber = async ({ tx, modes, items, now }) => {
  for (const mode of Object.values(modes)) {
    const itemIds = items
      .filter(
        (item) =>
          item.mode === mode.mode && (item.columnsChanged || item.changes.length > 0 || item.silenceEnded),
      )
      .map((item) => item.itemId);
    await syncExceptions(tx, mode.mode, { itemIds }, now);
  }
};
