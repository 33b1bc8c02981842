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
    /**
     * The body of a route that reads its raw bytes (a signature covers them), for the OpenAPI document
     * only: Fastify does not validate it, the handler parses the bytes with the same zod schema.
     */
    rawBody?: z.ZodType;
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

/** Values rather than schemas: never walked. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples']);

/**
 * OpenAPI 3.0 lets `nullable` add null to a type but not to an `enum` (3.0.3): a nullable enum (a
 * shipment's status, its free-time clock) lists null itself, so that validators and generated clients
 * accept the null the document promises.
 */
function withNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullInNullableEnums) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] = DATA_KEYWORDS.has(key) ? value : withNullInNullableEnums(value);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...(out.enum as unknown[]), null];
  return out as T;
}

/**
 * The OpenAPI transform: zod schemas to JSON Schema (fastify-type-provider-zod), plus what that cannot
 * see: a route's `multipartForm` becomes its multipart/form-data request body, its `rawBody` its JSON
 * request body (the handler reads the bytes), and WebSocket routes,
 * which @fastify/websocket hides, are shown as the GET that upgrades, answered by 101 (426 without the
 * upgrade). Each operation names its access level as `x-access` (see plugins/access.ts), so a
 * client, and the cross-tenant walk in the tests, can tell which routes work in a workspace.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { multipartForm, rawBody, ...rest }: FastifySchema = input.schema ?? {};
  const websocket = input.route.websocket === true;
  const schema: FastifySchema = {
    ...rest,
    ...(multipartForm ? { body: multipartForm, consumes: ['multipart/form-data'] } : {}),
    ...(rawBody ? { body: rawBody, consumes: ['application/json'] } : {}),
    ...(websocket ? { hide: false } : {}),
  };
  const transformed = jsonSchemaTransform({ ...input, schema });
  const access = input.route.config?.access;
  const out = {
    ...transformed,
    schema: { ...withNullInNullableEnums(transformed.schema), ...(access ? { 'x-access': access } : {}) },
  };
  if (!websocket) return out;
  const responses = (out.schema.response ?? {}) as Record<string, unknown>;
  return {
    ...out,
    schema: { ...out.schema, response: { 101: SWITCHING_PROTOCOLS, 426: UPGRADE_REQUIRED, ...responses } },
  };
};
