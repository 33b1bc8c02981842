import { type z } from 'zod';
import { errorEnvelopeSchema } from '@tracklane/shared/api/envelope';
import { errorExamples } from './examples';

/** The OpenAPI security scheme every /api/v1/ route requires. */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

const errorResponse = (status: keyof typeof errorExamples, description: string) =>
  errorEnvelopeSchema.meta({ description, example: errorExamples[status] });

/**
 * The OpenAPI side of a /api/v1/ route's answers, written the same way for each: the key it needs,
 * the answer with an example, and the errors every route can give (bad input, no key, not allowed,
 * not found, too many requests).
 */
export function v1Responses<R extends z.ZodType>(response: R, example: unknown) {
  return {
    security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
    response: {
      200: response.meta({ example }),
      400: errorResponse(400, 'The request is not valid: the message names the first problem.'),
      401: errorResponse(401, 'No key, or a key that is unknown, revoked or expired.'),
      403: errorResponse(403, 'The key may not do this (read-only, or its creator lost the right).'),
      404: errorResponse(404, 'Not found in the key’s workspace.'),
      429: errorResponse(429, 'Too many requests with this key: wait for Retry-After seconds.'),
    },
  };
}
