import { describe, expect, it } from 'vitest';
import { DcsaError } from '../dcsa/dcsa-provider';
import { ProviderDeferredError } from '../provider';
import { createTokenCache, renewalMargin } from './oauth2-tokens';

const credentials = {
  tokenUrl: 'https://auth.carrier.example/token',
  clientId: 'client-1',
  clientSecret: 'secret-of-client-1',
  scope: 'tnt:read',
};

/** A token URL answering each request with the next answer; it counts and records the forms. */
function tokenServer(answers: (() => Response)[] = [], delayMs = 0) {
  let issued = 0;
  const forms: URLSearchParams[] = [];
  const fetchFn = (async (_url: string | URL | Request, init?: RequestInit) => {
    forms.push(new URLSearchParams(init?.body as URLSearchParams));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = answers.shift();
    if (answer) return answer();
    issued++;
    return Response.json({ access_token: `token-${String(issued)}`, token_type: 'Bearer', expires_in: 299 });
  }) as typeof fetch;
  return { fetchFn, forms, issued: () => issued };
}

describe('the OAuth2 token cache', () => {
  it('asks once for every concurrent caller and sends the client credentials', async () => {
    const server = tokenServer([], 50);
    const cache = createTokenCache({ fetch: server.fetchFn });
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => cache.token('c1', credentials, 'DCSA HLCU')),
    );
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(server.forms).toHaveLength(1);
    expect(Object.fromEntries(server.forms[0]!)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 'secret-of-client-1',
      scope: 'tnt:read',
    });
    // Another connection has its own token.
    expect(await cache.token('c2', credentials, 'DCSA HLCU')).toBe('token-2');
  });

  it('renews a 299-second token before it runs out, not before', async () => {
    let now = 1_000_000;
    const server = tokenServer();
    const cache = createTokenCache({ fetch: server.fetchFn, now: () => now });
    expect(await cache.token('c1', credentials, 'x')).toBe('token-1');
    const margin = renewalMargin(299_000);
    expect(margin).toBeCloseTo(29_900);
    now += 299_000 - margin - 1000;
    expect(await cache.token('c1', credentials, 'x')).toBe('token-1');
    now += 2000;
    expect(await cache.token('c1', credentials, 'x')).toBe('token-2');
    expect(server.forms).toHaveLength(2);
  });

  it('asks anew when the carrier refused the token, or the credentials changed', async () => {
    const server = tokenServer();
    const cache = createTokenCache({ fetch: server.fetchFn });
    expect(await cache.token('c1', credentials, 'x')).toBe('token-1');
    // A refusal of a token already replaced does not throw the new one away.
    cache.invalidate('c1', 'token-0');
    expect(await cache.token('c1', credentials, 'x')).toBe('token-1');
    cache.invalidate('c1', 'token-1');
    expect(await cache.token('c1', credentials, 'x')).toBe('token-2');
    expect(await cache.token('c1', { ...credentials, clientSecret: 'rotated-secret' }, 'x')).toBe('token-3');
  });

  it('says wrong credentials, not allowed, rate limited or unreachable, without the secret', async () => {
    const cases: [() => Response, string | null][] = [
      [
        () =>
          Response.json(
            { error: 'invalid_client', error_description: 'bad secret-of-client-1' },
            { status: 401 },
          ),
        'wrong_credentials',
      ],
      [() => Response.json({ error: 'invalid_scope' }, { status: 400 }), 'not_allowed'],
      [() => new Response('down', { status: 503 }), 'unreachable'],
      [() => Response.json({ token_type: 'Bearer' }), 'not_dcsa'],
      [() => new Response('', { status: 429, headers: { 'retry-after': '90' } }), null],
    ];
    for (const [answer, errorClass] of cases) {
      const cache = createTokenCache({ fetch: tokenServer([answer]).fetchFn });
      const error = await cache.token('c1', credentials, 'DCSA HLCU').catch((err: unknown) => err);
      if (errorClass === null) {
        expect(error).toBeInstanceOf(ProviderDeferredError);
        const wait = (error as ProviderDeferredError).retryAt.getTime() - Date.now();
        expect(wait).toBeGreaterThan(85_000);
        expect(wait).toBeLessThan(95_000);
      } else {
        expect(error).toBeInstanceOf(DcsaError);
        expect((error as DcsaError).errorClass).toBe(errorClass);
      }
      expect((error as Error).message).not.toContain('secret-of-client-1');
    }
  });

  it('takes an Apigee token (APM Terminals): "BearerToken", expires_in as a string, 30 minutes', async () => {
    let now = 5_000_000;
    const server = tokenServer([
      () =>
        Response.json({
          refresh_token_expires_in: '0',
          api_product_list: '[Import Availability]',
          token_type: 'BearerToken',
          issued_at: '1700000000000',
          access_token: 'apigee-1',
          expires_in: '1799',
          status: 'approved',
        }),
    ]);
    const cache = createTokenCache({ fetch: server.fetchFn, now: () => now });
    expect(await cache.token('c1', credentials, 'APM Terminals')).toBe('apigee-1');
    now += 1799_000 - renewalMargin(1799_000) - 1000;
    expect(await cache.token('c1', credentials, 'APM Terminals')).toBe('apigee-1');
    now += 2000;
    expect(await cache.token('c1', credentials, 'APM Terminals')).toBe('token-1');
    expect(server.forms).toHaveLength(2);
  });

  it('does not cache a failure: the next caller asks again', async () => {
    const server = tokenServer([() => new Response('', { status: 502 })]);
    const cache = createTokenCache({ fetch: server.fetchFn });
    await expect(cache.token('c1', credentials, 'x')).rejects.toThrow('HTTP 502');
    expect(await cache.token('c1', credentials, 'x')).toBe('token-1');
  });
});
