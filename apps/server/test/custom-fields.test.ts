import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_FIELDS_PER_WORKSPACE } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const addField = (account: Account, body: unknown) =>
  call('POST', '/api/custom-fields', account.cookie, body);
const listFields = async (account: Account) =>
  (await call('GET', '/api/custom-fields', account.cookie)).json().result.fields as {
    id: string;
    name: string;
    type: string;
    choices: string[];
    required: boolean;
    position: number;
  }[];

describe('a workspace’s custom fields', () => {
  it('adds each type, lists in order, changes, reorders and deletes', async () => {
    const team = await buildTeam(app, ctx);
    const added = [];
    for (const body of [
      { name: '  Cost   centre ', type: 'text' },
      { name: 'Pallets', type: 'number', required: true },
      { name: 'Booked on', type: 'date' },
      { name: 'Priority', type: 'choice', choices: ['Low', 'Urgent'] },
      { name: 'Hazards', type: 'multi_choice', choices: ['Flammable', 'Toxic'] },
      { name: 'Portal', type: 'link' },
    ]) {
      const res = await addField(team.owner, body);
      expect(res.statusCode, res.body).toBe(200);
      added.push(res.json().result);
    }
    expect(added[0].name).toBe('Cost centre');
    expect(added[1]).toMatchObject({ type: 'number', required: true, choices: [], position: 1 });
    expect((await listFields(team.owner)).map((f) => f.name)).toEqual([
      'Cost centre',
      'Pallets',
      'Booked on',
      'Priority',
      'Hazards',
      'Portal',
    ]);

    const taken = await addField(team.owner, { name: 'PRIORITY', type: 'text' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The workspace already has a field of that name.');

    const changed = await call('PATCH', `/api/custom-fields/${added[3].id as string}`, team.owner.cookie, {
      name: 'Urgency',
      choices: ['low', 'Normal', 'Urgent'],
      required: true,
    });
    expect(changed.json().result).toMatchObject({
      name: 'Urgency',
      choices: ['low', 'Normal', 'Urgent'],
      required: true,
    });
    const noChoices = await call('PATCH', `/api/custom-fields/${added[0].id as string}`, team.owner.cookie, {
      choices: ['A'],
    });
    expect(noChoices.statusCode).toBe(400);

    const order = [...added].reverse().map((f) => f.id as string);
    const reordered = await call('PUT', '/api/custom-fields/order', team.owner.cookie, { ids: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await listFields(team.owner)).map((f) => f.id)).toEqual(order);
    const partial = await call('PUT', '/api/custom-fields/order', team.owner.cookie, { ids: order.slice(1) });
    expect(partial.statusCode).toBe(400);

    const url = `/api/custom-fields/${added[5].id as string}`;
    expect((await call('DELETE', url, team.owner.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', url, team.owner.cookie)).statusCode).toBe(404);
    expect(await listFields(team.owner)).toHaveLength(5);
  });

  it('refuses bad definitions with a 400 in the envelope', async () => {
    const team = await buildTeam(app, ctx);
    for (const [body, message] of [
      [{ name: '   ', type: 'text' }, 'A field name cannot be empty.'],
      [{ name: 'x'.repeat(61), type: 'text' }, 'A field name has at most 60 characters.'],
      [{ name: 'a\tb', type: 'text' }, 'control characters'],
      [{ name: 'Colour', type: 'colour' }, 'The type is one of'],
      [{ name: 'Priority', type: 'choice' }, 'A choice field needs at least one choice.'],
      [{ name: 'Priority', type: 'choice', choices: [] }, 'A choice field needs at least one choice.'],
      [
        { name: 'Notes', type: 'text', choices: ['A'] },
        'Only single and multiple choice fields have choices.',
      ],
      [{ name: 'Priority', type: 'choice', choices: ['Low', 'LOW'] }, 'Each choice can be given once'],
      [
        { name: 'Priority', type: 'choice', choices: ['x'.repeat(61)] },
        'A choice has at most 60 characters.',
      ],
      [
        { name: 'Priority', type: 'choice', choices: Array.from({ length: 51 }, (_, i) => `C${String(i)}`) },
        'A field has at most 50 choices.',
      ],
      [{ name: 'Notes', type: 'text', required: 'yes' }, 'Send required as true or false.'],
      [{ name: 'Notes', type: 'text', colour: 'red' }, ''],
      [[], ''],
    ] as const) {
      const res = await addField(team.owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(message);
    }
  });

  it('holds the cap under concurrent creation', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.pool.query(
      `INSERT INTO custom_fields (workspace_id, name, type, position)
       SELECT $1, 'Field ' || n, 'text', n FROM generate_series(1, $2::int) AS n`,
      [team.defaultWorkspaceId, MAX_CUSTOM_FIELDS_PER_WORKSPACE - 3],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addField(team.owner, { name: `Parallel ${String(i)}`, type: 'text' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.json().message).toBe('A workspace has at most 50 custom fields.');
    const { rows } = await ctx.pool.query(
      'SELECT count(*)::int AS n FROM custom_fields WHERE workspace_id = $1',
      [team.defaultWorkspaceId],
    );
    expect(rows[0].n).toBe(MAX_CUSTOM_FIELDS_PER_WORKSPACE);
  });

  it('lets members read but only admins write; another workspace’s field is not found', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const noAccess = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const other = await buildTeam(app, ctx);
    const field = (await addField(team.owner, { name: 'Priority', type: 'choice', choices: ['Low'] })).json()
      .result;
    const url = `/api/custom-fields/${field.id as string}`;
    expect(await listFields(member)).toHaveLength(1);
    expect((await addField(member, { name: 'Nope', type: 'text' })).statusCode).toBe(403);
    expect((await call('PATCH', url, member.cookie, { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', url, member.cookie)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/custom-fields/order', member.cookie, { ids: [field.id] })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/custom-fields', noAccess.cookie)).statusCode).toBe(403);
    expect(await listFields(other.owner)).toEqual([]);
    expect((await call('PATCH', url, other.owner.cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', url, other.owner.cookie)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/custom-fields/order', other.owner.cookie, { ids: [field.id] })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', '/api/custom-fields/not-an-id', team.owner.cookie, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/custom-fields', null)).statusCode).toBe(401);
    expect((await listFields(team.owner))[0]!.name).toBe('Priority');
  });
});
