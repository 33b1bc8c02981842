import { describe, expect, it } from 'vitest';
import { createExpressSources } from './registry';
import type { Database } from '../../../db/client';

/** These sources route without reading the database. */
const noDatabase = {} as Database;

const query = { trackingNo: '1Z12345E0205271688', carrier: 'ups', trackingStartedAt: new Date('2026-11-18') };
const item = (scope: 'shared' | 'demo' | 'none') => ({ scope, organizationId: null, carrier: 'ups' });

describe('the express data sources', () => {
  it('without Karrio: demo data only where it is allowed, else no source', async () => {
    const sources = createExpressSources({ karrio: null });
    expect(await sources.route(noDatabase, 'org-1', 'ups', true)).toEqual({
      scope: 'demo',
      organizationId: null,
    });
    expect(await sources.route(noDatabase, 'org-1', 'dhl_express', false)).toEqual({
      scope: 'none',
      organizationId: null,
    });
    expect((await sources.provider(item('demo')))?.source).toBe('demo');
    expect(await sources.provider(item('shared'))).toBeNull();
    expect(await sources.provider(item('none'))).toBeNull();
  });

  it('sends every carrier through Karrio, shared, when it is configured', async () => {
    const calls: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      calls.push(input instanceof Request ? input.url : input.toString());
      return new Response(JSON.stringify({ messages: [{ message: 'Tracking number not found' }] }), {
        status: 424,
      });
    };
    const sources = createExpressSources({
      karrio: { url: 'https://karrio.example.com', apiKey: 'key_1' },
      fetch: fetchStub,
    });
    expect(await sources.route(noDatabase, 'org-1', 'fedex', false)).toEqual({
      scope: 'shared',
      organizationId: null,
    });
    expect(await sources.route(noDatabase, 'org-1', 'ups', true)).toEqual({
      scope: 'shared',
      organizationId: null,
    });
    const karrio = await sources.provider(item('shared'));
    expect(karrio?.source).toBe('karrio');
    expect(await karrio!.track(query, new Date('2026-11-21'))).toEqual({ status: 'not_found' });
    expect(calls).toEqual(['https://karrio.example.com/v1/trackers']);
  });
});
