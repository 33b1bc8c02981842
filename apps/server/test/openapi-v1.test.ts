import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

const { app } = await useTestApp();

type Operation = {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: { 'application/json'?: { schema: Record<string, unknown> } } }>;
  requestBody?: { content: { 'application/json'?: { schema: Record<string, unknown> } } };
};

const V1_OPERATIONS = [
  'get /api/v1/key',
  'get /api/v1/custom-fields',
  'get /api/v1/shipments/ocean',
  'get /api/v1/shipments/ocean/{shipmentId}/references',
  'patch /api/v1/shipments/ocean/{shipmentId}/references',
  'get /api/v1/shipments/express/{shipmentId}/references',
  'patch /api/v1/shipments/express/{shipmentId}/references',
  'get /api/v1/shipments/ocean/{shipmentId}/custom-fields',
  'patch /api/v1/shipments/ocean/{shipmentId}/custom-fields',
  'get /api/v1/shipments/express/{shipmentId}/custom-fields',
  'patch /api/v1/shipments/express/{shipmentId}/custom-fields',
  'post /api/v1/shipments/ocean',
  'get /api/v1/shipments/ocean/bills',
  'get /api/v1/shipments/ocean/bills/{billId}',
  'delete /api/v1/shipments/ocean/bills/{billId}',
  'get /api/v1/shipments/ocean/{shipmentId}',
  'get /api/v1/shipments/ocean/{shipmentId}/events',
  'post /api/v1/shipments/ocean/{shipmentId}/archive',
  'post /api/v1/shipments/ocean/{shipmentId}/unarchive',
  'get /api/v1/shipments/express',
  'post /api/v1/shipments/express',
  'get /api/v1/shipments/express/{shipmentId}',
  'get /api/v1/shipments/express/{shipmentId}/events',
  'post /api/v1/shipments/express/{shipmentId}/archive',
  'post /api/v1/shipments/express/{shipmentId}/unarchive',
  'get /api/v1/dcsa/tnt/v2/events',
  'get /api/v1/exceptions',
  'get /api/v1/exceptions/{exceptionId}',
  ...['ocean', 'express'].flatMap((segment) => [
    `get /api/v1/shipments/${segment}/{shipmentId}/documents`,
    `post /api/v1/shipments/${segment}/{shipmentId}/documents`,
    `get /api/v1/shipments/${segment}/{shipmentId}/documents/{documentId}/file`,
    `delete /api/v1/shipments/${segment}/{shipmentId}/documents/{documentId}`,
  ]),
];

/** Operations that answer a file's bytes, not the JSON envelope: only their errors are JSON. */
const FILE_OPERATIONS = /\/file$/;

describe('/api/openapi.json', () => {
  it('documents every /api/v1/ route with its key, an example answer that fits its schema, and its errors', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => `${m} ${path}`),
      );
    expect(documented.sort()).toEqual([...V1_OPERATIONS].sort());

    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const name of V1_OPERATIONS) {
      const [method, path] = name.split(' ') as [string, string];
      const op = doc.paths[path]![method]!;
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      expect(op.security, name).toEqual([{ apiKey: [] }]);
      for (const status of ['400', '401', '403', '429'])
        expect(op.responses[status], `${name} ${status}`).toBeDefined();
      if (FILE_OPERATIONS.test(path)) continue;
      expect(op.responses['200'], `${name} 200`).toBeDefined();
      const schema = op.responses['200']!.content!['application/json']!.schema;
      expect(schema.example, `${name} example`).toBeDefined();
      const validate = ajv.compile({ ...schema, example: undefined });
      expect(validate(schema.example), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      if ((method === 'post' || method === 'patch') && op.requestBody) {
        const json = op.requestBody.content['application/json'];
        // A multipart upload names its parts; its file has no JSON example.
        if (!json) {
          expect(Object.keys(op.requestBody.content), `${name} body`).toEqual(['multipart/form-data']);
          continue;
        }
        const body = json.schema;
        if (!path.endsWith('archive')) {
          expect(body.example, `${name} body example`).toBeDefined();
          const check = ajv.compile({ ...body, example: undefined });
          expect(check(body.example), `${name} body: ${ajv.errorsText(check.errors)}`).toBe(true);
        }
      }
    }
  });

  it('documents each free-time clock of an ocean shipment by name, with its own last free day', async () => {
    type Schema = {
      properties?: Record<string, Schema>;
      description?: string;
      $ref?: string;
      items?: Schema;
    };
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    }>();
    const resolve = (schema: Schema): Schema =>
      schema.$ref ? resolve(doc.components!.schemas![schema.$ref.split('/').at(-1)!]!) : schema;
    const at = (schema: Schema, ...path: string[]): Schema =>
      path.reduce((s, key) => resolve(key === '[]' ? s.items! : s.properties![key]!), resolve(schema));
    for (const [path, item] of [
      ['/api/v1/shipments/ocean', ['result', 'items', '[]', 'freeTime']],
      ['/api/v1/shipments/ocean/{shipmentId}', ['result', 'freeTime']],
    ] as const) {
      const response = doc.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;
      const freeTime = at(response, ...item);
      for (const clock of ['demurrage', 'detention']) {
        expect(at(freeTime, clock, 'lastFreeDay').description, `${path} ${clock}`).toMatch(
          new RegExp(`^${clock} last free day`, 'i'),
        );
        expect(at(freeTime, clock, 'daysLeft').description, `${path} ${clock}`).toBeTruthy();
      }
      expect(at(freeTime, 'clock').description).toMatch(/ends next/);
      expect(at(freeTime, 'lastFreeDay').description).toMatch(/`clock`/);
    }
  });

  it('serves the document to anyone, so the reference page and tools can read it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
