import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/auth-codes';
import { terminalFacts } from '../src/db/schema/tracking';
import { buildTeam, containerNo, refreshTracked } from './factories';
import { availabilityRecord } from './fake-terminal';
import { useTerminalAvailabilityApp } from './support/terminal-availability';

const {
  terminal,
  app,
  ctx,
  bill,
  record,
  dischargedAtLosAngeles,
  connectTerminal,
  follow,
  detail,
  rule,
  health,
} = await useTerminalAvailabilityApp();

describe('a hostile terminal', () => {
  /** An organization following a discharged box, connected to the terminal, with what it first said. */
  async function known() {
    const team = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    const id = await connectTerminal(team);
    const before = await detail(team, box, mbl);
    expect(before.terminal?.status).toBe('on_hold');
    // What the terminal says next, if it is allowed to say it.
    terminal.records.set(`USLAX:${box}`, record(box, { containerHolds: '', readyForDelivery: 'Y' }));
    return { team, box, mbl, id, before };
  }

  const withOverride = async (override: typeof terminal.override, work: () => Promise<void>) => {
    terminal.override = override;
    try {
      await work();
    } finally {
      terminal.override = null;
    }
  };

  it('gets a fresh token when one expires early or is revoked, once', async () => {
    const { team, box, mbl } = await known();
    for (const token of terminal.validTokens) terminal.expiredTokens.add(token);
    const requests = terminal.tokenRequests;
    await refreshTracked(ctx, [box]);
    expect(terminal.tokenRequests - requests).toBe(1);
    expect((await detail(team, box, mbl)).terminal?.status).toBe('available');
  });

  it.each([
    ['429 with Retry-After', 429, { 'retry-after': '120' }, '', 'rate_limited', 'HTTP 429'],
    ['a 5xx', 503, {}, '', 'unreachable', 'the terminal answered HTTP 503'],
    [
      'a refused token',
      401,
      {},
      '{"code":"401"}',
      'wrong_credentials',
      'credentials were refused (HTTP 401)',
    ],
    [
      'a payload that is not the API’s',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify({ containers: [{ id: 'x' }] }),
      'not_dcsa',
      'not APM Terminals Import Availability (containerId',
    ],
    [
      'a record with the wrong types',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify([{ containerId: 'MSKU0000000', readyForDelivery: { yes: true } }]),
      'not_dcsa',
      'readyForDelivery',
    ],
    [
      'an answer for another container',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify([availabilityRecord('TGHU9999990')]),
      'not_dcsa',
      'which it was not asked about',
    ],
    [
      'a date that is not a date',
      200,
      { 'content-type': 'application/json' },
      '__RECORD_WITH_BAD_DATE__',
      'not_dcsa',
      'storagePaidThroughDate: is not an ISO 8601 date',
    ],
  ] as const)(
    'on %s stores nothing, keeps what it knew, and says so in health',
    async (_, status, headers, body, errorClass, words) => {
      const { team, box, mbl, id, before } = await known();
      const answer =
        body === '__RECORD_WITH_BAD_DATE__'
          ? JSON.stringify([record(box, { storagePaidThroughDate: '03/08/2026' })])
          : body;
      await withOverride(
        (_req, res) => (res.writeHead(status, headers).end(answer), true),
        () => refreshTracked(ctx, [box]),
      );
      const after = await detail(team, box, mbl);
      expect(after.terminal?.facts).toEqual(before.terminal?.facts);
      expect(after.terminal?.answeredAt).toBe(before.terminal?.answeredAt);
      expect((await rule(team, 'onHold')).count).toBe(1);
      const row = await health(id);
      expect(row.lastErrorClass).toBe(errorClass);
      expect(row.lastErrorMessage).toContain(words);
      expect(row.lastErrorMessage).not.toContain(terminal.clientSecret);
      if (status === 429) {
        // Its Retry-After holds the connection: the next refresh does not ask; once it has passed, it does.
        const sent = terminal.requests.length;
        await refreshTracked(ctx, [box]);
        expect(terminal.requests.length).toBe(sent);
        await ctx.db.delete(rateLimits).where(eq(rateLimits.key, `carrier:${id}:hold`));
      }
      // And the next good answer is taken.
      await refreshTracked(ctx, [box]);
      expect((await detail(team, box, mbl)).terminal?.status).toBe('available');
      expect((await health(id)).failingSince).toBeNull();
    },
  );

  it('answers "not known" for a container it leaves out, keeping what it said before', async () => {
    const { team, box, mbl, before } = await known();
    terminal.records.delete(`USLAX:${box}`);
    await refreshTracked(ctx, [box]);
    const after = await detail(team, box, mbl);
    expect(after.terminal?.facts).toEqual(before.terminal?.facts);
    expect(after.terminal?.checkedAt).not.toBe(before.terminal?.checkedAt);
    const [row] = await ctx.db
      .select({ answeredAt: terminalFacts.answeredAt })
      .from(terminalFacts)
      .where(and(eq(terminalFacts.organizationId, team.organizationId)));
    expect(row!.answeredAt?.toISOString()).toBe(before.terminal?.answeredAt);
  });
});
