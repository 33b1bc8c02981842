import { z } from 'zod';
import { deliverySchema, DELIVERY_MODES, pushStateSchema } from './carrier-push.schema';
import {
  CONNECTION_KINDS,
  CONNECTION_TERMINALS_MAX,
  isTerminalKind,
  TERMINAL_OPERATORS,
  type ConnectionKind,
} from './connection-kinds';
import { ERROR_CLASSES, TEST_OUTCOMES, type ErrorClass } from './connection-outcomes';

// The connection kinds and the test outcomes are modules of their own, re-exported here where
// callers import them with the request and view schemas.
export {
  CONNECTION_KIND_LABELS,
  CONNECTION_KINDS,
  CONNECTION_TERMINALS_MAX,
  isTerminalKind,
  TERMINAL_KINDS,
  TERMINAL_OPERATORS,
  type ConnectionKind,
  type TerminalKind,
} from './connection-kinds';
export {
  ERROR_CLASSES,
  TEST_OUTCOME_LABELS,
  TEST_OUTCOMES,
  testOutcomeLabel,
  type ErrorClass,
  type TestOutcome,
} from './connection-outcomes';

export const AUTH_TYPES = ['headers', 'oauth2-client-credentials', 'none'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const AUTH_TYPE_LABELS: Record<AuthType, string> = {
  headers: 'API key in headers',
  'oauth2-client-credentials': 'OAuth2 client credentials',
  none: 'No authentication (sandbox)',
};

/** The smallest published tiers fit these: a new connection starts with them. */
export const DEFAULT_PER_MINUTE = 10;
export const DEFAULT_PER_DAY = 100;
export const PER_MINUTE_MAX = 10_000;
export const PER_DAY_MAX = 1_000_000;

export const CONNECTION_LABEL_MAX = 80;
export const CONNECTION_URL_MAX = 500;
export const CONNECTION_HEADERS_MAX = 8;
export const HEADER_NAME_MAX = 100;
export const SECRET_VALUE_MAX = 4000;
export const SCOPE_MAX = 500;
export const CONNECTIONS_PER_ORGANIZATION_MAX = 50;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL's host is this machine (http is accepted only there, for tests and development). */
export function isLocalHost(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname);
}

const httpsUrl = (what: string, example: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, { message: `Enter the ${what}` })
    .max(CONNECTION_URL_MAX, { message: `The ${what} is too long` })
    .refine(
      (v) => {
        if (!URL.canParse(v)) return false;
        const url = new URL(v);
        if (url.username || url.password || url.hash) return false;
        return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHost(url));
      },
      { message: `Enter the ${what} as an https URL without a user name or password, e.g. ${example}` },
    );

export const baseUrlSchema = httpsUrl(
  "carrier's DCSA events endpoint",
  'https://api.carrier.example/v2/events',
);
const tokenUrlSchema = httpsUrl('token URL', 'https://auth.carrier.example/oauth2/token');
/** Push only: where subscriptions are made; left out, the one beside the events endpoint. */
export const subscriptionsUrlSchema = httpsUrl(
  "carrier's event-subscriptions endpoint",
  'https://api.carrier.example/v2/event-subscriptions',
);

const locodeSchema = z
  .string({ error: 'Enter each terminal as its 5-letter UN/LOCODE, e.g. USLAX' })
  .trim()
  .regex(/^[A-Za-z]{2}[A-Za-z2-9]{3}$/, {
    message: 'Enter each terminal as its 5-letter UN/LOCODE, e.g. USLAX',
  })
  .transform((v) => v.toUpperCase());

/** The terminals (facility codes) a terminal connection asks about: its containers at those ports. */
export const terminalsSchema = z
  .array(locodeSchema, { error: 'terminals must be a list of UN/LOCODEs' })
  .min(1, { message: 'Choose at least one terminal' })
  .max(CONNECTION_TERMINALS_MAX, {
    message: `At most ${String(CONNECTION_TERMINALS_MAX)} terminals per connection`,
  })
  .refine((list) => new Set(list).size === list.length, { message: 'A terminal is named twice' });

const scacSchema = z
  .string({ error: 'Enter the carrier’s 4-letter SCAC, e.g. MAEU' })
  .trim()
  .regex(/^[A-Za-z]{4}$/, { message: 'Enter the carrier’s 4-letter SCAC, e.g. MAEU' })
  .transform((v) => v.toUpperCase());

// RFC 9110 token characters: anything else makes every request fail.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Headers the client sets itself, or that would change where or how the request goes.
const RESERVED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'accept']);

