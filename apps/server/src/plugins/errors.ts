import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '@tracklane/shared/api/error-codes';
import { AppError } from '../lib/app-error';

interface ErrorBody {
  success: false;
  result: null;
  message: string;
  code: string;
}

function body(code: string, message: string): ErrorBody {
  return { success: false, result: null, message, code };
}

/** Fastify's own 4xx codes that get a clearer message than the framework's. */
const FASTIFY_MESSAGES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but declared as JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGE.PAYLOAD_TOO_LARGE },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: ERROR_MESSAGE.UNSUPPORTED_MEDIA_TYPE,
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'File too large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the file as multipart/form-data.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request length does not match its body.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The address contains an invalid %-escape.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'A part of the address is too long.' },
};

/**
 * Errors the router meets before any route or hook runs (a bad %-escape, an over-long path segment):
 * Fastify's own answer is a bare JSON body, so they get the envelope here. No onSend hook runs on this
 * path, hence the headers the hooks would add.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_MESSAGES[error.code];
  if (!known) request.log.error({ err: error }, 'unhandled framework error');
  const { code, message } = known ?? { code: 'INTERNAL' as const, message: ERROR_MESSAGE.INTERNAL };
  void reply
    .status(ERROR_STATUS[code])
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id)
    .send(body(code, message));
}

/** What a request that never became one (the HTTP parser refused it) is answered with. */
function clientErrorCode(error: Error & { code?: string }): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/**
 * The server's 'clientError' listener: malformed HTTP, headers or a request line over Node's limit, a
 * request that took too long. There is no request or reply yet, so the envelope is written on the raw
 * socket, which is then closed as Node's own handler does.
 */
export function createClientErrorHandler(log: FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = clientErrorCode(error);
    const status = ERROR_STATUS[code];
    log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const payload = JSON.stringify(
        body(code, code === 'BAD_REQUEST' ? 'The request is not valid HTTP.' : ERROR_MESSAGE[code]),
      );
      socket.write(
        `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${String(Buffer.byteLength(payload))}\r\n` +
          'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
          payload,
      );
    }
    socket.destroy(error);
  };
}

/**
 * SQLSTATE classes and codes, and the driver's and pool's own failures, that say the database cannot
 * be reached or cannot take the work now (too many connections, shutting down, starting up, a lost
 * connection, no free connection in time): the request was fine, so the answer is 503, not 500.
 */
const DATABASE_UNAVAILABLE_CODES = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
]);
const DATABASE_UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
];

/** Whether `error` (or what drizzle wrapped in it) says the database is out of reach for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DATABASE_UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
      return true;
    if (DATABASE_UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/**
 * One error handler for the whole API: every failure leaves as the envelope, validation failures as 400
 * with the first failing rule's message, and a 5xx never shows internals (they go to the log).
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        const retryAfter = error.details?.retryAfter;
        if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
        // A 426 names the protocol to switch to.
        const upgrade = error.details?.upgrade;
        if (typeof upgrade === 'string') void reply.header('upgrade', upgrade);
        return reply.status(error.statusCode).send(body(error.code, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        return reply.status(400).send(body('VALIDATION', first?.message ?? ERROR_MESSAGE.VALIDATION));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply.status(500).send(body('INTERNAL', ERROR_MESSAGE.INTERNAL));
      }
      const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
      if (known) return reply.status(ERROR_STATUS[known.code]).send(body(known.code, known.message));

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Other framework/plugin 4xx errors carry safe, descriptive messages.
        const code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
        return reply
          .status(status)
          .send(body(code, status === 429 ? ERROR_MESSAGE.RATE_LIMITED : error.message));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send(body('SERVICE_UNAVAILABLE', ERROR_MESSAGE.SERVICE_UNAVAILABLE));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body('INTERNAL', ERROR_MESSAGE.INTERNAL));
    });

    app.setNotFoundHandler((request, reply) => {
      return reply
        .status(404)
        .send(body('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`));
    });
  },
  { name: 'errors' },
);
