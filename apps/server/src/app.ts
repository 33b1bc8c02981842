import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { accessPlugin } from './plugins/access';
import { errorsPlugin } from './plugins/errors';
import { webAppPlugin } from './plugins/web-app';

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

installZodMessages();

/** Builds the whole API as a Fastify instance, without listening: `main.ts` listens, tests `inject`. */
export async function buildApp(deps: AppDeps) {
  const { config, db, logger } = deps;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tracklane API',
        version: '0.1.0',
        description: 'Shipment tracking for logistics teams',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(accessPlugin, { db });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(healthRoutes, { db });
  await app.register(authRoutes);

  if (config.serveWeb) await app.register(webAppPlugin, { root: config.webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
