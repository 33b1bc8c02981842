import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { assertAllowedText } from '../lib/allowed-text';

/**
 * Checks every route's input needs, whatever its schema says:
 * - an HTTP/1.1 request without Host is refused (RFC 9112 §3.2). Node would answer it itself with an
 *   empty 400, so `app.ts` turns that off (`requireHostHeader: false`) and the refusal happens here, in
 *   the envelope.
 * - no string of the body, params or query may hold NUL or a lone surrogate: PostgreSQL cannot store
 *   them, so they would fail (500) or be altered deep in a service. Checked before schema validation,
 *   so routes without a schema for a part are covered too. Multipart fields are checked where they are
 *   read (`readMultipartForm`).
 */
export const inputGuardPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (request.raw.httpVersion === '1.1' && !request.headers.host)
        throw new AppError('BAD_REQUEST', 'The request has no Host header.');
    });

    app.addHook('preValidation', async (request) => {
      assertAllowedText(request.params);
      assertAllowedText(request.query);
      assertAllowedText(request.body);
    });
  },
  { name: 'input-guard' },
);
