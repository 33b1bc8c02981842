import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/housekeeping';
import { useTestApp } from './app';
import { signUp } from './auth-helpers';

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
});
