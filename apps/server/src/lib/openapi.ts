import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The parts of a multipart/form-data route (text fields and the file), for the OpenAPI document
     * only: Fastify does not validate multipart bodies, the handler reads them with
     * `readMultipartForm` and parses the fields with the same zod schema.
     */
    multipartForm?: z.ZodObject;
  }
}

/** An uploaded image part; OpenAPI shows it as a binary string, which clients render as a file input. */
export const imageFilePart = z.file().describe('A JPEG, PNG or GIF image');

const SWITCHING_PROTOCOLS = {
  type: 'null',
  description: 'Switching Protocols: the connection is now a WebSocket (send Upgrade: websocket).',
};
const UPGRADE_REQUIRED = {
  description: 'Upgrade Required: asked without Upgrade: websocket (the error envelope).',
};

/**
 * The OpenAPI transform: zod schemas to JSON Schema (fastify-type-provider-zod), plus what that cannot
 * see: a route's `multipartForm` becomes its multipart/form-data request body, and WebSocket routes,
 * which @fastify/websocket hides, are shown as the GET that upgrades, answered by 101 (426 without the
 * upgrade).
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { multipartForm, ...rest }: FastifySchema = input.schema ?? {};
  const websocket = input.route.websocket === true;
  const schema: FastifySchema = {
    ...rest,
    ...(multipartForm ? { body: multipartForm, consumes: ['multipart/form-data'] } : {}),
    ...(websocket ? { hide: false } : {}),
  };
  const out = jsonSchemaTransform({ ...input, schema });
  if (!websocket) return out;
  const responses = (out.schema.response ?? {}) as Record<string, unknown>;
  return {
    ...out,
    schema: { ...out.schema, response: { 101: SWITCHING_PROTOCOLS, 426: UPGRADE_REQUIRED, ...responses } },
  };
};
