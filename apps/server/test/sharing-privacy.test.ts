import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oceanShipments } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { useTestApp } from './app';
import { signUp, uniqueEmail, type Account } from './auth-helpers';
import { buildTeam, containerNo, mbl } from './factories';

/**
 * What sharing tells the sharer and the recipient: the sharer learns nothing about an address but what
 * they typed and whether the recipient opened it; the recipient sees the shipment, never the sharer's
 * money.
 */
const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A team following one ocean container. */
async function teamWithContainer() {
  const team = await buildTeam(app, ctx);
  const shipment = { containerNo: containerNo(), mblNo: mbl() };
  const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, { items: [shipment] });
  expect(res.json().result[0].outcome).toBe('created');
  return { team, shipment: { ...shipment, id: res.json().result[0].shipmentOverallId as string } };
}

const share = (cookie: string, shipment: { containerNo: string; mblNo: string }, emails: string[]) =>
  call('POST', '/api/shares', cookie, {
    shipmentType: 'ocean',
    shipments: [{ containerNo: shipment.containerNo, mblNo: shipment.mblNo }],
    emails,
  });

/** A verified user of another organization, under a name nobody typed into the share. */
async function stranger(firstName: string, lastName: string): Promise<Account> {
  const account = await signUp(app, ctx);
  await ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, account.userId));
  return account;
}

const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
      : [];

describe('sharing does not tell the sharer who has an account', () => {
  it('answers a share alike whether or not the addresses have accounts', async () => {
    const { team, shipment } = await teamWithContainer();
    const member = await stranger('Ada', 'Lovelace');
    const withAccount = await share(team.owner.cookie, shipment, [member.email]);
    const withoutAccount = await share(team.owner.cookie, shipment, [uniqueEmail('nobody')]);
    expect(withAccount.statusCode).toBe(200);
    expect(withoutAccount.statusCode).toBe(200);
    expect(withAccount.json()).toEqual(withoutAccount.json());
    expect(withAccount.json()).toMatchObject({
      result: { recipients: 1 },
      message: 'Shared with 1 recipient',
    });

    const mixed = await share(team.owner.cookie, shipment, [
      (await stranger('Alan', 'Turing')).email,
      uniqueEmail('newcomer'),
    ]);
    expect(mixed.json()).toMatchObject({ result: { recipients: 2 }, message: 'Shared with 2 recipients' });
    expect(mixed.body).not.toContain('invitedToSignUp');
    expect(mixed.body).not.toContain('newcomer');
  });

  it('lists each recipient as the address typed and pending until they open it, never their name', async () => {
    const { team, shipment } = await teamWithContainer();
    const member = await stranger('Ada', 'Lovelace');
    const newcomer = uniqueEmail('newcomer');
    // Typed as the sharer typed it; stored and listed lower-cased.
    await share(team.owner.cookie, shipment, [member.email.toUpperCase(), newcomer]);
    const list = async () => {
      const res = await call(
        'GET',
        `/api/shares?shipmentType=ocean&shipmentId=${shipment.id}`,
        team.owner.cookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Lovelace');
      expect(keysOf(res.json().result)).not.toContain('name');
      return res.json().result as { id: string; email: string; state: string }[];
    };
    const before = await list();
    expect(before.map((s) => [s.email, s.state]).sort()).toEqual(
      [
        [member.email, 'pending'],
        [newcomer, 'pending'],
      ].sort(),
    );
    // An account of its own is no state: only opening the shipment is.
    for (const row of before)
      expect(Object.keys(row).sort()).toEqual(['email', 'id', 'sharedAt', 'sharedBy', 'state']);

    const shareId = before.find((s) => s.email === member.email)!.id;
    const opened = await call(
      'GET',
      `/api/shipment-history/ocean/shared-history/details/${shareId}`,
      member.cookie,
    );
    expect(opened.statusCode).toBe(200);
    const after = await list();
    expect(after.find((s) => s.email === member.email)?.state).toBe('opened');
    expect(after.find((s) => s.email === newcomer)?.state).toBe('pending');
  });
});

describe('a shared shipment carries no money', () => {
  const MONEY_KEYS = ['freeTime', 'cost', 'currency', 'ddCostCents', 'ddCurrency'];

  it('leaves demurrage and detention out of the shared detail and the public link', async () => {
    const { team, shipment } = await teamWithContainer();
    await ctx.db
      .update(oceanShipments)
      .set({
        ddCostCents: 987_654,
        ddCurrency: 'EUR',
        freeTimeEndsOn: new Date('2026-11-30T00:00:00.000Z'),
      })
      .where(eq(oceanShipments.id, shipment.id));
    // The workspace itself sees its cost.
    const own = await call(
      'GET',
      `/api/shipments/ocean/${shipment.containerNo}/${shipment.mblNo}`,
      team.owner.cookie,
    );
    expect(own.json().result.freeTime).toMatchObject({
      cost: expect.any(Number),
      currency: expect.any(String),
    });

    const friend = await stranger('Grace', 'Hopper');
    await share(team.owner.cookie, shipment, [friend.email]);
    const [sent] = (
      await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${shipment.id}`, team.owner.cookie)
    ).json().result as { id: string }[];
    const shared = await call(
      'GET',
      `/api/shipment-history/ocean/shared-history/details/${sent!.id}`,
      friend.cookie,
    );
    expect(shared.statusCode).toBe(200);
    expect(shared.json().result.ocean).toMatchObject({ containerNo: shipment.containerNo });
    for (const key of MONEY_KEYS) expect(keysOf(shared.json())).not.toContain(key);
    expect(shared.body).not.toContain('9876.54');
    expect(shared.body).not.toContain('EUR');

    const link = await call('POST', '/api/share-links', team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: [shipment.id],
    });
    const shown = await call('GET', `/api/share/${link.json().result.token as string}`, null);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().result.shipments[0]).toMatchObject({ number: shipment.containerNo });
    for (const key of MONEY_KEYS) expect(keysOf(shown.json())).not.toContain(key);
    expect(shown.body).not.toContain('9876.54');
    expect(shown.body).not.toContain('EUR');
  });
});
