import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeDcsaIssues, parseDcsaEvents } from './dcsa-schema';

// DCSA's official examples, copied into the repository (see fixtures/dcsa-examples/README.md).
const EXAMPLES = new URL('./fixtures/dcsa-examples/', import.meta.url);
const FIXTURES = new URL('./fixtures/', import.meta.url);
const readJson = (base: URL, name: string): unknown => JSON.parse(readFileSync(new URL(name, base), 'utf8'));

const now = new Date('2026-11-21T12:00:00Z');
const refusal = (body: unknown) => {
  const result = parseDcsaEvents(body, now);
  return result.success ? null : describeDcsaIssues(result.error, 50);
};

const validExample = () => readJson(EXAMPLES, 'tnt-220-response.json') as Record<string, unknown>[];
const withId = (event: Record<string, unknown>) => ({ ...event, eventID: randomUUID() });

describe('the DCSA T&T 2.2 schema', () => {
  it('accepts the official valid 2.2 answer', () => {
    expect(refusal(validExample())).toBeNull();
  });

  const wrongExamples = readdirSync(EXAMPLES).filter((f) => /^tnt-220-response-wrong-.*\.json$/.test(f));

  it('finds all four deliberately invalid official answers', () => {
    expect(wrongExamples.sort()).toEqual([
      'tnt-220-response-wrong-attribute-values.json',
      'tnt-220-response-wrong-date-times.json',
      'tnt-220-response-wrong-event-ids.json',
      'tnt-220-response-wrong-structure.json',
    ]);
  });

  it.each(wrongExamples)('refuses %s', (file) => {
    expect(refusal(readJson(EXAMPLES, file))).not.toBeNull();
  });

  it('refuses an answer that nests events instead of listing them', () => {
    expect(refusal(readJson(EXAMPLES, 'tnt-220-response-wrong-structure.json'))).toMatch(
      /\[0\]\.eventType: Invalid discriminator/,
    );
  });

  it('refuses events without an eventID, since nothing else identifies them', () => {
    const events = readJson(EXAMPLES, 'tnt-220-response-wrong-attribute-values.json') as object[];
    expect(refusal(events)).toMatch(/^\[0\]\.eventID: /);
    // The other events of that file are valid 2.2, whatever their made-up codes.
    expect(refusal(events.slice(1))).toBeNull();
  });

  it('refuses each broken event id: not a string, not a uuid, repeated', () => {
    const events = readJson(EXAMPLES, 'tnt-220-response-wrong-event-ids.json') as object[];
    const reason = refusal(events) ?? '';
    expect(reason).toContain('[0].eventID: ');
    expect(reason).toContain('[1].eventID: ');
    // Uniqueness is only judged once every event is well-formed.
    const wellFormed = refusal(events.slice(2)) ?? '';
    expect(wellFormed).toContain('[1].eventID: duplicate eventID');
    expect(wellFormed).toContain('[4].eventID: duplicate eventID');
    expect(refusal(events.slice(4, 6))).toBeNull();
  });

  // Each case of the date-time file also lacks an eventID: give it one, so each is refused on its dates.
  const dateCases = (
    readJson(EXAMPLES, 'tnt-220-response-wrong-date-times.json') as Record<string, unknown>[]
  )
    .filter((e) => typeof e.TEST_CASE === 'string')
    .map((e) => [e.TEST_CASE as string, withId(e)] as const);

  it('has the date-time cases the file promises', () => {
    expect(dateCases).toHaveLength(6);
  });

  it.each(dateCases)('refuses the date-time case "%s"', (_name, event) => {
    expect(refusal([event])).toMatch(/eventCreatedDateTime|eventDateTime/);
  });

  it('accepts any offset, and milliseconds, but no local time without an offset', () => {
    const [transport] = validExample();
    expect(refusal([{ ...transport, eventDateTime: '2021-01-09T14:12:56.123-05:00' }])).toBeNull();
    expect(refusal([{ ...transport, eventDateTime: '2021-01-09T14:12:56' }])).toMatch(/\[0\]\.eventDateTime/);
  });

  it('tolerates a carrier clock or a mislabelled time zone that is hours off, not days', () => {
    const [transport] = validExample();
    const actual = (eventDateTime: string, eventCreatedDateTime: string) => [
      { ...transport, eventClassifierCode: 'ACT', eventDateTime, eventCreatedDateTime },
    ];
    // Local Singapore time sent as UTC: the actual seems to come 8 hours after it was published.
    expect(refusal(actual('2026-11-20T18:00:00Z', '2026-11-20T10:05:00Z'))).toBeNull();
    expect(refusal(actual('2026-11-21T20:00:00Z', '2026-11-21T20:00:00Z'))).toBeNull();
    expect(refusal(actual('2026-11-25T10:00:00Z', '2026-11-20T10:05:00Z'))).toMatch(/published/);
    expect(refusal(actual('2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z'))).toMatch(/created in the future/);
  });

  it('requires what 2.2 requires of transport and equipment events', () => {
    const [transport, , equipment] = validExample() as [
      Record<string, unknown>,
      unknown,
      Record<string, unknown>,
    ];
    const call = transport.transportCall as Record<string, unknown>;
    expect(refusal([{ ...transport, transportCall: undefined }])).toMatch(/transportCall/);
    expect(refusal([{ ...transport, transportEventTypeCode: 'GTIN' }])).toMatch(/transportEventTypeCode/);
    expect(refusal([{ ...transport, transportCall: { ...call, modeOfTransport: 'PLANE' } }])).toMatch(
      /modeOfTransport/,
    );
    expect(refusal([{ ...transport, transportCall: { ...call, vessel: { vesselName: 'X' } } }])).toMatch(
      /vesselIMONumber/,
    );
    expect(refusal([{ ...equipment, emptyIndicatorCode: undefined }])).toMatch(/emptyIndicatorCode/);
    expect(refusal([{ ...equipment, equipmentEventTypeCode: 'ARRI' }])).toMatch(/equipmentEventTypeCode/);
    expect(refusal([{ ...equipment, eventClassifierCode: 'GUESS' }])).toMatch(/eventClassifierCode/);
  });

  it('is lenient on optional and unknown fields', () => {
    const [transport] = validExample() as [Record<string, unknown>];
    const call = transport.transportCall as Record<string, unknown>;
    const lenient = {
      ...transport,
      delayReasonCode: null,
      someCarrierExtension: { anything: [1, 2, 3] },
      transportCall: {
        ...call,
        facilityTypeCode: 'NEWT',
        vessel: null,
        location: null,
        UNLocationCode: null,
      },
    };
    expect(refusal([lenient])).toBeNull();
  });

  it('accepts our hand-built MSC voyage fixture', () => {
    expect(refusal(readJson(FIXTURES, 'voyage-msc.json'))).toBeNull();
  });
});
