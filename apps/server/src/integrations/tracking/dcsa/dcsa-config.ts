import type { Logger } from 'pino';
import { z } from 'zod';
import type { OceanProvider } from '../provider';
import { createDcsaProvider } from './dcsa-provider';

// RFC 9110 token characters: anything else makes fetch throw on every request.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A line break in a value would let it write further headers.
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** Says "is missing" rather than zod's "expected string, received undefined". */
const unless = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is missing' : message),
});

const dcsaCarrierSchema = z.strictObject({
  scac: z
    .string(unless('must be a string'))
    .regex(/^[A-Za-z]{4}$/, 'must be a 4-letter SCAC')
    .transform((scac) => scac.toUpperCase()),
  eventsUrl: z.url({ protocol: /^https?$/, ...unless('must be an http(s) URL') }),
  headers: z
    .record(
      z.string().regex(HEADER_NAME),
      z.string({ error: 'must be a string' }).regex(HEADER_VALUE, 'must be on one line'),
      {
        error: (issue) =>
          issue.code === 'invalid_type' ? 'must be an object of header names to string values' : undefined,
      },
    )
    .default({}),
});

const dcsaCarriersSchema = z
  .array(dcsaCarrierSchema, { error: 'must be a JSON array of { scac, eventsUrl, headers }' })
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.scac))
        ctx.addIssue({ code: 'custom', path: [index, 'scac'], message: `${entry.scac} is configured twice` });
      seen.add(entry.scac);
    });
  });

/** One carrier's DCSA T&T 2.2 connection, as configured in DCSA_CARRIERS. */
export type DcsaCarrierConfig = z.output<typeof dcsaCarrierSchema>;

/**
 * Reads the DCSA_CARRIERS environment variable: a JSON array of `{ scac, eventsUrl, headers }`. Unset
 * or blank means no real carrier connections. Throws an Error starting "DCSA_CARRIERS:" that names the
 * entry and field at fault; never one that repeats a value, since header values are API keys.
 */
export function parseDcsaCarriers(raw: string | undefined): DcsaCarrierConfig[] {
  if (!raw?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // JSON.parse's own message quotes the text around the error, which may be an API key.
    throw new Error(
      'DCSA_CARRIERS: is not valid JSON (expected a JSON array of { scac, eventsUrl, headers })',
    );
  }
  const result = dcsaCarriersSchema.safeParse(json);
  if (result.success) return result.data;

  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const [index, ...field] = issue.path;
    if (typeof index !== 'number') return issue.message;
    const scac = Array.isArray(json) ? scacOf(json[index]) : null;
    const entry = `entry ${String(index + 1)}${scac ? ` (${scac})` : ''}`;
    if (issue.code === 'unrecognized_keys') return `${entry}: unknown field ${issue.keys.join(', ')}`;
    if (field.length === 0) return `${entry}: must be an object`;
    const message = issue.code === 'invalid_key' ? 'is not a valid header name' : issue.message;
    return `${entry}: ${field.map(String).join('.')} ${message}`;
  });
  throw new Error(`DCSA_CARRIERS: ${problems.join('; ')}`);
}

function scacOf(entry: unknown): string | null {
  const scac = (entry as { scac?: unknown } | null)?.scac;
  return typeof scac === 'string' && /^[A-Za-z]{4}$/.test(scac) ? scac.toUpperCase() : null;
}

/** One DCSA provider per configured carrier, keyed by SCAC, for createProviderRegistry. */
export function createDcsaConnections(
  entries: DcsaCarrierConfig[],
  logger: Pick<Logger, 'warn'>,
): Map<string, OceanProvider> {
  return new Map(entries.map((entry) => [entry.scac, createDcsaProvider({ ...entry, logger })]));
}
