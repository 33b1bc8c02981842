import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema/users';
import { AppError } from '../lib/app-error';
import { ensureTenant, SelectionChangedError, type Tenant } from '../modules/organizations/selection';
import { resolveSession } from './session';

/**
 * Who may call a route. Every route declares one; there is no default.
 * - `public`: anyone.
 * - `user`: a signed-in user with a live session.
 * - `member`: a user working in a workspace they belong to (the session's server-side selection).
 * - `admin`: a member who is company_admin of that workspace's organization.
 */
export const ACCESS_LEVELS = ['public', 'user', 'member', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set for every route whose access is not `public`. */
    user: UserRow | null;
    sessionId: string | null;
    /** When the session ends by itself (open sockets are closed then). */
    sessionExpiresAt: Date | null;
    /** The workspace the session had selected when the request arrived (not yet checked). */
    currentWorkspaceId: string | null;
    /** Organization, workspace, role and shipmentPermission; set for `member` and `admin` routes. */
    tenant: Tenant | null;
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
    app.decorateRequest('sessionExpiresAt', null);
    app.decorateRequest('tenant', null);
    app.decorateRequest('currentWorkspaceId', null);

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
      // `undefined` only for the not-found handler, which has no route.
      if (access === 'public' || access === undefined) return;

      const session = await resolveSession(opts.db, request);
      if (!session) throw new AppError('UNAUTHENTICATED');
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.sessionExpiresAt = session.expiresAt;
      request.currentWorkspaceId = session.currentWorkspaceId;
      if (access === 'user') return;

      const write = request.method !== 'GET' && request.method !== 'HEAD';
      const tenant = await ensureTenant(opts.db, { ...session, userId: session.user.id }, { write }).catch(
        (err: unknown) => {
          if (err instanceof SelectionChangedError) {
            throw new AppError('SELECTION_CHANGED');
          }
          throw err;
        },
      );
      if (!tenant)
        throw new AppError(
          'FORBIDDEN',
          'You are not a member of any workspace. Ask an admin for an invitation.',
        );
      if (access === 'admin' && tenant.role !== 'company_admin') {
        throw new AppError('FORBIDDEN', 'Only company admins can do this.');
      }
      request.tenant = tenant;
    });
  },
  { name: 'access', dependencies: ['errors'] },
);
