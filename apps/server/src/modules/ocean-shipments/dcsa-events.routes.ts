import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { DCSA_API_VERSION, dcsaOutEventSchema } from '../../integrations/tracking/dcsa/dcsa-out';
import {
  DOCUMENT_TYPE_CODES,
  EQUIPMENT_EVENT_TYPE_CODES,
  SHIPMENT_EVENT_TYPE_CODES,
} from '../../integrations/tracking/dcsa/dcsa-schema';
import { AppError } from '../../lib/app-error';
import { DATE_RANGE_TEXT, storableDateTime } from '@tracklane/shared/validation/database-ranges';
import {
  DATE_OPERATORS,
  DCSA_EVENT_TYPES,
  listDcsaEvents,
  type DcsaEventsFilter,
} from './dcsa-events.service';
import { API_KEY_SECURITY_SCHEME } from '../public-api/v1-schema';

export const DCSA_EVENTS_PATH = '/api/v1/dcsa/tnt/v2/events';
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** A comma-separated list (2.2's `style: form, explode: false`) of values from `values`. */
const commaList = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z
    .string()
    .max(500)
    .meta({ description: `Comma-separated (OR): ${values.join(', ')}` })
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(values, { message: `${name} must be a comma-separated list of ${values.join(', ')}` }))
        .min(1, { message: `${name} must not be empty` }),
    );

const dateTime = (name: string) =>
  storableDateTime(
    `${name} must be a date-time with a time zone, e.g. 2021-04-01T14:12:56+01:00`,
    `${name} must be ${DATE_RANGE_TEXT}`,
  )
    .meta({
      description:
        'Events created at, after or before this time (RFC 3339 with offset), as the operator says',
      example: '2021-04-01T14:12:56+01:00',
    })
    .optional();

/** The filters of 2.2's `GET /v2/events` this feed answers; any other is refused rather than ignored. */
const SUPPORTED =
  'eventType, equipmentReference, transportDocumentReference, transportEventTypeCode, equipmentEventTypeCode, shipmentEventTypeCode, documentTypeCode, UNLocationCode, eventCreatedDateTime[:gte|:gt|:lte|:lt|:eq], limit, cursor';

