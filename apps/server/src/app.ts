import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { AVATAR_MAX_BYTES } from '@tracklane/shared/auth/auth.schema';
import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import type { AppContext } from './app-context';
import type { TrustProxy } from './config';
import { ok } from './lib/envelope';
import { documentRoute } from './lib/openapi';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createCarrierCallbackGate } from './modules/ocean-shipments/carrier-connections/carrier-callback-access';
import { carrierCallbacksRoutes } from './modules/ocean-shipments/carrier-connections/carrier-callbacks.routes';
import { carrierConnectionsRoutes } from './modules/ocean-shipments/carrier-connections/carrier-connections.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { userAgreementRoutes } from './modules/user-agreement/user-agreement.routes';
import { usersRoutes } from './modules/users/users.routes';
import { filesRoutes } from './modules/files/files.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { expressShipmentsRoutes } from './modules/express-shipments/express-shipments.routes';
import { expressV1Routes } from './modules/express-shipments/express-v1.routes';
import { oceanShipmentsRoutes } from './modules/ocean-shipments/ocean-shipments.routes';
import { oceanV1Routes } from './modules/ocean-shipments/ocean-v1.routes';
import { shipmentFavoritesRoutes } from './modules/shipment-favorites/shipment-favorites.routes';
import { shipmentTagsRoutes } from './modules/shipment-tags/shipment-tags.routes';
import { companiesRoutes } from './modules/references/companies.routes';
import { referencesRoutes } from './modules/references/references.routes';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes';
import { customFieldValuesRoutes } from './modules/custom-fields/custom-field-values.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { membersRoutes } from './modules/members/members.routes';
import { searchRoutes } from './modules/search/search.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { liveRoutes } from './modules/live-pages/live.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { dcsaEventsRoutes } from './modules/ocean-shipments/dcsa-events.routes';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import { API_KEY_SECURITY_SCHEME } from './modules/public-api/v1-schema';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { emailIntakeRoutes } from './modules/email-intake/email-intake.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { exceptionsRoutes } from './modules/exceptions/exceptions.routes';
import { reliabilityRoutes } from './modules/ocean-shipments/reliability/reliability.routes';
import { freeTimeRoutes } from './modules/ocean-shipments/free-time/free-time.routes';
import { manualEtaRoutes } from './modules/ocean-shipments/eta/manual-eta.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { accessPlugin } from './plugins/access';
import { createClientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { sameOriginPlugin } from './plugins/same-origin';
import { webAppPlugin } from './plugins/web-app';
import { websocketUpgradePlugin } from './plugins/websocket-upgrade';

installZodMessages();

/** Builds the whole API as a Fastify instance, without listening: `main.ts` listens, tests `inject`. */
export async function buildApp(ctx: AppContext) {
  const { config, db, logger } = ctx;
  const https = config.publicUrl.startsWith('https:');
  const app = Fastify({
    loggerInstance: logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Node would answer a missing Host with an empty 400 itself; the input guard answers the envelope.
    http: { requireHostHeader: false },
    frameworkErrors,
    clientErrorHandler: createClientErrorHandler(logger),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are personal (sessions, tenants' data) or change at any moment, so no cache, shared
    // or the browser's, keeps them; only a route that chose its own caching (uploaded images) differs.
    if (/^\/api(?:[/?]|$)/.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // inject() and upgraded WebSocket requests may lack a socket address.
    keyGenerator: (request) => request.ip || 'unknown',
    // The limit is the API's: the web app's files (a page is a dozen chunks) are
    // static, cached for good once fetched, and would otherwise spend it for a whole office behind one
    // address.
    allowList: (request) => !/^\/api(?:[/?]|$)/.test(request.url),
  });
  // API answers above 1 KiB (a list page is ~30 KiB of JSON) go out compressed when the client accepts
  // it; the web app's files are compressed at build time instead (web-app.ts), so they are left alone.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(websocketUpgradePlugin);
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tracklane API',
        version: '0.1.0',
        description: 'Shipment tracking for logistics teams',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          [API_KEY_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key made by a company admin in Workspace settings → API: `Authorization: Bearer tlk_…`. Keys work only under /api/v1/.',
          },
        },
      },
    },
    transform: documentRoute,
  });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(accessPlugin, {
    db,
    realtime: ctx.realtime,
    sessionCacheMs: config.sessionCacheMs,
    apiKeyRatePerMinute: config.apiKeyRateLimitPerMinute,
    carrierCallbacks: createCarrierCallbackGate(ctx),
  });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  app.get(
    '/api/meta',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'What the web app needs to know about this installation',
        response: {
          200: envelopeSchema(z.object({ devMailbox: z.boolean(), supportEmail: z.string().nullable() })),
        },
      },
    },
    async () => ok({ devMailbox: !config.smtpUrl, supportEmail: config.supportEmail }),
  );
  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { ctx });
  await app.register(userAgreementRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(filesRoutes, { ctx });
  await app.register(organizationsRoutes, { ctx });
  await app.register(workspacesRoutes, { ctx });
  await app.register(membersRoutes, { ctx });
  await app.register(invitationsRoutes, { ctx });
  await app.register(oceanShipmentsRoutes, { ctx });
  await app.register(expressShipmentsRoutes, { ctx });
  await app.register(shipmentTagsRoutes, { ctx });
  await app.register(companiesRoutes, { ctx });
  await app.register(referencesRoutes, { ctx });
  await app.register(customFieldsRoutes, { ctx });
  await app.register(customFieldValuesRoutes, { ctx });
  await app.register(documentsRoutes, { ctx });
  await app.register(shipmentFavoritesRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(commentsRoutes, { ctx });
  await app.register(sharingRoutes, { ctx });
  await app.register(liveRoutes, { ctx });
  await app.register(feedbackRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(apiKeysRoutes, { ctx });
  await app.register(webhooksRoutes, { ctx });
  await app.register(emailIntakeRoutes, { ctx });
  await app.register(carrierConnectionsRoutes, { ctx });
  await app.register(carrierCallbacksRoutes, { ctx });
  await app.register(alertsRoutes, { ctx });
  await app.register(exceptionsRoutes, { ctx });
  await app.register(reliabilityRoutes, { ctx });
  await app.register(freeTimeRoutes, { ctx });
  await app.register(manualEtaRoutes, { ctx });
  await app.register(publicApiRoutes, { ctx });
  await app.register(oceanV1Routes, { ctx });
  await app.register(expressV1Routes, { ctx });
  await app.register(dcsaEventsRoutes, { ctx });
  if (!config.smtpUrl) await app.register(devMailboxRoutes, { ctx });

  if (config.serveWeb) await app.register(webAppPlugin, { root: config.webDistDir });

  return app;
}

/**
 * Fastify 5 ignores a bare hop count (it treats it as "trust nobody"), so a count becomes the function
 * Express and proxy-addr define for it: the socket peer and the next `hops - 1` entries of
 * X-Forwarded-For are proxies, and the client is the entry the outermost of them appended. Entries a
 * client writes itself sit further left and are never taken. A count assumes clients cannot reach this
 * port except through the proxies; an address list does not.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
