import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SHARE_RECIPIENTS_PER_USER_PER_HOUR,
  SHARE_LIMIT_WINDOW_SECONDS,
  SHARES_PER_RECIPIENT_PER_HOUR,
} from '@tracklane/shared/sharing/sharing.schema';
import { mailOutbox } from '../src/db/schema/mail';
import { shipmentShares } from '../src/db/schema/sharing';
import { useTestApp } from './app';
import { signUp, uniqueEmail } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';

/**
 * Sharing e-mails addresses the sharer types: it must not be a way to mail anyone, any number of
 * times. Counted in PostgreSQL, so the limits hold across server processes and concurrent requests.
 */
const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

interface Container {
  containerNo: string;
  mblNo: string;
  id: string;
}

async function teamWithContainers(n = 1): Promise<{ team: Team; containers: Container[] }> {
  const team = await buildTeam(app, ctx);
  const items = Array.from({ length: n }, () => ({ containerNo: containerNo(), mblNo: mbl() }));
  const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, { items });
  expect(res.statusCode).toBe(200);
  return {
    team,
    containers: items.map((item, i) => ({ ...item, id: res.json().result[i].shipmentOverallId as string })),
  };
}

const share = (cookie: string, container: Container, emails: string[]) =>
  call('POST', '/api/shares', cookie, {
    shipmentType: 'ocean',
    shipments: [{ containerNo: container.containerNo, mblNo: container.mblNo }],
    emails,
  });

/** The share e-mails to an address that name a container. */
async function mailsNaming(email: string, container: Container): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.text, `%${container.containerNo}%`)));
  return row?.n ?? 0;
}

async function revokeAll(cookie: string, container: Container) {
  const sent = await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${container.id}`, cookie);
  for (const { id } of sent.json().result as { id: string }[])
    expect((await call('DELETE', `/api/shares/${id}`, cookie)).statusCode).toBe(200);
}

function expectRateLimited(res: Awaited<ReturnType<typeof share>>, message: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    result: null,
    code: 'RATE_LIMITED',
    message: expect.any(String),
  });
  expect(res.json().message).toMatch(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SHARE_LIMIT_WINDOW_SECONDS);
}

describe('share e-mails', () => {
  it('sends one e-mail per address and shipment a day, however often it is revoked and shared again', async () => {
    const {
      team,
      containers: [a, b],
    } = await teamWithContainers(2);
    const newcomer = uniqueEmail('newcomer');
    const member = await signUp(app, ctx);
    for (let round = 0; round < 3; round++) {
      const res = await share(team.owner.cookie, a!, [newcomer, member.email]);
      expect(res.statusCode).toBe(200);
      await revokeAll(team.owner.cookie, a!);
    }
    expect(await mailsNaming(newcomer, a!)).toBe(1);
    expect(await mailsNaming(member.email, a!)).toBe(1);

    // The share itself is made again, and works: only the e-mail is not sent again.
    expect((await share(team.owner.cookie, a!, [member.email])).statusCode).toBe(200);
    const [live] = (
      await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${a!.id}`, team.owner.cookie)
    ).json().result as { id: string }[];
    expect(
      (await call('GET', `/api/shipment-history/ocean/shared-history/details/${live!.id}`, member.cookie))
        .statusCode,
    ).toBe(200);
    expect(await mailsNaming(member.email, a!)).toBe(1);

    // Another shipment is news: its e-mail names it alone.
    expect((await share(team.owner.cookie, b!, [newcomer])).statusCode).toBe(200);
    expect(await mailsNaming(newcomer, b!)).toBe(1);
    expect(await mailsNaming(newcomer, a!)).toBe(1);

    // A day later the same shipment may be e-mailed again.
    await ctx.db.execute(
      sql`UPDATE share_emails SET sent_at = now() - interval '25 hours' WHERE email = ${newcomer}`,
    );
    await revokeAll(team.owner.cookie, a!);
    expect((await share(team.owner.cookie, a!, [newcomer])).statusCode).toBe(200);
    expect(await mailsNaming(newcomer, a!)).toBe(2);
  });
});

describe('share limits', () => {
  it('limits the addresses one user shares with an hour, under 20 concurrent requests', async () => {
    const {
      team,
      containers: [a],
    } = await teamWithContainers();
    const perRequest = 10;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        share(
          team.owner.cookie,
          a!,
          Array.from({ length: perRequest }, () => uniqueEmail(`burst${String(i)}`)),
        ),
      ),
    );
    const allowed = SHARE_RECIPIENTS_PER_USER_PER_HOUR / perRequest;
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(allowed);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(20 - allowed);
    for (const res of refused) expectRateLimited(res, /at most 100 people an hour/);

    // A refused request shared nothing.
    const [stored] = await ctx.db
      .select({ n: count() })
      .from(shipmentShares)
      .where(eq(shipmentShares.sharedBy, team.owner.userId));
    expect(stored?.n).toBe(SHARE_RECIPIENTS_PER_USER_PER_HOUR);
    // Over the limit even by one address.
    expectRateLimited(await share(team.owner.cookie, a!, [uniqueEmail()]), /people an hour/);
    // The limit is the user's: a colleague in the same workspace still shares.
    const colleague = await addMember(app, ctx, team);
    expect((await share(colleague.cookie, a!, [uniqueEmail()])).statusCode).toBe(200);
  });

  it('limits the shares one address receives an hour from anyone, under 20 concurrent requests', async () => {
    const first = await teamWithContainers();
    const second = await teamWithContainers();
    const target = uniqueEmail('target');
    const senders = [first, second].map(({ team, containers: [c] }) => ({
      cookie: team.owner.cookie,
      c: c!,
    }));
    for (const { cookie, c } of senders) expect((await share(cookie, c, [target])).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { cookie, c } = senders[i % 2]!;
        return share(cookie, c, [target]);
      }),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(SHARES_PER_RECIPIENT_PER_HOUR - 2);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(20 - (SHARES_PER_RECIPIENT_PER_HOUR - 2));
    for (const res of refused) expectRateLimited(res, new RegExp(target.replace(/[.+]/g, '\\$&')));
    // One e-mail per sender's shipment, not one per request.
    for (const { c } of senders) expect(await mailsNaming(target, c)).toBe(1);
    // Other addresses are not held back by it.
    expect((await share(first.team.owner.cookie, first.containers[0]!, [uniqueEmail()])).statusCode).toBe(
      200,
    );
  });
});