const headerName = z
  .string()
  .max(HEADER_NAME_MAX, { message: 'A header name is too long' })
  .refine((v) => HEADER_NAME.test(v), {
    message: 'A header name may contain letters, digits and dashes only',
  })
  .refine((v) => !RESERVED_HEADERS.has(v.toLowerCase()), {
    message: 'This header is set by Tracklane itself and cannot be configured',
  });

const secretValue = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .min(1, { message: `Enter the ${what}` })
    .max(SECRET_VALUE_MAX, { message: `The ${what} is too long` })
    // A line break would let a value write further headers.
    .refine((v) => !/[\r\n\0]/.test(v), { message: `The ${what} must be on one line` })
    .refine((v) => v.trim() === v, { message: `The ${what} starts or ends with a space` });

const headersRecord = <V extends z.ZodType>(value: V) =>
  z
    .record(headerName, value, { error: 'Headers must be an object of header names to values' })
    .refine((h) => Object.keys(h).length >= 1, { message: 'Add at least one header' })
    .refine((h) => Object.keys(h).length <= CONNECTION_HEADERS_MAX, {
      message: `At most ${String(CONNECTION_HEADERS_MAX)} headers`,
    })
    .refine((h) => new Set(Object.keys(h).map((k) => k.toLowerCase())).size === Object.keys(h).length, {
      message: 'A header is named twice',
    });

const scopeSchema = z.string().trim().max(SCOPE_MAX, { message: 'The scope is too long' });

/** `auth` as it is written: every secret given in full. */
export const authInputSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('headers'), headers: headersRecord(secretValue('header value')) }),
    z.strictObject({
      type: z.literal('oauth2-client-credentials'),
      tokenUrl: tokenUrlSchema,
      clientId: secretValue('client ID'),
      clientSecret: secretValue('client secret'),
      scope: scopeSchema.optional(),
    }),
    z.strictObject({ type: z.literal('none') }),
  ],
  { error: 'auth.type must be headers, oauth2-client-credentials or none' },
);
export type AuthInput = z.output<typeof authInputSchema>;

/**
 * `auth` in a PATCH: a secret left out (or null) keeps the stored one, as long as the type stays. A
 * header named without a value keeps its value; a header not named is removed.
 */
export const authPatchSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('headers'),
      headers: headersRecord(secretValue('header value').nullable()),
    }),
    z.strictObject({
      type: z.literal('oauth2-client-credentials'),
      tokenUrl: tokenUrlSchema,
      clientId: secretValue('client ID').nullish(),
      clientSecret: secretValue('client secret').nullish(),
      scope: scopeSchema.optional(),
    }),
    z.strictObject({ type: z.literal('none') }),
  ],
  { error: 'auth.type must be headers, oauth2-client-credentials or none' },
);
export type AuthPatch = z.output<typeof authPatchSchema>;

const perMinute = z
  .number({ error: 'Calls per minute must be a whole number' })
  .int({ message: 'Calls per minute must be a whole number' })
  .min(1, { message: 'Allow at least 1 call per minute' })
  .max(PER_MINUTE_MAX, { message: `At most ${String(PER_MINUTE_MAX)} calls per minute` });
const perDay = z
  .number({ error: 'Calls per day must be a whole number' })
  .int({ message: 'Calls per day must be a whole number' })
  .min(1, { message: 'Allow at least 1 call per day' })
  .max(PER_DAY_MAX, { message: `At most ${String(PER_DAY_MAX)} calls per day` });
const label = z.string().trim().max(CONNECTION_LABEL_MAX, { message: 'The label is too long' });

/**
 * A new connection. A carrier connection (`dcsa-tnt-2.2`, the default) names its carrier's SCAC; a
 * terminal connection (`apmt-import-availability`) names the terminals it asks about instead, and is
 * stored under its operator's code (`carrier` may be left out, or must be that code).
 */
export const createConnectionRequestSchema = z
  .strictObject({
    carrier: scacSchema.optional(),
    kind: z
      .enum(CONNECTION_KINDS, { error: 'kind must be dcsa-tnt-2.2 or apmt-import-availability' })
      .default('dcsa-tnt-2.2'),
    baseUrl: baseUrlSchema,
    auth: authInputSchema,
    label: label.optional(),
    enabled: z.boolean().default(true),
    perMinute: perMinute.default(DEFAULT_PER_MINUTE),
    perDay: perDay.default(DEFAULT_PER_DAY),
    terminals: terminalsSchema.optional(),
    delivery: deliverySchema.default('poll'),
    subscriptionsUrl: subscriptionsUrlSchema.optional(),
  })
  .superRefine((value, context) => {
    if (isTerminalKind(value.kind)) {
      const operator = TERMINAL_OPERATORS[value.kind];
      if (value.carrier !== undefined && value.carrier !== operator.code)
        context.addIssue({
          code: 'custom',
          path: ['carrier'],
          message: `A ${value.kind} connection is ${operator.name}'s: leave carrier out or give ${operator.code}`,
        });
      if (!value.terminals)
        context.addIssue({
          code: 'custom',
          path: ['terminals'],
          message: 'Choose at least one terminal',
        });
    } else {
      if (value.carrier === undefined)
        context.addIssue({
          code: 'custom',
          path: ['carrier'],
          message: 'Enter the carrier’s 4-letter SCAC, e.g. MAEU',
        });
      if (value.terminals !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['terminals'],
          message: 'Only a terminal connection names terminals',
        });
    }
  });
