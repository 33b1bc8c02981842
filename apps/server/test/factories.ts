import { and, eq, inArray } from 'drizzle-orm';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import type { App } from '../src/app';
import type { AppContext } from '../src/app-context';
import { organizationMembers, workspaceMembers, workspaces } from '../src/db/schema/organizations';
import { trackedItems } from '../src/db/schema/tracking';
import { demoCarrierKnows } from '../src/integrations/tracking/demo-carrier';
import { refreshItem } from '../src/modules/tracking/refresh.service';
import type { OrganizationRole } from '../src/db/schema/organizations';
import { signUp, type Account } from './auth-helpers';

export interface Team {
  organizationId: string;
  defaultWorkspaceId: string;
  owner: Account;
}

/** A verified user and the organization (with its default workspace) they get. */
export async function buildTeam(app: App, ctx: AppContext): Promise<Team> {
  const owner = await signUp(app, ctx);
  const [home] = await ctx.db
    .select({ organizationId: workspaces.organizationId, id: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, owner.userId), eq(workspaces.isDefault, true)));
  return { organizationId: home!.organizationId, defaultWorkspaceId: home!.id, owner };
}

/**
 * Puts an existing user into an organization (what accepting an invitation will do) and selects it
 * for their session.
 */
export async function addMember(
  app: App,
  ctx: AppContext,
  team: Team,
  options: {
    role?: OrganizationRole;
    shipmentPermission?: number;
    workspaceIds?: string[];
    account?: Account;
  } = {},
): Promise<Account> {
  const account = options.account ?? (await signUp(app, ctx));
  const workspaceIds = options.workspaceIds ?? [team.defaultWorkspaceId];
  await ctx.db.insert(organizationMembers).values({
    organizationId: team.organizationId,
    userId: account.userId,
    role: options.role ?? 'general_user',
    shipmentPermission: options.shipmentPermission ?? 0,
  });
  if (workspaceIds.length)
    await ctx.db
      .insert(workspaceMembers)
      .values(workspaceIds.map((workspaceId) => ({ workspaceId, userId: account.userId })));
  await app.inject({
    method: 'POST',
    url: '/api/organization/currentId',
    headers: { cookie: account.cookie },
    payload: { organizationId: team.organizationId },
  });
  return account;
}

export async function createWorkspaceAs(app: App, cookie: string, workspaceName: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/workspaces/create',
    headers: { cookie },
    payload: { workspaceName },
  });
  if (res.statusCode !== 200) throw new Error(`create workspace failed: ${res.body}`);
  return res.json().result.id as string;
}

let serial = 100000;
/** A fresh, valid container number (ISO 6346 check digit computed). */
export function containerNo(owner = 'TGHU'): string {
  const base = `${owner}${String(serial++)}`;
  return `${base}${String(containerCheckDigit(base))}`;
}

let bill = 700000000;
/**
 * A fresh bill of lading. Deterministic, like the container numbers: the demo carrier's voyages (and so
 * each test file's data) are then the same at every run.
 */
export const mbl = () => `MEDU${String(bill++)}`;

/**
 * A fresh container on a fresh bill that the demo carrier knows (it answers some numbers "not found"):
 * for tests that need its events, whatever numbers other test files took before in the worker.
 */
export function knownBox(): { containerNo: string; mblNo: string } {
  for (;;) {
    const box = { containerNo: containerNo(), mblNo: mbl() };
    if (demoCarrierKnows(box.containerNo, box.mblNo)) return box;
  }
}

/** Asks the providers about the items with these tracking numbers only, not about other tests'. */
export async function refreshTracked(ctx: AppContext, trackingNos: string[]): Promise<void> {
  const rows = await ctx.db
    .select({ id: trackedItems.id })
    .from(trackedItems)
    .where(inArray(trackedItems.trackingNo, trackingNos));
  for (const r of rows) await refreshItem(ctx, ctx.tracking, r.id, new Date());
}
