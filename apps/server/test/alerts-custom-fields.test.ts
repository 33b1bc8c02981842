import { describe, expect, it } from 'vitest';
import { CUSTOM_FILTER_MESSAGES } from '@tracklane/shared/custom-fields/custom-field-filters';
import { CUSTOM_VALUE_MESSAGES } from '@tracklane/shared/custom-fields/custom-field-values';
import type { Account } from './auth-helpers';
import { addMember, type Team } from './factories';
import { defineFields } from './support/custom-fields';
import { useAlertsApp } from './support/alerts';

/** Alert rules limited by custom fields (ADR 0055): saved checked, evaluated as a list's `cf` filter. */
const { app, ctx, call, rule, quietTeam, addRule, oceanShipment, expressShipment, evaluate, alertsOf } =
  await useAlertsApp();

const NO_FILTERS = { carriers: [], pol: [], pod: [], tags: [], companies: [], favoritesOnly: false };
const withCustom = (customFields: { fieldId: string; value: string }[], over: object = {}) =>
  rule({ condition: { kind: 'rolled' }, filters: { ...NO_FILTERS, customFields }, ...over });

const FIELDS = [
  { name: 'Project', type: 'text' },
  { name: 'Priority', type: 'choice', choices: ['Low', 'High', 'Urgent'] },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
];

async function setValues(team: Team, mode: 'ocean' | 'express', id: string, values: object) {
  const res = await call(team.owner, 'PATCH', `/api/shipments/${mode}/${id}/custom-fields`, { values });
  expect(res.statusCode, res.body).toBe(200);
}

const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
const NOW = new Date('2026-11-20T00:00:00Z');

const listedFilters = async (account: Account) =>
  (await call(account, 'GET', '/api/alert-rules')).json<{
    result: { rules: { id: string; filters: { customFields: { fieldId: string; value: string }[] } }[] };
  }>().result.rules;