export type CreateConnectionRequest = z.input<typeof createConnectionRequestSchema>;

/** The code a connection is stored under: its carrier's SCAC, or its terminal operator's code. */
export function connectionCarrier(input: { kind: ConnectionKind; carrier?: string | undefined }): string {
  return isTerminalKind(input.kind) ? TERMINAL_OPERATORS[input.kind].code : (input.carrier ?? '');
}

export const updateConnectionRequestSchema = z.strictObject({
  baseUrl: baseUrlSchema.optional(),
  auth: authPatchSchema.optional(),
  label: label.optional(),
  enabled: z.boolean().optional(),
  perMinute: perMinute.optional(),
  perDay: perDay.optional(),
  delivery: deliverySchema.optional(),
  /** null: the endpoint beside the events endpoint again. */
  subscriptionsUrl: subscriptionsUrlSchema.nullable().optional(),
  /** A terminal connection's terminals, all of them (a carrier connection has none). */
  terminals: terminalsSchema.optional(),
});
export type UpdateConnectionRequest = z.input<typeof updateConnectionRequestSchema>;

/** A secret as the API shows it: its last four characters, never more (none for a short one). */
export const maskedSecretSchema = z.object({ last4: z.string() });

/** `auth` as the API answers: names, URLs and the last four characters of each secret. */
export const authViewSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('headers'),
    headers: z.array(z.object({ name: z.string(), last4: z.string() })),
  }),
  z.object({
    type: z.literal('oauth2-client-credentials'),
    tokenUrl: z.string(),
    scope: z.string().nullable(),
    clientIdLast4: z.string(),
    clientSecretLast4: z.string(),
  }),
  z.object({ type: z.literal('none') }),
]);
export type AuthView = z.infer<typeof authViewSchema>;

export const connectionHealthSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastErrorClass: z.enum(ERROR_CLASSES as unknown as [ErrorClass, ...ErrorClass[]]).nullable(),
  lastErrorMessage: z.string().nullable(),
  /** Failing without a success since this time (null: the last call worked, or none was made). */
  failingSince: z.string().nullable(),
  callsToday: z.number().int(),
  callsThisMinute: z.number().int(),
  /** When the tracking engine next asks for one of this organization's containers of the carrier. */
  nextCallAt: z.string().nullable(),
});
export type ConnectionHealth = z.infer<typeof connectionHealthSchema>;

export const carrierConnectionSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  kind: z.enum(CONNECTION_KINDS),
  baseUrl: z.string(),
  label: z.string(),
  enabled: z.boolean(),
  perMinute: z.number().int(),
  perDay: z.number().int(),
  auth: authViewSchema,
  health: connectionHealthSchema,
  delivery: z.enum(DELIVERY_MODES),
  push: pushStateSchema,
  /** A terminal connection's terminals (UN/LOCODEs); empty for a carrier connection. */
  terminals: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarrierConnection = z.infer<typeof carrierConnectionSchema>;

export const REFERENCE_MAX = 40;

export const testConnectionRequestSchema = z.strictObject({
  /**
   * A container number or a bill of lading to ask for; without one a harmless call (a container that
   * does not exist) shows whether the carrier accepts the credentials.
   */
  reference: z
    .string()
    .trim()
    .max(REFERENCE_MAX, { message: 'The reference is too long' })
    .regex(/^[A-Za-z0-9-]*$/, { message: 'Enter a container or bill of lading number: letters and digits' })
    .optional(),
});
export type TestConnectionRequest = z.input<typeof testConnectionRequestSchema>;

export const testConnectionResultSchema = z.object({
  outcome: z.enum(TEST_OUTCOMES),
  message: z.string(),
  /**
   * Events the carrier gave for the reference (0 when it does not know it); for a terminal
   * connection, the containers the terminal answered for.
   */
  events: z.number().int(),
});
export type TestConnectionResult = z.infer<typeof testConnectionResultSchema>;

/** Whether a reference looks like a container number (ISO 6346: 4 letters and 7 digits). */
export function isContainerNumber(reference: string): boolean {
  return /^[A-Z]{4}\d{7}$/.test(reference.replace(/[\s-]/g, '').toUpperCase());
}
