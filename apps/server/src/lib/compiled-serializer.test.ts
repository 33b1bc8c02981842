import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { expressListResultSchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListResultSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { compiledSerializer } from './compiled-serializer';

const port = (locode: string) => ({ locode, name: locode === 'CNSHA' ? 'Shanghai' : null });
const milestone = { time: '2026-11-01T00:00:00.000Z', classifier: 'ACT', location: port('CNSHA') };

const oceanRow = (n: number, filled: boolean) => ({
  shipmentOverallId: `id-${String(n)}`,
  containerNo: `MSCU${String(n).padStart(7, '0')}`,
  mblNo: 'MEDU123',
  referenceKind: 'bl',
  bill: filled ? { billId: 'bill-1', kind: 'bl', reference: 'MEDU123' } : null,
  carrierScac: 'MSCU',
  carrierName: filled ? 'MSC' : null,
  state: 'active',
  status: filled ? 'in_transit' : null,
  pol: filled ? port('CNSHA') : null,
  pod: filled ? port('NLRTM') : null,
  vesselName: filled ? 'EVER "ACE" \u2028' : null,
  departureVO: { etd: null, atd: filled ? '2026-11-01T00:00:00.000Z' : null },
  arrivalVO: { eta: filled ? '2026-12-01T00:00:00.000Z' : null, ata: null },
  shipmentOverall: {
    shipmentOverallId: `id-${String(n)}`,
    emptyGateOut: filled ? milestone : null,
    fullGateIn: filled ? { ...milestone, location: null } : null,
    loaded: null,
    lastFreeDay: null,
    fullGateOut: null,
    emptyReturned: null,
    discharged: null,
    berthed: null,
  },
  favorite: filled,
  archived: false,
  createdAt: '2026-10-01T00:00:00.000Z',
  lastCheckedAt: filled ? '2026-11-02T00:00:00.000Z' : null,
  source: filled ? 'demo' : null,
  freeTime: filled
    ? {
        clock: 'detention',
        lastFreeDay: '2026-11-05',
        daysLeft: -2,
        combined: false,
        demurrage: { state: 'stopped', lastFreeDay: '2026-11-01', daysLeft: null, cost: 0 },
        detention: { state: 'running', lastFreeDay: '2026-11-05', daysLeft: -2, cost: 150.5 },
        cost: 150.5,
        currency: 'USD',
      }
    : {
        clock: null,
        lastFreeDay: null,
        daysLeft: null,
        combined: false,
        demurrage: { state: 'not_started', lastFreeDay: null, daysLeft: null, cost: 0 },
        detention: { state: 'not_started', lastFreeDay: null, daysLeft: null, cost: 0 },
        cost: 0,
        currency: null,
      },
  tags: filled ? ['urgent', 'customer "A"'] : [],
  attention: filled ? 'lfdPassed' : null,
  // Not in the schema: left out, as zod leaves it out.
  workspaceId: 'secret',
});

const place = { name: 'Hub', city: 'Memphis', countryCode: 'US', latitude: 35.04, longitude: -89.98 };
const expressRow = (n: number, filled: boolean) => ({
  expressOrderId: `id-${String(n)}`,
  expressOrderNo: `1Z${String(n)}`,
  carrier: 'ups',
  carrierName: filled ? 'UPS' : null,
  service: filled ? 'Ground' : null,
  state: 'active',
  status: filled ? 'exception' : null,
  subStatus: filled ? 'customs_hold' : null,
  statusText: filled ? 'Held by customs: <documents>' : null,
  origin: filled ? place : null,
  destination: filled ? { ...place, latitude: null, longitude: null } : null,
  lastLocation: null,
  lastEventAt: filled ? '2026-11-01T00:00:00.000Z' : null,
  estimatedDelivery: null,
  deliveredAt: null,
  favorite: false,
  archived: filled,
  createdAt: '2026-10-01T00:00:00.000Z',
  lastCheckedAt: null,
  source: null,
  tags: filled ? ['fragile'] : [],
  attention: filled ? null : 'notFound',
  itemId: 'internal',
});

describe('the compiled list serializer', () => {
  it('writes exactly what the zod schema would, for ocean and express pages', () => {
    const cases = [
      {
        schema: envelopeSchema(oceanListResultSchema),
        value: {
          success: true,
          message: 'OK',
          code: 'OK',
          result: {
            items: [oceanRow(1, true), oceanRow(2, false)],
            nextCursor: 'abc',
            activeCount: 2,
            archivedCount: 0,
          },
        },
      },
      {
        schema: envelopeSchema(expressListResultSchema),
        value: {
          success: true,
          message: 'OK',
          code: 'OK',
          result: {
            expressTrackingDocumentList: [expressRow(1, true), expressRow(2, false)],
            nextCursor: null,
            activeCount: 1,
            archivedCount: 1,
            notFoundCount: 0,
          },
        },
      },
    ];
    for (const { schema, value } of cases) {
      const serialize = compiledSerializer({ schema });
      const text = serialize(value);
      expect(JSON.parse(text)).toEqual(schema.parse(value));
      expect(text).not.toContain('secret');
      expect(text).not.toContain('internal');
    }
  });

  it('refuses an answer without a required field rather than sending half of it', () => {
    const serialize = compiledSerializer({ schema: envelopeSchema(oceanListResultSchema) });
    expect(() => serialize({ success: true, message: 'OK', code: 'OK', result: { items: [] } })).toThrow();
  });
});
