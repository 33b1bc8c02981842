import { and, eq, isNull } from 'drizzle-orm';
import { canViewShipments } from '@tracklane/shared/organizations/organizations.policy';
import { FOLLOWED_MESSAGE } from '@tracklane/shared/realtime/live-pages';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { shipmentShares } from '../../db/schema/sharing';
import type { LiveFollow, RealtimeEvent, SocketOwner } from '../../integrations/realtime/realtime-hub';
import { loadTenant } from '../../tenancy/tenant';
import type { TrackingModes } from '../tracking/tracking-mode';

/** What a tab asks to follow: its current workspace and the shipment it shows, either may be null. */
export interface FollowRequest {
  workspaceId: string | null;
  shipmentId: string | null;
}

/** The follow request in a socket message, or null for anything else (ignored). */
export function parseFollowRequest(data: unknown): FollowRequest | null {
  const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : null;
  // A follow request is two ids: anything longer is not one.
  if (text === null || text.length > 512) return null;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, workspaceId = null, shipmentId = null } = message as Record<string, unknown>;
  if (type !== 'follow') return null;
  if (workspaceId !== null && !isUuid(workspaceId)) return null;
  if (shipmentId !== null && !isUuid(shipmentId)) return null;
  return { workspaceId, shipmentId };
}

/** Whether the user may see shipments in the workspace (a member with shipment permission). */
async function mayViewWorkspace(db: Database, userId: string, workspaceId: string): Promise<boolean> {
  const tenant = await loadTenant(db, userId, workspaceId);
  return tenant !== null && canViewShipments(tenant.shipmentPermission);
}

/**
 * Whether the user may see the shipment: it is in a workspace where they see shipments, or it is
 * shared with their address and not revoked.
 */
async function mayViewShipment(
  db: Database,
  modes: TrackingModes,
  owner: Pick<SocketOwner, 'userId' | 'email'>,
  shipmentId: string,
): Promise<boolean> {
  for (const mode of Object.values(modes)) {
    const table = mode.features.table;
    const [row] = await db
      .select({ workspaceId: table.workspaceId })
      .from(table)
      .where(eq(table.id, shipmentId))
      .limit(1);
    if (row && (await mayViewWorkspace(db, owner.userId, row.workspaceId))) return true;
  }
  const [share] = await db
    .select({ id: shipmentShares.id })
    .from(shipmentShares)
    .where(
      and(
        eq(shipmentShares.shipmentId, shipmentId),
        eq(shipmentShares.email, owner.email.toLowerCase()),
        isNull(shipmentShares.revokedAt),
      ),
    )
    .limit(1);
  return share !== undefined;
}

/** The live topics of a request that the owner may follow; the rest are dropped without a word. */
export async function allowedFollow(
  db: Database,
  modes: TrackingModes,
  owner: Pick<SocketOwner, 'userId' | 'email'>,
  request: FollowRequest,
): Promise<LiveFollow> {
  const [workspace, shipment] = await Promise.all([
    request.workspaceId ? mayViewWorkspace(db, owner.userId, request.workspaceId) : false,
    request.shipmentId ? mayViewShipment(db, modes, owner, request.shipmentId) : false,
  ]);
  return {
    workspaceIds: workspace && request.workspaceId ? [request.workspaceId] : [],
    shipmentIds: shipment && request.shipmentId ? [request.shipmentId] : [],
  };
}

/** Whether an access change may concern what this socket follows. */
function concerns(event: RealtimeEvent, owner: SocketOwner, request: FollowRequest): boolean {
  if (event.topic !== 'accessChanged' && event.topic !== 'sessionsEnded') return false;
  if (event.userIds?.includes(owner.userId) || event.sessionIds?.includes(owner.sessionId)) return true;
  return (
    event.topic === 'accessChanged' &&
    request.workspaceId !== null &&
    (event.workspaceIds?.includes(request.workspaceId) ?? false)
  );
}

/**
 * Lets a signed-in socket follow live topics (ADR 0041): each `{"type":"follow", workspaceId,
 * shipmentId}` message replaces what it follows with what the owner may see of it, and is answered
 * with `{"type":"followed", workspaceId, shipmentId}` naming what is followed (null where refused). When the owner's
 * access changes (a role, a membership, a workspace removed) or the hub missed events, the last request
 * is checked again, so a socket never keeps hearing of a workspace its user left.
 */
export function acceptFollowRequests(ctx: AppContext, owner: SocketOwner, socket: WebSocket): void {
  let last: FollowRequest | null = null;
  // Requests are checked one after another, so an older answer never replaces a newer request's.
  let queue = Promise.resolve();
  const check = (request: FollowRequest) => {
    queue = queue
      .then(async () => {
        const allowed = await allowedFollow(ctx.db, ctx.tracking.modes, owner, request);
        if (last !== request) return;
        ctx.realtime.follow(socket, allowed);
        // What is followed from now on: a page knows that what it loads next is covered.
        if (socket.readyState === socket.OPEN)
          socket.send(
            JSON.stringify({
              ...FOLLOWED_MESSAGE,
              workspaceId: allowed.workspaceIds?.[0] ?? null,
              shipmentId: allowed.shipmentIds?.[0] ?? null,
            }),
          );
      })
      .catch((err: unknown) => {
        ctx.logger.warn({ err }, 'could not check what a socket may follow');
        if (last === request) ctx.realtime.follow(socket, {});
      });
  };
  socket.on('message', (data: unknown) => {
    const request = parseFollowRequest(data);
    if (!request) return;
    last = request;
    check(request);
  });
  const unsubscribe = ctx.realtime.subscribe({
    event: (event) => {
      if (last && concerns(event, owner, last)) check(last);
    },
    reset: () => {
      if (last) check(last);
    },
  });
  socket.on('close', unsubscribe);
}
