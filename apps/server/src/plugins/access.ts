import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/users';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { resolveSession } from './session';

/**
 * Who may call a route. Every route declares one; there is no default.
 * - `public`: anyone.
 * - `user`: a signed-in user with a live session.
 */
export const ACCESS_LEVELS = ['public', 'user'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set for every route whose access is not `public`. */
    user: UserRow | null;
    sessionId: string | null;
  }
}

export class MissingAccessError extends Error {
  override name = 'MissingAccessError';
}

/**
 * Deny by default: a route registered without `config.access` stops the server from starting,
 * and the declared level is checked before any handler runs.
 */
export const accessPlugin = fp(
  (app: FastifyInstance, opts: { db: Database }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
        const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
        throw new MissingAccessError(
          `Route ${methods} ${route.url} declares no access level (config.access must be one of ${ACCESS_LEVELS.join(', ')}).`,
        );
      }
    });

    // onRequest: anonymous callers are turned away before their body is even parsed.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === 'public' || access === undefined) {
        // `undefined` only for the not-found handler, which has no route.
        return;
      }
      const session = await resolveSession(opts.db, request);
      if (!session) throw new AppError('UNAUTHENTICATED');
      request.user = session.user;
      request.sessionId = session.sessionId;
    });
  },
  { name: 'access', dependencies: ['errors'] },
);
