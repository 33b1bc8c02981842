import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * A route-level onRequest hook: after the access check, so anonymous callers still get their 401,
 * and before the query is validated, since no query makes a plain GET succeed.
 */
const refuseWithoutUpgrade: onRequestAsyncHookHandler = async (request) => {
  if (!request.ws) throw new AppError('UPGRADE_REQUIRED', undefined, { upgrade: 'websocket' });
};

/**
 * Every WebSocket route (`websocket: true`) answers a request that did not ask for the upgrade with
 * 426 Upgrade Required in the envelope and `Upgrade: websocket` (RFC 9110 §15.5.22), where
 * @fastify/websocket would answer an empty 404. It applies to each such route as it is declared, so a
 * new socket needs nothing of its own. Registered before the routes, after @fastify/websocket (which
 * marks upgraded requests as `request.ws`).
 */
export const websocketUpgradePlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.websocket) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [refuseWithoutUpgrade, ...own];
    });
  },
  { name: 'websocket-upgrade', dependencies: ['errors', '@fastify/websocket'] },
);
