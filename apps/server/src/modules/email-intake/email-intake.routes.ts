import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import {
  intakeSendersRequestSchema,
  intakeSettingsQuerySchema,
  intakeSettingsSchema,
} from '@tracklane/shared/email-intake/email-intake.schema';
import { intakeSettings, receiveMessage, rotateIntakeToken, setAllowedSenders } from './email-intake.service';

const tags = ['email-intake'];
/** The largest message accepted, by SMTP or HTTP. */
export const INBOUND_MAX_BYTES = 30 * 1024 * 1024;
/** How far a signed request's timestamp may be from now. */
export const SIGNATURE_WINDOW_SECONDS = 300;
export const TIMESTAMP_HEADER = 'x-tracklane-timestamp';
export const SIGNATURE_HEADER = 'x-tracklane-signature';

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.` followed by the raw message. */
export function signInbound(secret: string, timestamp: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export const emailIntakeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { domain, secret } = ctx.config.inboundEmail;
  // Signatures seen inside the window: the same signed request twice is a replay.
  const seen = new Map<string, number>();

  app.addContentTypeParser(
    ['message/rfc822', 'application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: INBOUND_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Members see the address and the log; the allowed senders and dropped count are admins'.
  const settings = async (tenant: Parameters<typeof intakeSettings>[1], logLimit?: number) => {
    const canManage = canManageOrganization(tenant.role);
    if (!domain)
      return {
        enabled: false,
        canManage,
        address: null,
        allowedSenders: [],
        droppedCount: 0,
        log: [],
        logTotal: 0,
      };
    const result = await intakeSettings(ctx, tenant, domain, logLimit);
    return {
      enabled: true,
      canManage,
      ...result,
      ...(canManage ? {} : { allowedSenders: [], droppedCount: 0 }),
    };
  };

  app.get(
    '/api/email-intake',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The workspace’s e-mail intake address and recent intake',
        description: '`log`: how many of the latest messages to return (default 20, at most 100).',
        querystring: intakeSettingsQuerySchema,
        response: { 200: envelopeSchema(intakeSettingsSchema) },
      },
    },
    async (request) => ok(await settings(request.tenant, request.query.log)),
  );

  app.post(
    '/api/email-intake/rotate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Replace the intake address (the old one stops working)',
        response: { 200: envelopeSchema(intakeSettingsSchema) },
      },
    },
    async (request) => {
      if (!domain) throw new AppError('NOT_FOUND', 'E-mail intake is not set up on this server.');
      await rotateIntakeToken(ctx, request.tenant.workspaceId);
      return ok(await settings(request.tenant), 'New intake address');
    },
  );

  app.put(
    '/api/email-intake/senders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set the addresses allowed to send besides members',
        body: intakeSendersRequestSchema,
        response: { 200: envelopeSchema(intakeSettingsSchema) },
      },
    },
    async (request) => {
      if (!domain) throw new AppError('NOT_FOUND', 'E-mail intake is not set up on this server.');
      await setAllowedSenders(ctx, request.tenant.workspaceId, request.body.emails);
      return ok(await settings(request.tenant), 'Allowed senders saved');
    },
  );

  app.post(
    '/api/inbound/email',
    {
      // A mail relay, not a user: the HMAC signature below is its credential (404 without a secret).
      config: { access: 'public' },
      bodyLimit: INBOUND_MAX_BYTES,
      schema: { tags, summary: 'Receive a raw RFC 822 message (signed relay)', hide: true },
    },
    async (request) => {
      if (!secret || !domain) throw new AppError('NOT_FOUND');
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the raw message as message/rfc822.');
      const timestamp = String(request.headers[TIMESTAMP_HEADER] ?? '');
      const signature = String(request.headers[SIGNATURE_HEADER] ?? '');
      const now = Math.floor(Date.now() / 1000);
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
        throw new AppError('UNAUTHENTICATED', 'Signature timestamp missing or outside the window.');
      const expected = Buffer.from(signInbound(secret, timestamp, body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError('UNAUTHENTICATED', 'Wrong signature.');
      for (const [key, at] of seen) if (at < now - SIGNATURE_WINDOW_SECONDS) seen.delete(key);
      if (seen.has(signature)) throw new AppError('UNAUTHENTICATED', 'This request was already received.');
      seen.set(signature, now);
      const outcome = await receiveMessage(ctx, body);
      return ok({ status: outcome.status });
    },
  );
};
