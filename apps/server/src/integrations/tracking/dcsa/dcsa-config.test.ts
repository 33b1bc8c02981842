import { describe, expect, it } from 'vitest';
import { createOceanSources, NO_ORGANIZATION_CONNECTIONS } from '../registry';
import { createDcsaConnections, parseDcsaCarriers } from './dcsa-config';
import type { Database } from '../../../db/client';

/** These sources route without reading the database. */
const noDatabase = {} as Database;

// Error messages must not show even part of it: they end up in logs.
const SECRET = 'sk_live_7f3a9c1e';
const entry = (fields: Record<string, unknown> = {}) => ({
  scac: 'mscu',
  eventsUrl: 'https://api.carrier.example/tnt/v2/events',
  headers: { 'X-API-Key': SECRET },
  ...fields,
});
const raw = (...entries: unknown[]) => JSON.stringify(entries);
const failure = (value: string) => {
  try {
    parseDcsaCarriers(value);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected parseDcsaCarriers to throw');
};

describe('DCSA_CARRIERS', () => {
  it('means no connections when unset or blank', () => {
    expect(parseDcsaCarriers(undefined)).toEqual([]);
    expect(parseDcsaCarriers('  \n')).toEqual([]);
  });

  it('reads carriers, upper-casing the SCAC; headers are optional', () => {
    expect(
      parseDcsaCarriers(raw(entry(), { scac: 'HLCU', eventsUrl: 'http://127.0.0.1:8080/v2/events' })),
    ).toEqual([
      {
        scac: 'MSCU',
        eventsUrl: 'https://api.carrier.example/tnt/v2/events',
        headers: { 'X-API-Key': SECRET },
      },
      { scac: 'HLCU', eventsUrl: 'http://127.0.0.1:8080/v2/events', headers: {} },
    ]);
  });

  it('says the JSON is broken without quoting it', () => {
    // Quotes lost in the shell: JSON.parse's own message would quote the key.
    const message = failure(`[{"scac":"MSCU","headers":{"X-API-Key":'${SECRET}'}}]`);
    expect(message).toMatch(/^DCSA_CARRIERS: is not valid JSON/);
    expect(message).not.toContain(SECRET.slice(0, 7));
  });

  it.each([
    ['not an array', JSON.stringify(entry()), /^DCSA_CARRIERS: must be a JSON array/],
    ['an entry that is not an object', raw(entry(), 'MSCU'), /^DCSA_CARRIERS: entry 2: must be an object$/],
    [
      'a missing eventsUrl',
      raw(entry({ eventsUrl: undefined })),
      /^DCSA_CARRIERS: entry 1 \(MSCU\): eventsUrl is missing$/,
    ],
    [
      'a SCAC of 3 letters',
      raw(entry({ scac: 'MSC' })),
      /^DCSA_CARRIERS: entry 1: scac must be a 4-letter SCAC$/,
    ],
    [
      'an ftp URL',
      raw(entry({ eventsUrl: 'ftp://carrier.example/events' })),
      /entry 1 \(MSCU\): eventsUrl must be an http\(s\) URL/,
    ],
    ['a relative URL', raw(entry({ eventsUrl: '/v2/events' })), /eventsUrl must be an http\(s\) URL/],
    ['headers as a list', raw(entry({ headers: [SECRET] })), /entry 1 \(MSCU\): headers must be an object/],
    [
      'a header value that is a number',
      raw(entry({ headers: { 'X-API-Key': 42 } })),
      /headers\.X-API-Key must be a string/,
    ],
    [
      'a header value over two lines',
      raw(entry({ headers: { 'X-API-Key': `${SECRET}\nX-Evil: 1` } })),
      /headers\.X-API-Key must be on one line/,
    ],
    [
      'a header name with a space',
      raw(entry({ headers: { 'X API Key': SECRET } })),
      /headers\.X API Key is not a valid header name/,
    ],
    ['a misspelt field', raw(entry({ header: {} })), /entry 1 \(MSCU\): unknown field header/],
    [
      'the same carrier twice',
      raw(entry(), entry({ scac: 'MSCU' })),
      /entry 2 \(MSCU\): scac MSCU is configured twice/,
    ],
  ])('refuses %s, naming the entry and field', (_case, value, expected) => {
    const message = failure(value);
    expect(message).toMatch(expected);
    expect(message).not.toContain(SECRET.slice(0, 7));
  });

  it('becomes one DCSA provider per carrier, which answers the shared items of that carrier', async () => {
    const logger = { warn: () => undefined };
    const connections = createDcsaConnections(
      parseDcsaCarriers(raw(entry(), entry({ scac: 'HLCU' }))),
      logger,
    );
    expect([...connections.keys()]).toEqual(['MSCU', 'HLCU']);
    const sources = createOceanSources(connections, NO_ORGANIZATION_CONNECTIONS);
    const shared = { scope: 'shared', organizationId: null } as const;
    expect((await sources.provider({ ...shared, carrier: 'mscu' }))?.source).toBe('dcsa');
    expect((await sources.provider({ ...shared, carrier: 'HLCU' }))?.source).toBe('dcsa');
    expect(await sources.provider({ ...shared, carrier: 'MAEU' })).toBeNull();
    expect(await sources.route(noDatabase, 'org-1', 'MSCU', false)).toEqual(shared);
  });
});
