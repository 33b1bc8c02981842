import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { createMailDelivery, queueMail, startMailWorker } from '../src/integrations/mail/mailer';
import { verificationCodeMail } from '../src/integrations/mail/templates';
import { freePort } from '../src/db/embedded';
import { withTransaction } from '../src/lib/transaction';
import { useTestApp } from './app';

const { app, ctx } = await useTestApp();

const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function queue(to: string) {
  await withTransaction(ctx.pool, (t) => queueMail(t, ctx.jobs, verificationCodeMail(to, 'Ada', '123456')));
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row!;
}

describe('e-mail delivery', () => {
  it('delivers over SMTP, in HTML and text', async () => {
    const delivery = createMailDelivery({
      db: ctx.db,
      smtpUrl: `smtp://127.0.0.1:${String(smtpPort)}`,
      from: 'Tracklane <no-reply@example.com>',
      logger: ctx.logger,
    });
    const row = await queue('smtp@example.com');
    await delivery.deliver(row.id);
    const message = received.find((m) => m.to === 'smtp@example.com');
    expect(message?.raw).toContain('123456 is your Tracklane verification code');
    expect(message?.raw).toContain('text/html');
    expect(message?.raw).toContain('text/plain');
    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null });
    expect(after!.deliveredAt).not.toBeNull();
    delivery.close();
  });

  it('keeps the message when SMTP is down, for the job to retry', async () => {
    const deadPort = await freePort();
    const delivery = createMailDelivery({
      db: ctx.db,
      smtpUrl: `smtp://127.0.0.1:${String(deadPort)}`,
      from: 'x@example.com',
      logger: ctx.logger,
    });
    const row = await queue('outage@example.com');
    await expect(delivery.deliver(row.id)).rejects.toThrow();
    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after!.deliveredAt).toBeNull();
    expect(after!.lastError).toBeTruthy();
    // Once SMTP is back, the retry delivers it.
    const healthy = createMailDelivery({
      db: ctx.db,
      smtpUrl: `smtp://127.0.0.1:${String(smtpPort)}`,
      from: 'x@example.com',
      logger: ctx.logger,
    });
    await healthy.deliver(row.id);
    expect(received.some((m) => m.to === 'outage@example.com')).toBe(true);
    delivery.close();
    healthy.close();
  });

  it('does not enqueue mail for a transaction that rolls back', async () => {
    await expect(
      withTransaction(ctx.pool, async (t) => {
        await queueMail(t, ctx.jobs, verificationCodeMail('rollback@example.com', 'Ada', '999999'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(
      await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rollback@example.com')),
    ).toEqual([]);
    const jobs = await ctx.pool.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'outboxId' IS NOT NULL AND name = 'mail.deliver'`,
    );
    const outbox = await ctx.pool.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(jobs.rows[0].n).toBe(outbox.rows[0].n);
  });

  it('the pg-boss worker delivers a queued message to the dev mailbox', async () => {
    const delivery = createMailDelivery({ db: ctx.db, from: 'x@example.com', logger: ctx.logger });
    await startMailWorker(ctx.jobs, delivery);
    const row = await queue('worker@example.com');
    await expect
      .poll(
        async () => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id)))[0]?.transport,
        { timeout: 10_000 },
      )
      .toBe('dev');
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('worker@example.com');
    expect(page.body).toContain('123456');
    const json = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    const messages = json.json<{ result: { to: string }[] }>().result;
    expect(messages.some((m) => m.to === 'worker@example.com')).toBe(true);
  });

  it('shows the dev mailbox to this machine only', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('123456');
  });
});
