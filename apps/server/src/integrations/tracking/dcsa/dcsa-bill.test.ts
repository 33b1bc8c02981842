import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billOfEvents } from './dcsa-provider';
import { parseDcsaEvents } from './dcsa-schema';

const now = new Date('2026-10-01T00:00:00Z');
const base = (day: number) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: `2026-09-${String(day).padStart(2, '0')}T12:00:00Z`,
  eventDateTime: `2026-09-${String(day).padStart(2, '0')}T10:00:00Z`,
  eventClassifierCode: 'ACT',
});
const equipment = (box: string, day: number, extra: object = {}) => ({
  ...base(day),
  eventType: 'EQUIPMENT',
  equipmentEventTypeCode: 'GTIN',
  emptyIndicatorCode: 'LADEN',
  equipmentReference: box,
  ...extra,
});
const parsed = (events: object[]) => {
  const result = parseDcsaEvents(events, now);
  if (!result.success) throw result.error;
  return result.data;
};

describe('a DCSA answer about a bill of lading or booking', () => {
  it('names each well-formed container once, in the order of its first event', () => {
    const answer = billOfEvents(
      parsed([
        equipment('MSKU 907032-3', 3),
        equipment('MSCU1234566', 1),
        equipment('MSKU9070323', 4),
        // Not an ISO 6346 number: nothing to follow.
        equipment('CHASSIS1', 2),
      ]),
      { kind: 'bl' },
    );
    expect(answer).toEqual({
      status: 'found',
      containers: ['MSCU1234566', 'MSKU9070323'],
      transportDocumentReference: null,
      loaded: false,
    });
  });

  it('reads a booking’s bill of lading from document references or a transport document event', () => {
    const referenced = billOfEvents(
      parsed([
        equipment('MSCU1234566', 1, {
          documentReferences: [
            { documentReferenceType: 'BKG', documentReferenceValue: '241100123' },
            { documentReferenceType: 'TRD', documentReferenceValue: 'maeu-241100123' },
          ],
        }),
      ]),
      { kind: 'booking' },
    );
    expect(referenced).toMatchObject({ transportDocumentReference: 'MAEU241100123' });
    const issued = billOfEvents(
      parsed([
        {
          ...base(2),
          eventType: 'SHIPMENT',
          shipmentEventTypeCode: 'ISSU',
          documentTypeCode: 'TRD',
          documentID: 'MAEU555000111',
        },
      ]),
      { kind: 'booking' },
    );
    expect(issued).toEqual({
      status: 'found',
      containers: [],
      transportDocumentReference: 'MAEU555000111',
      loaded: false,
    });
  });

  it('is loaded once an actual load or departure is among its events, not a planned one', () => {
    const planned = billOfEvents(
      parsed([equipment('MSCU1234566', 1, { equipmentEventTypeCode: 'LOAD', eventClassifierCode: 'PLN' })]),
      { kind: 'bl' },
    );
    expect(planned).toMatchObject({ loaded: false });
    const loaded = billOfEvents(parsed([equipment('MSCU1234566', 1, { equipmentEventTypeCode: 'LOAD' })]), {
      kind: 'bl',
    });
    expect(loaded).toMatchObject({ loaded: true });
  });
});
