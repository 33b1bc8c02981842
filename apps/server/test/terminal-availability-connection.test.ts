import { describe, expect, it } from 'vitest';
import { addMember, buildTeam, containerNo } from './factories';
import { useTerminalAvailabilityApp } from './support/terminal-availability';

const { carrier, terminal, app, ctx, call, record, apmtConnection } = await useTerminalAvailabilityApp();

describe('a terminal connection (APM Terminals Import Availability)', () => {
  it('is added by a company admin with its terminals, tested, and refused to others', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(terminal.clientSecret);
    const created = res.json().result;
    expect(created).toMatchObject({
      carrier: 'APMT',
      kind: 'apmt-import-availability',
      terminals: ['USLAX'],
      auth: { type: 'oauth2-client-credentials', tokenUrl: terminal.tokenUrl },
    });

    const box = containerNo('MSKU');
    terminal.records.set(`USLAX:${box}`, record(box));
    const test = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
      reference: box,
    });
    expect(test.json().result).toEqual({
      outcome: 'works',
      message: `The terminal answered for ${box} at USLAX.`,
      events: 1,
    });
    const probe = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    expect(probe.json().result).toMatchObject({ outcome: 'works', events: 0 });
    const byBill = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
      reference: 'MAEU123456789',
    });
    expect(byBill.statusCode).toBe(400);
    expect(byBill.json().message).toBe('Enter a container number to test a terminal connection.');

    // One 30-minute token served both calls, asked for as the portal says (the grant in the query).
    expect(
      terminal.requests
        .filter((r) => r.url.pathname === '/import-availability')
        .at(-1)!
        .url.searchParams.get('facilityCode'),
    ).toBe('USLAX');

    const viewer = await addMember(app, ctx, team, { role: 'general_user', shipmentPermission: 0 });
    for (const [method, url, body] of [
      ['GET', '/api/carrier-connections', undefined],
      ['POST', '/api/carrier-connections', apmtConnection()],
      ['PATCH', `/api/carrier-connections/${created.id}`, { terminals: ['USNWK'] }],
      ['POST', `/api/carrier-connections/${created.id}/test`, {}],
    ] as const) {
      const refused = await call(viewer.cookie, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await buildTeam(app, ctx);
    const theirs = await call(other.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      terminals: ['USNWK'],
    });
    expect(theirs.statusCode).toBe(404);

    const moved = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      terminals: ['USLAX', 'usnwk'],
    });
    expect(moved.json().result.terminals).toEqual(['USLAX', 'USNWK']);
  });

  it.each([
    [{ terminals: undefined }, 'Choose at least one terminal'],
    [{ terminals: [] }, 'Choose at least one terminal'],
    [{ terminals: ['LAX'] }, 'UN/LOCODE'],
    [{ terminals: ['USLAX', 'USLAX'] }, 'named twice'],
    [{ carrier: 'MAEU' }, 'APMT'],
    [{ kind: 'dcsa-tnt-2.2', carrier: 'MAEU' }, 'Only a terminal connection names terminals'],
    [{ kind: 'sftp' }, 'apmt-import-availability'],
  ])('refuses %j with a clear 400', async (change, words) => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
  });

  it('refuses terminals on a carrier connection when it is changed', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'CMDU',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'none' },
    });
    const patched = await call(
      team.owner.cookie,
      'PATCH',
      `/api/carrier-connections/${res.json().result.id}`,
      {
        terminals: ['USLAX'],
      },
    );
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe('Only a terminal connection names terminals.');
  });
});

describe('the OpenAPI document', () => {
  it('describes the last free day set by hand and the terminal fields', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    expect(doc.paths['/api/shipments/ocean/{shipmentId}/last-free-day']?.put?.summary).toContain(
      'over the terminal',
    );
    const body = JSON.stringify(doc);
    for (const words of ['apmt-import-availability', 'storage-paid-through', 'terminals'])
      expect(body).toContain(words);
  });
});
