import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request may come from where it says. Browsers send `Sec-Fetch-Site`; older
 * ones at least `Origin`. Requests with neither (curl, server-to-server) carry no ambient cookie risk.
 */
export function isSameOriginRequest(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  return own.includes(origin);
}

/** Refuses state-changing requests from other sites (CSRF), on top of SameSite=Lax cookies. */
export const sameOriginPlugin = fp(
  (app: FastifyInstance, opts: { publicUrl: string }) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!isSameOriginRequest(request, opts.publicUrl)) {
        throw new AppError('FORBIDDEN', 'Requests from other sites are not accepted.');
      }
    });
  },
  { name: 'same-origin', dependencies: ['errors'] },
);
