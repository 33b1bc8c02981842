import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null';

/**
 * Rewrites what fast-json-stringify would serialise slowly: zod's `anyOf: [X, {type: 'null'}]` for a
 * nullable value makes it validate each value against both branches (with Ajv) to choose one; a
 * nullable scalar becomes a type list and a nullable object `nullable: true`, chosen by a null check.
 * Validation keywords are dropped: a serializer does not validate.
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as unknown[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNull)) {
    const other = forSerializer(anyOf.find((s) => !isNull(s))) as JsonSchema;
    const { anyOf: _anyOf, ...rest } = node;
    const merged = { ...rest, ...other };
    if (typeof merged.type === 'string' && merged.type !== 'object' && merged.type !== 'array') {
      const { enum: _enum, ...scalar } = merged;
      return { ...scalar, type: [merged.type, 'null'] };
    }
    return { ...merged, nullable: true };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'minimum' || key === 'maximum' || key === 'enum') continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, s]) => [name, forSerializer(s)]),
      );
    } else out[key] = forSerializer(value);
  }
  return out;
}

/**
 * A route's serializer compiled from its zod response schema (through JSON Schema) by
 * fast-json-stringify, for hot routes: the app's default serializer validates every answer with zod
 * before `JSON.stringify`, which costs more than the list query itself. The handler's return type is
 * checked against the same schema at compile time, and undeclared properties are still left out; what
 * is given up is the run-time check of each row. The OpenAPI document is built from the zod schema as
 * before.
 */
export const compiledSerializer = ({ schema }: { schema: unknown }): ((data: unknown) => string) => {
  if (!(schema instanceof z.ZodType)) throw new TypeError('compiledSerializer needs a zod response schema');
  return fastJson(
    forSerializer(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' })) as JsonSchema,
  ) as (data: unknown) => string;
};