describe('alert rules with custom field filters: evaluation', () => {
  it('alerts only for shipments whose fields match, by each type (ocean)', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    await addRule(
      team.owner,
      withCustom([
        { fieldId: f.Project!, value: 'alpha' },
        { fieldId: f.Priority!, value: 'high,urgent' },
        { fieldId: f.Pallets!, value: '10..' },
        { fieldId: f['Booked on']!, value: '..2026-12-31' },
      ]),
    );
    const all = {
      [f.Project!]: 'Alpha',
      [f.Priority!]: 'Urgent',
      [f.Pallets!]: 12,
      [f['Booked on']!]: '2026-11-01',
    };
    const match = await oceanShipment(team.defaultWorkspaceId, rolled);
    await setValues(team, 'ocean', match.sub.id, all);
    const lowPriority = await oceanShipment(team.defaultWorkspaceId, rolled);
    await setValues(team, 'ocean', lowPriority.sub.id, { ...all, [f.Priority!]: 'Low' });
    const fewPallets = await oceanShipment(team.defaultWorkspaceId, rolled);
    await setValues(team, 'ocean', fewPallets.sub.id, { ...all, [f.Pallets!]: 9 });
    const otherProject = await oceanShipment(team.defaultWorkspaceId, rolled);
    await setValues(team, 'ocean', otherProject.sub.id, { ...all, [f.Project!]: 'Alphabet' });
    const missing = await oceanShipment(team.defaultWorkspaceId, rolled);

    expect(await evaluate('ocean', match.item.id, NOW)).toBe(1);
    for (const other of [lowPriority, fewPallets, otherProject, missing])
      expect(await evaluate('ocean', other.item.id, NOW)).toBe(0);
    expect(await alertsOf(match.item.id)).toHaveLength(1);
  });

  it('alerts for parcels whose fields match (express)', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    await addRule(
      team.owner,
      withCustom([{ fieldId: f.Project!, value: 'Beta' }], {
        mode: 'express',
        condition: { kind: 'exception' },
      }),
    );
    const match = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    await setValues(team, 'express', match.sub.id, { [f.Project!]: 'beta' });
    const other = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    await setValues(team, 'express', other.sub.id, { [f.Project!]: 'Gamma' });
    expect(await evaluate('express', match.item.id, NOW)).toBe(1);
    expect(await evaluate('express', other.item.id, NOW)).toBe(0);
  });

  it('a deleted field: the rule keeps its filter, shown as saved, and matches nothing', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    const ruleId = await addRule(team.owner, withCustom([{ fieldId: f.Project!, value: 'Alpha' }]));
    const match = await oceanShipment(team.defaultWorkspaceId, rolled);
    await setValues(team, 'ocean', match.sub.id, { [f.Project!]: 'Alpha' });
    const deleted = await call(team.owner, 'DELETE', `/api/custom-fields/${f.Project!}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    expect(await evaluate('ocean', match.item.id, NOW)).toBe(0);
    const [listed] = await listedFilters(team.owner);
    expect(listed).toMatchObject({ id: ruleId, filters: { customFields: [{ fieldId: f.Project }] } });
    // Saving it again as it is is refused: the editor asks to remove the filter.
    const again = await call(
      team.owner,
      'PUT',
      `/api/alert-rules/${ruleId}`,
      withCustom(listed!.filters.customFields),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CUSTOM_VALUE_MESSAGES.unknownField);
    const removed = await call(team.owner, 'PUT', `/api/alert-rules/${ruleId}`, withCustom([]));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await evaluate('ocean', match.item.id, NOW)).toBe(1);
  });

  it('a rule saved before custom field filters has none and filters nothing', async () => {
    const team = await quietTeam();
    await addRule(team.owner, withCustom([]));
    await ctx.pool.query(
      `UPDATE alert_rules SET filters = filters - 'customFields' WHERE workspace_id = $1`,
      [team.defaultWorkspaceId],
    );
    expect((await listedFilters(team.owner)).map((r) => r.filters.customFields)).toEqual([[]]);
    const box = await oceanShipment(team.defaultWorkspaceId, rolled);
    expect(await evaluate('ocean', box.item.id, NOW)).toBe(1);
  });
});

describe('alert rules with custom field filters: saving', () => {
  it('stores each value as its field spells it (choices in the field’s order)', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    await addRule(
      team.owner,
      withCustom([
        { fieldId: f.Priority!, value: 'urgent, high' },
        { fieldId: f.Pallets!, value: ' 5 ' },
      ]),
    );
    const [listed] = await listedFilters(team.owner);
    expect(listed!.filters.customFields).toEqual([
      { fieldId: f.Priority, value: 'High,Urgent' },
      { fieldId: f.Pallets, value: '5..5' },
    ]);
  });

  it('refuses another workspace’s field, an unknown id, a repeated field and a value the type refuses', async () => {
    const team = await quietTeam();
    const other = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    const theirs = await defineFields(app, other, [{ name: 'Project', type: 'text' }]);
    const cases: [{ fieldId: string; value: string }[], string][] = [
      [[{ fieldId: theirs.Project!, value: 'Alpha' }], CUSTOM_VALUE_MESSAGES.unknownField],
      [[{ fieldId: '00000000-0000-4000-8000-000000000000', value: 'x' }], CUSTOM_VALUE_MESSAGES.unknownField],
      [
        [
          { fieldId: f.Project!, value: 'a' },
          { fieldId: f.Project!, value: 'b' },
        ],
        CUSTOM_FILTER_MESSAGES.repeated,
      ],
      [[{ fieldId: f.Priority!, value: 'Someday' }], `Priority: ${CUSTOM_VALUE_MESSAGES.choice}`],
      [[{ fieldId: f.Pallets!, value: '9..3' }], CUSTOM_FILTER_MESSAGES.range],
      [[{ fieldId: f['Booked on']!, value: '2026-02-30' }], `Booked on: ${CUSTOM_VALUE_MESSAGES.date}`],
    ];
    for (const [customFields, message] of cases) {
      const res = await call(team.owner, 'POST', '/api/alert-rules', withCustom(customFields));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.json().message, JSON.stringify(customFields)).toContain(message);
    }
    // The other team's rule on its own field is fine.
    expect(
      (
        await call(
          other.owner,
          'POST',
          '/api/alert-rules',
          withCustom([{ fieldId: theirs.Project!, value: 'Alpha' }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses hostile input with a 400: a non-uuid id, an empty or huge value, too many filters', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    const bodies = [
      [{ fieldId: "x' OR 1=1 --", value: 'a' }],
      [{ fieldId: f.Project!, value: '   ' }],
      [{ fieldId: f.Project!, value: 'x'.repeat(5000) }],
      [{ fieldId: f.Project!, value: 'a\nb' }],
      Array.from({ length: 21 }, () => ({ fieldId: f.Project!, value: 'a' })),
      [{ fieldId: f.Project!, value: 5 }],
      [{ fieldId: f.Project!, value: 'a', extra: true }],
    ];
    for (const customFields of bodies) {
      const res = await call(team.owner, 'POST', '/api/alert-rules', withCustom(customFields as never));
      expect(res.statusCode, JSON.stringify(customFields).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('lets a member save a personal rule on the workspace’s fields; refuses a view-only one and another workspace', async () => {
    const team = await quietTeam();
    const f = await defineFields(app, team, FIELDS);
    const body = withCustom([{ fieldId: f.Project!, value: 'Mine' }]);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await call(viewer, 'POST', '/api/alert-rules', body)).statusCode).toBe(403);
    const member = await addMember(app, ctx, team, {});
    const res = await call(member, 'POST', '/api/alert-rules', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      scope: 'personal',
      filters: { customFields: [{ fieldId: f.Project, value: 'Mine' }] },
    });
    // Another workspace's owner can neither change it nor use the field.
    const stranger = await quietTeam();
    const id = res.json().result.id as string;
    expect((await call(stranger.owner, 'PUT', `/api/alert-rules/${id}`, withCustom([]))).statusCode).toBe(
      404,
    );
    expect((await call(stranger.owner, 'POST', '/api/alert-rules', body)).statusCode).toBe(400);
  });
});
