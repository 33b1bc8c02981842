import type { App } from '../src/app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON Schema node as the OpenAPI document writes it (only what the walks read). */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  minItems?: number;
}

/** One operation of the OpenAPI document, with the access level the route declares (`x-access`). */
export interface DocumentedRoute {
  method: Method;
  path: string;
  access: string;
  query: { name: string; required: boolean }[];
  body: SchemaNode | null;
}

/**
 * Every operation the server documents, read from its OpenAPI document: a walk built on it covers a
 * route added later without listing it.
 */
export async function documentedRoutes(app: App): Promise<DocumentedRoute[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          'x-access': string;
          parameters?: { name: string; in: string; required?: boolean }[];
          requestBody?: { content: Record<string, { schema: SchemaNode }> };
        }
      >
    >;
  }>();
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      access: op['x-access'],
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

/** A path with its `{name}` parameters filled from `values`; a parameter without one throws. */
export function fillPath(path: string, values: (name: string) => string | undefined): string {
  return path.replace(/\{([\w:]+)\}/g, (_, name: string) => {
    const value = values(name);
    if (value === undefined) throw new Error(`${path}: no sample value for the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
