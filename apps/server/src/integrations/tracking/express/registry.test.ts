import { describe, expect, it } from 'vitest';
import { createExpressProviderRegistry } from './registry';

const query = { trackingNo: '1Z12345E0205271688', carrier: 'ups', trackingStartedAt: new Date('2026-11-18') };

describe('the express provider registry', () => {
  it('uses the demo parcel carrier when Karrio is not configured', () => {
    const providerFor = createExpressProviderRegistry({ karrio: null });
    expect(providerFor('ups').source).toBe('demo');
    expect(providerFor('dhl_express').source).toBe('demo');
  });

  it('sends every carrier through Karrio when it is configured', async () => {
    const calls: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      calls.push(input instanceof Request ? input.url : input.toString());
      return new Response(JSON.stringify({ messages: [{ message: 'Tracking number not found' }] }), {
        status: 424,
      });
    };
    const providerFor = createExpressProviderRegistry({
      karrio: { url: 'https://karrio.example.com', apiKey: 'key_1' },
      fetch: fetchStub,
    });
    expect(providerFor('ups').source).toBe('karrio');
    expect(providerFor('fedex').source).toBe('karrio');
    expect(await providerFor('ups').track(query, new Date('2026-11-21'))).toEqual({ status: 'not_found' });
    expect(calls).toEqual(['https://karrio.example.com/v1/trackers']);
  });
});
