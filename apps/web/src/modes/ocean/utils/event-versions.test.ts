import { describe, expect, it } from 'vitest';
import { trackingEvent } from '../../../test/ocean-shipment-fixtures';
import { groupEventVersions } from './event-versions';

const busan = { locode: 'KRPUS', name: 'Busan' };
const seattle = { locode: 'USSEA', name: 'Seattle' };
const voyage = { vesselName: 'HAPAG BERLIN EXPRESS', voyage: '752S' };

describe('groupEventVersions', () => {
  it('shows each move once at its actual, with the plan as an earlier version', () => {
    const planned = trackingEvent({
      typeCode: 'LOAD',
      classifier: 'PLN',
      emptyIndicator: 'LADEN',
      location: busan,
      eventTime: '2026-10-26T06:40:00Z',
      eventCreatedAt: '2026-10-01T00:00:00Z',
      ...voyage,
    });
    const actual = { ...planned, classifier: 'ACT' as const, eventCreatedAt: '2026-10-26T07:00:00Z' };
    const groups = groupEventVersions([planned, actual]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.latest).toBe(actual);
    expect(groups[0]!.earlier).toEqual([planned]);
  });

  it('prefers an actual to a later estimate, and the newest estimate to older ones', () => {
    const arrival = (classifier: 'PLN' | 'EST' | 'ACT', eventTime: string, eventCreatedAt: string) =>
      trackingEvent({
        typeCode: 'ARRI',
        classifier,
        location: seattle,
        eventTime,
        eventCreatedAt,
        ...voyage,
      });
    const plan = arrival('PLN', '2026-11-07T16:40:00Z', '2026-10-01T00:00:00Z');
    const firstEstimate = arrival('EST', '2026-11-07T16:40:00Z', '2026-10-20T00:00:00Z');
    const slipped = arrival('EST', '2026-11-11T11:40:00Z', '2026-11-05T00:00:00Z');
    const arrived = arrival('ACT', '2026-11-11T11:40:00Z', '2026-11-11T12:00:00Z');
    // An estimate the carrier sent after the actual never replaces it.
    const late = arrival('EST', '2026-11-12T00:00:00Z', '2026-11-12T00:00:00Z');

    const [group] = groupEventVersions([plan, firstEstimate, slipped, arrived, late]);
    expect(group!.latest).toBe(arrived);
    expect(group!.earlier).toEqual([late, slipped, firstEstimate, plan]);

    const [estimated] = groupEventVersions([plan, slipped, firstEstimate]);
    expect(estimated!.latest).toBe(slipped);
    expect(estimated!.earlier).toEqual([firstEstimate, plan]);
  });

  it('keeps different moves apart: type, load, place, voyage and call', () => {
    const gateOutEmpty = trackingEvent({
      typeCode: 'GTOT',
      emptyIndicator: 'EMPTY',
      location: busan,
      eventTime: '2026-10-22T07:40:00Z',
    });
    const gateOutLaden = {
      ...gateOutEmpty,
      emptyIndicator: 'LADEN',
      location: seattle,
      eventTime: '2026-11-15T07:40:00Z',
    };
    const gateInEmptyBusan = { ...gateOutEmpty, typeCode: 'GTIN', eventTime: '2026-10-23T07:40:00Z' };
    const firstCall = trackingEvent({
      typeCode: 'ARRI',
      location: busan,
      eventTime: '2026-10-24T00:00:00Z',
      voyage: '1',
      transportCallSequence: 1,
    });
    const secondCall = { ...firstCall, transportCallSequence: 5, eventTime: '2026-12-01T00:00:00Z' };
    const otherVoyage = { ...firstCall, voyage: '2', eventTime: '2026-12-20T00:00:00Z' };

    const groups = groupEventVersions([
      secondCall,
      gateOutLaden,
      firstCall,
      gateOutEmpty,
      otherVoyage,
      gateInEmptyBusan,
    ]);
    expect(groups.map((g) => g.latest)).toEqual([
      gateOutEmpty,
      gateInEmptyBusan,
      firstCall,
      gateOutLaden,
      secondCall,
      otherVoyage,
    ]);
    expect(groups.every((g) => g.earlier.length === 0)).toBe(true);
  });

  it('orders moves by the time now known, not by when the plan put them', () => {
    const discharge = trackingEvent({
      typeCode: 'DISC',
      emptyIndicator: 'LADEN',
      location: seattle,
      eventTime: '2026-11-08T14:40:00Z',
      classifier: 'PLN',
      eventCreatedAt: '2026-10-01T00:00:00Z',
    });
    const dischargedLate = {
      ...discharge,
      classifier: 'ACT' as const,
      eventTime: '2026-11-12T09:40:00Z',
      eventCreatedAt: '2026-11-12T10:00:00Z',
    };
    const gateOut = trackingEvent({
      typeCode: 'GTOT',
      emptyIndicator: 'LADEN',
      location: seattle,
      eventTime: '2026-11-10T07:40:00Z',
      classifier: 'PLN',
    });
    expect(groupEventVersions([discharge, gateOut, dischargedLate]).map((g) => g.latest)).toEqual([
      gateOut,
      dischargedLate,
    ]);
  });
});
