import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_KEYS_PER_WORKSPACE_MAX } from '@tracklane/shared/api-keys/api-keys.schema';
import { MAX_ALERT_RULES } from '@tracklane/shared/alerts/alerts.schema';
import { WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX } from '@tracklane/shared/webhooks/webhooks.schema';
import { alertRules } from '../src/db/schema/alerts';
import { apiKeys } from '../src/db/schema/api-keys';
import { workspaces } from '../src/db/schema/organizations';
import { webhookEndpoints } from '../src/db/schema/webhooks';
import { MAX_WORKSPACES_PER_ORGANIZATION } from '../src/modules/workspaces/workspaces.service';
import { useTestApp } from './app';
import { buildTeam, type Team } from './factories';

/*
 * Every count-then-insert limit holds when the creations arrive together: exactly the cap succeeds,
 * the rest get the cap's 409, and the table holds exactly the cap.
 */

// The receivers are never called: 127.0.0.1 only has to be an allowed target.
const { app, ctx } = await useTestApp({ webhookAllowPrivateTargets: true });

const post = (team: Team, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: team.owner.cookie }, payload });

/** Sends all at once and answers the status codes, sorted. */
async function together(requests: Promise<{ statusCode: number; json: () => { message: string } }>[]) {
  const answers = await Promise.all(requests);
  return {
    codes: answers.map((a) => a.statusCode).sort(),
    refusals: [...new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().message))],
  };
}

const expected = (total: number, allowed: number) => [
  ...Array<number>(allowed).fill(200),
  ...Array<number>(total - allowed).fill(409),
];

describe('caps hold under concurrent creation', () => {
  it(`40 API keys at once leave ${String(API_KEYS_PER_WORKSPACE_MAX)} active`, async () => {
    const team = await buildTeam(app, ctx);
    const { codes, refusals } = await together(
      Array.from({ length: 40 }, (_, i) =>
        post(team, '/api/api-keys', { name: `Key ${String(i)}`, scope: 'read' }),
      ),
    );
    expect(codes).toEqual(expected(40, API_KEYS_PER_WORKSPACE_MAX));
    expect(refusals).toEqual([
      `A workspace can have at most ${String(API_KEYS_PER_WORKSPACE_MAX)} API keys. Revoke one you no longer use first.`,
    ]);
    const [active] = await ctx.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, team.defaultWorkspaceId), isNull(apiKeys.revokedAt)));
    expect(active!.n).toBe(API_KEYS_PER_WORKSPACE_MAX);
  });

  it(`20 webhook endpoints at once leave ${String(WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX)}`, async () => {
    const team = await buildTeam(app, ctx);
    const { codes, refusals } = await together(
      Array.from({ length: 20 }, (_, i) =>
        post(team, '/api/webhooks', {
          url: `http://127.0.0.1:9/hooks/${String(i)}`,
          eventTypes: ['shipment.added'],
        }),
      ),
    );
    expect(codes).toEqual(expected(20, WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX));
    expect(refusals).toEqual([
      `A workspace can have at most ${String(WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX)} webhook endpoints. Delete one first.`,
    ]);
    const [endpoints] = await ctx.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, team.defaultWorkspaceId));
    expect(endpoints!.n).toBe(WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX);
  });

  it(`alert rules stop at ${String(MAX_ALERT_RULES)} a workspace`, async () => {
    const team = await buildTeam(app, ctx);
    const [defaults] = await ctx.db
      .select({ n: count() })
      .from(alertRules)
      .where(eq(alertRules.workspaceId, team.defaultWorkspaceId));
    const room = MAX_ALERT_RULES - defaults!.n;
    const { codes, refusals } = await together(
      Array.from({ length: room + 15 }, (_, i) =>
        post(team, '/api/alert-rules', {
          name: `Rule ${String(i)}`,
          mode: 'ocean',
          condition: { kind: 'rolled' },
          recipients: { allMembers: true, userIds: [], emails: [] },
        }),
      ),
    );
    expect(codes).toEqual(expected(room + 15, room));
    expect(refusals).toEqual([
      `A workspace has at most ${String(MAX_ALERT_RULES)} alert rules. Delete one first.`,
    ]);
    const [rules] = await ctx.db
      .select({ n: count() })
      .from(alertRules)
      .where(eq(alertRules.workspaceId, team.defaultWorkspaceId));
    expect(rules!.n).toBe(MAX_ALERT_RULES);
  });

  it(`workspaces stop at ${String(MAX_WORKSPACES_PER_ORGANIZATION)} an organization`, async () => {
    const team = await buildTeam(app, ctx);
    // All but five places taken (the default workspace is one of them).
    await ctx.db.insert(workspaces).values(
      Array.from({ length: MAX_WORKSPACES_PER_ORGANIZATION - 6 }, (_, i) => ({
        organizationId: team.organizationId,
        name: `Desk ${String(i)}`,
      })),
    );
    const { codes, refusals } = await together(
      Array.from({ length: 12 }, (_, i) =>
        post(team, '/api/workspaces/create', { workspaceName: `Branch ${String(i)}` }),
      ),
    );
    expect(codes).toEqual(expected(12, 5));
    expect(refusals).toEqual([
      `An organization can have at most ${String(MAX_WORKSPACES_PER_ORGANIZATION)} workspaces.`,
    ]);
    const [spaces] = await ctx.db
      .select({ n: count() })
      .from(workspaces)
      .where(eq(workspaces.organizationId, team.organizationId));
    expect(spaces!.n).toBe(MAX_WORKSPACES_PER_ORGANIZATION);
  });
});
