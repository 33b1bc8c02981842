import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertRules } from '../src/db/schema/alerts';
import { addMember, buildTeam } from './factories';
import { useAlertsApp } from './support/alerts';

const { app, ctx, db, call, rule, addRule } = await useAlertsApp();

describe('alert rules: who may define them', () => {
  it('gives a new workspace the three default rules, which its admin may edit', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner, 'GET', '/api/alert-rules');
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.managesWorkspaceRules).toBe(true);
    expect(result.rules.map((r: { name: string }) => r.name)).toEqual([
      'Last free day in 2 days',
      'ETA slipped over 24 h',
      'Rolled',
    ]);
    expect(
      result.rules.every((r: { canEdit: boolean; scope: string }) => r.canEdit && r.scope === 'workspace'),
    ).toBe(true);
    const [lfd] = result.rules;
    const edited = await call(team.owner, 'PUT', `/api/alert-rules/${lfd.id}`, {
      ...rule({ name: 'LFD in 3 days', condition: { kind: 'lfd', days: 3 } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      name: 'LFD in 3 days',
      condition: { kind: 'lfd', days: 3 },
    });
  });

  it('lets a member who may add shipments define rules for themselves only', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const created = await call(member, 'POST', '/api/alert-rules', {
      ...rule({ recipients: { allMembers: true, userIds: [], emails: ['boss@example.com'] } }),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result).toMatchObject({
      scope: 'personal',
      ownerId: member.userId,
      recipients: { allMembers: false, userIds: [member.userId], emails: [] },
      canEdit: true,
    });
    const list = (await call(member, 'GET', '/api/alert-rules')).json().result;
    expect(list.managesWorkspaceRules).toBe(false);
    expect(list.members.map((m: { userId: string }) => m.userId)).toEqual([member.userId]);
    const workspaceRule = list.rules.find((r: { scope: string }) => r.scope === 'workspace');
    expect(workspaceRule.canEdit).toBe(false);
    const refused = await call(member, 'PATCH', `/api/alert-rules/${workspaceRule.id}`, { enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/only your own alert rules/);
    expect((await call(member, 'DELETE', `/api/alert-rules/${workspaceRule.id}`)).statusCode).toBe(403);
    const own = created.json().result.id as string;
    expect(
      (await call(member, 'PATCH', `/api/alert-rules/${own}`, { enabled: false })).json().result.enabled,
    ).toBe(false);
    // Another member does not see it; the admin does, and may change it.
    const colleague = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const theirs = (await call(colleague, 'GET', '/api/alert-rules')).json().result.rules;
    expect(theirs.map((r: { id: string }) => r.id)).not.toContain(own);
    const admins = (await call(team.owner, 'GET', '/api/alert-rules')).json().result.rules;
    expect(admins.find((r: { id: string }) => r.id === own)).toMatchObject({
      canEdit: true,
      scope: 'personal',
    });
    expect((await call(member, 'DELETE', `/api/alert-rules/${own}`)).statusCode).toBe(200);
  });

  it('refuses view-only members and members without shipment access', async () => {
    const team = await buildTeam(app, ctx);
    for (const shipmentPermission of [1, 2]) {
      const member = await addMember(app, ctx, team, { shipmentPermission });
      const list = await call(member, 'GET', '/api/alert-rules');
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toMatch(/alert rules/);
      expect((await call(member, 'POST', '/api/alert-rules', rule())).statusCode).toBe(403);
    }
  });

  it('never shows or changes another workspace’s rules', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const id = await addRule(team.owner, rule());
    for (const [method, payload] of [
      ['PUT', rule()],
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other.owner, method, `/api/alert-rules/${id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This alert rule does not exist in this workspace.');
    }
    const theirs = (await call(other.owner, 'GET', '/api/alert-rules')).json().result.rules;
    expect(theirs.map((r: { id: string }) => r.id)).not.toContain(id);
    const [stored] = await db.select().from(alertRules).where(eq(alertRules.id, id));
    expect(stored!.enabled).toBe(true);
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const team = await buildTeam(app, ctx);
    const cases: [object, RegExp][] = [
      [rule({ condition: { kind: 'late', hours: 2 } }), /does not apply to this mode/],
      [rule({ condition: { kind: 'lfd', days: -1 } }), /at least 0/],
      [rule({ name: '  ' }), /name/],
      [rule({ recipients: { allMembers: false, userIds: [], emails: [] } }), /Choose who hears/],
      [
        rule({ recipients: { allMembers: false, userIds: [crypto.randomUUID()], emails: [] } }),
        /members of this workspace/,
      ],
      [rule({ recipients: { allMembers: false, userIds: [], emails: ['not-an-address'] } }), /valid e-mail/],
    ];
    for (const [body, message] of cases) {
      const res = await call(team.owner, 'POST', '/api/alert-rules', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call(team.owner, 'PUT', '/api/alert-rules/not-a-uuid', rule())).statusCode).toBe(400);
  });
});
