import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { AppContext } from '../../app-context';
import { mailOutbox } from '../../db/schema/mail';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;
/** Headers a proxy adds when it relays someone else's request. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
]);

/**
 * A person at this machine, not someone relayed to it. The socket peer is used rather than
 * `request.ip`, which TRUST_PROXY may take from a header; and a reverse proxy on this machine makes
 * every relayed request come from loopback, so anything a proxy adds (forwarding headers, an outside
 * Host) disqualifies the request too.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress;
  if (!peer || !LOOPBACK.has(peer)) return false;
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return false;
  return !Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(name),
  );
}

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  delivered: z.boolean(),
});

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The development mailbox: without SMTP, e-mails (and their codes) can be read here. Registered only
 * when no SMTP server is configured, and answered only to direct requests from this machine (see
 * {@link isDirectLocalRequest}), since the messages carry sign-in and reset codes.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const latest = async () => {
    const rows = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      delivered: r.deliveredAt !== null,
    }));
  };

  app.addHook('onRequest', async (request) => {
    if (!isDirectLocalRequest(request)) throw new AppError('NOT_FOUND');
  });

  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: { tags: ['development'], response: { 200: envelopeSchema(z.array(messageSchema)) } },
    },
    async () => ok(await latest()),
  );

  app.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const messages = await latest();
      const items = messages
        .map(
          (m) =>
            `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(m.createdAt)}</span></header><pre>${escape(m.text)}</pre></article>`,
        )
        .join('');
      const body = messages.length
        ? items
        : '<p class="empty">No e-mails yet. Register an account and the code shows up here.</p>';
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
        .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Tracklane</title>
<style>body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1f2933}main{max-width:760px;margin:0 auto;padding:32px 16px}
h1{font-size:20px;margin:0 0 4px}p.note{color:#52606d;margin:0 0 24px}article{background:#fff;border:1px solid #e3e8ee;border-radius:8px;margin:0 0 16px}
header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;padding:12px 16px;border-bottom:1px solid #e3e8ee}header span{color:#52606d;font-size:13px}
pre{margin:0;padding:16px;white-space:pre-wrap;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}.empty{color:#52606d}</style></head>
<body><main><h1>Development mailbox</h1><p class="note">No SMTP server is configured (SMTP_URL), so Tracklane keeps its e-mails here. Newest first; reload to refresh.</p>${body}</main></body></html>`);
    },
  );
};
