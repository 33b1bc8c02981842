import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/housekeeping';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp();

const count = async (table: string) =>
  (await ctx.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

describe('housekeeping', () => {
  it('removes expired sessions and old delivered e-mails, and keeps live ones', async () => {
    const live = await signUp(app, ctx);
    const expired = await signUp(app, ctx);
    await ctx.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${expired.userId}`,
    );
    await ctx.db.execute(
      sql`UPDATE mail_outbox SET delivered_at = now() - interval '30 days' WHERE to_address = ${expired.email}`,
    );
    const sessionsBefore = await count('sessions');

    await runHousekeeping(ctx.db);

    expect(await count('sessions')).toBe(sessionsBefore - 1);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/protected',
      headers: { cookie: live.cookie },
    });
    expect(me.statusCode).toBe(200);
    const oldMail = await ctx.db.execute(sql`SELECT 1 FROM mail_outbox WHERE to_address = ${expired.email}`);
    expect(oldMail.rows).toHaveLength(0);
  });

  it('removes webhook events and their deliveries after 30 days, and keeps newer ones', async () => {
    const team = await buildTeam(app, ctx);
    const [endpoint] = (
      await ctx.db.execute<{ id: string }>(
        sql`INSERT INTO webhook_endpoints (workspace_id, url, event_types, secret)
            VALUES (${team.defaultWorkspaceId}, 'https://example.com/hooks', '{shipment.added}', 'whsec_AAAA') RETURNING id`,
      )
    ).rows;
    for (const age of ['31 days', '29 days']) {
      const [event] = (
        await ctx.db.execute<{ id: string }>(
          sql`INSERT INTO webhook_events (workspace_id, type, data, created_at)
              VALUES (${team.defaultWorkspaceId}, 'shipment.added', '{}', now() - ${age}::interval) RETURNING id`,
        )
      ).rows;
      await ctx.db.execute(
        sql`INSERT INTO webhook_deliveries (endpoint_id, event_id, status) VALUES (${endpoint!.id}, ${event!.id}, 'succeeded')`,
      );
    }

    await runHousekeeping(ctx.db);

    const left = await ctx.db.execute<{ age: number }>(
      sql`SELECT extract(day FROM now() - e.created_at)::int AS age FROM webhook_deliveries d
          JOIN webhook_events e ON e.id = d.event_id WHERE d.endpoint_id = ${endpoint!.id}`,
    );
    expect(left.rows.map((r) => r.age)).toEqual([29]);
  });
});