export const dcsaEventsQuerySchema = z.strictObject(
  {
    eventType: commaList(DCSA_EVENT_TYPES, 'eventType').optional(),
    transportEventTypeCode: commaList(['ARRI', 'DEPA'], 'transportEventTypeCode').optional(),
    equipmentEventTypeCode: commaList(EQUIPMENT_EVENT_TYPE_CODES, 'equipmentEventTypeCode').optional(),
    shipmentEventTypeCode: commaList(SHIPMENT_EVENT_TYPE_CODES, 'shipmentEventTypeCode').optional(),
    documentTypeCode: commaList(DOCUMENT_TYPE_CODES, 'documentTypeCode').optional(),
    equipmentReference: z.string().trim().min(1).max(15).optional(),
    transportDocumentReference: z.string().trim().min(1).max(20).optional(),
    UNLocationCode: z
      .string()
      .trim()
      .length(5, { message: 'UNLocationCode must have 5 characters' })
      .optional(),
    eventCreatedDateTime: dateTime('eventCreatedDateTime'),
    'eventCreatedDateTime:gte': dateTime('eventCreatedDateTime:gte'),
    'eventCreatedDateTime:gt': dateTime('eventCreatedDateTime:gt'),
    'eventCreatedDateTime:lte': dateTime('eventCreatedDateTime:lte'),
    'eventCreatedDateTime:lt': dateTime('eventCreatedDateTime:lt'),
    'eventCreatedDateTime:eq': dateTime('eventCreatedDateTime:eq'),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: 'limit must be at least 1' })
      .max(MAX_LIMIT, { message: `limit must be at most ${String(MAX_LIMIT)}` })
      .default(DEFAULT_LIMIT),
    cursor: z.string().max(200).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unsupported filter ${issue.keys.join(', ')}: this feed supports ${SUPPORTED}`
        : undefined,
  },
);
type DcsaEventsQuery = z.infer<typeof dcsaEventsQuerySchema>;

function toFilter(q: DcsaEventsQuery): DcsaEventsFilter {
  const created: NonNullable<DcsaEventsFilter['created']> = [];
  // No operator means strictly equal (2.2).
  if (q.eventCreatedDateTime) created.push({ operator: 'eq', at: new Date(q.eventCreatedDateTime) });
  for (const operator of DATE_OPERATORS) {
    const value = q[`eventCreatedDateTime:${operator}`];
    if (value) created.push({ operator, at: new Date(value) });
  }
  const shipmentOnly = Boolean(q.shipmentEventTypeCode ?? q.documentTypeCode) && !q.eventType;
  return {
    ...(q.eventType ? { eventTypes: q.eventType } : {}),
    ...(q.transportEventTypeCode ? { transportEventTypeCodes: q.transportEventTypeCode } : {}),
    ...(q.equipmentEventTypeCode ? { equipmentEventTypeCodes: q.equipmentEventTypeCode } : {}),
    // Document filters only concern SHIPMENT events: asked alone, they leave no stored event.
    onlyShipmentFilters: shipmentOnly && !q.transportEventTypeCode && !q.equipmentEventTypeCode,
    ...(q.equipmentReference ? { equipmentReference: q.equipmentReference } : {}),
    ...(q.transportDocumentReference ? { transportDocumentReference: q.transportDocumentReference } : {}),
    ...(q.UNLocationCode ? { unLocationCode: q.UNLocationCode } : {}),
    created,
    limit: q.limit,
    ...(q.cursor ? { cursor: q.cursor } : {}),
  };
}

export const dcsaErrorSchema = z.object({
  httpMethod: z.string(),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string(),
  errorDateTime: z.string(),
  errors: z.array(z.object({ reason: z.string(), message: z.string() })),
});

const REASONS: Record<number, string> = {
  400: 'invalidQuery',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  429: 'tooManyRequests',
};

/** Errors of the DCSA feed in 2.2's error object (a DCSA client parses that, not our envelope). */
function dcsaErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let message = 'Something went wrong on our side. Please try again.';
  if (error instanceof AppError) {
    status = error.statusCode;
    if (status < 500) message = error.message;
    const retryAfter = error.details?.retryAfter;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    message = error.validation[0]?.message ?? 'The query is not valid.';
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    message = error.message;
  }
  if (status >= 500) request.log.error({ err: error }, 'DCSA events request failed');
  return reply
    .status(status)
    .header('api-version', DCSA_API_VERSION)
    .send({
      httpMethod: request.method,
      requestUri: request.url,
      statusCode: status,
      statusCodeText: STATUS_CODES[status] ?? 'Error',
      errorDateTime: new Date().toISOString(),
      errors: [{ reason: REASONS[status] ?? 'internalError', message }],
    } satisfies z.infer<typeof dcsaErrorSchema>);
}

const exampleEvents = [
  {
    eventID: '0f6b4e0b-29f6-5f1e-9b1d-3c2a7e5d9a10',
    eventCreatedDateTime: '2026-03-01T22:20:31.000Z',
    eventDateTime: '2026-03-01T22:05:00.000Z',
    eventClassifierCode: 'ACT',
    references: [{ referenceType: 'EQ', referenceValue: 'MSCU1234566' }],
    eventType: 'EQUIPMENT',
    equipmentEventTypeCode: 'LOAD',
    equipmentReference: 'MSCU1234566',
    emptyIndicatorCode: 'LADEN',
    eventLocation: { locationName: 'Shanghai', UNLocationCode: 'CNSHA' },
    transportCall: {
      transportCallID: '6a1f0c2e-8d3b-5e47-a2c9-1b7d4f0e9c35',
      modeOfTransport: 'VESSEL',
      UNLocationCode: 'CNSHA',
      exportVoyageNumber: 'FA609W',
      location: { locationName: 'Shanghai', UNLocationCode: 'CNSHA' },
      vessel: { vesselIMONumber: '9839430', vesselName: 'MSC GULSUN' },
    },
  },
];

/**
 * DCSA Track & Trace 2.2 out: `GET /v2/events` for the carrier events of the key's workspace's ocean
 * shipments, with 2.2's filters and its cursor pagination headers (Current-Page, Next-Page,
 * First-Page as links).
 */
export const dcsaEventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.setErrorHandler(dcsaErrorHandler);
  app.get(
    DCSA_EVENTS_PATH,
    {
      config: { access: 'key:read' },
      schema: {
        tags: ['v1: DCSA Track & Trace 2.2'],
        summary: 'DCSA Track & Trace 2.2: find events',
        description: `The carrier events of the workspace's ocean shipments (archived ones included) as DCSA Track & Trace 2.2 \`GET /v2/events\` answers them: TRANSPORT (ARRI, DEPA) and EQUIPMENT events; the product stores no SHIPMENT events. Filters: ${SUPPORTED}; list filters take comma-separated values (OR). Pages run in the order events were stored. Headers: \`API-Version\` (${DCSA_API_VERSION}), \`Current-Page\`, \`Next-Page\` (absent on the last page) and \`First-Page\` (on later pages), each a link to request as is. Errors use DCSA's error object.`,
        querystring: dcsaEventsQuerySchema,
        security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
        response: {
          200: z.array(dcsaOutEventSchema).meta({ example: exampleEvents }),
          400: dcsaErrorSchema.meta({ description: 'A filter is not valid or not supported.' }),
          401: dcsaErrorSchema.meta({ description: 'No key, or a key that is unknown, revoked or expired.' }),
          403: dcsaErrorSchema.meta({ description: 'The key’s creator may no longer see shipments.' }),
          429: dcsaErrorSchema.meta({
            description: 'Too many requests with this key: wait for Retry-After seconds.',
          }),
        },
      },
    },
    async (request, reply) => {
      const page = await listDcsaEvents(ctx.db, request.tenant.workspaceId, toFilter(request.query));
      // Links repeat the request's own filters: each can be requested as it is.
      const link = (cursor: string | null) => {
        const params = new URLSearchParams(request.raw.url?.split('?')[1] ?? '');
        params.delete('cursor');
        if (cursor) params.set('cursor', cursor);
        const query = params.toString();
        return `${ctx.config.publicUrl}${DCSA_EVENTS_PATH}${query ? `?${query}` : ''}`;
      };
      void reply.header('api-version', DCSA_API_VERSION);
      void reply.header('current-page', link(request.query.cursor ?? null));
      if (page.nextCursor) void reply.header('next-page', link(page.nextCursor));
      if (request.query.cursor) void reply.header('first-page', link(null));
      return page.events;
    },
  );
};
