import { describe, expect, it } from 'vitest';
import { MAX_COMPANIES_PER_WORKSPACE } from '@tracklane/shared/references/references.schema';
import { useTestApp } from './app';
import { signUp, type Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let parcelSerial = 0;

async function addOcean(team: Team) {
  const item = { containerNo: containerNo(), mblNo: mbl() };
  const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, { items: [item] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result[0].shipmentOverallId as string;
}

async function addParcel(team: Team) {
  const trackingNo = `REFS${String(parcelSerial++).padStart(8, '0')}`;
  const res = await call('POST', '/api/shipments/express', team.owner.cookie, {
    items: [{ trackingNo, carrier: 'gls' }],
  });
  return res.json().result[0].expressOrderId as string;
}

const addCompany = async (account: Account, name: string) =>
  call('POST', '/api/companies', account.cookie, { name });
const patchRefs = (account: Account, mode: 'ocean' | 'express', id: string, body: unknown) =>
  call('PATCH', `/api/shipments/${mode}/${id}/references`, account.cookie, body as object);
const getRefs = (account: Account, mode: 'ocean' | 'express', id: string) =>
  call('GET', `/api/shipments/${mode}/${id}/references`, account.cookie);

describe('a workspace’s companies', () => {
  it('adds, lists alphabetically, renames and deletes; names unique but for case', async () => {
    const team = await buildTeam(app, ctx);
    const b = (await addCompany(team.owner, '  Beta   Freight ')).json().result;
    expect(b.name).toBe('Beta Freight');
    await addCompany(team.owner, 'acme');
    const taken = await addCompany(team.owner, 'ACME');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The workspace already has a company of that name.');
    const list = (await call('GET', '/api/companies', team.owner.cookie)).json().result.companies;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['acme', 'Beta Freight']);
    const renamed = await call('PUT', `/api/companies/${b.id as string}`, team.owner.cookie, {
      name: 'Beta',
    });
    expect(renamed.json().result.name).toBe('Beta');
    expect((await call('DELETE', `/api/companies/${b.id as string}`, team.owner.cookie)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/companies/${b.id as string}`, team.owner.cookie)).statusCode).toBe(
      404,
    );
  });

  it('refuses bad names with a 400', async () => {
    const team = await buildTeam(app, ctx);
    for (const [name, message] of [
      ['   ', 'A company name cannot be empty.'],
      ['x'.repeat(101), 'A company name has at most 100 characters.'],
      ['a\nb', 'control characters'],
      [42, 'Send the value as a text.'],
    ] as const) {
      const res = await call('POST', '/api/companies', team.owner.cookie, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('holds the cap under concurrent creation', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.pool.query(
      `INSERT INTO companies (workspace_id, name)
       SELECT $1, 'Company ' || n FROM generate_series(1, $2::int) AS n`,
      [team.defaultWorkspaceId, MAX_COMPANIES_PER_WORKSPACE - 3],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addCompany(team.owner, `Parallel ${String(i)}`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(17);
    const { rows } = await ctx.pool.query(
      'SELECT count(*)::int AS n FROM companies WHERE workspace_id = $1',
      [team.defaultWorkspaceId],
    );
    expect(rows[0].n).toBe(MAX_COMPANIES_PER_WORKSPACE);
  });

  it('lets view-only members read but not change; another workspace sees its own list only', async () => {
    const team = await buildTeam(app, ctx);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const other = await buildTeam(app, ctx);
    const acme = (await addCompany(team.owner, 'Acme')).json().result;
    expect((await call('GET', '/api/companies', viewer.cookie)).json().result.companies).toHaveLength(1);
    expect((await addCompany(viewer, 'Nope')).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/companies/${acme.id as string}`, viewer.cookie, { name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/companies/${acme.id as string}`, viewer.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/companies', other.owner.cookie)).json().result.companies).toEqual([]);
    expect(
      (await call('PUT', `/api/companies/${acme.id as string}`, other.owner.cookie, { name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/companies/${acme.id as string}`, other.owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/companies', null)).statusCode).toBe(401);
  });
});

describe('a shipment’s references', () => {
  it('sets and clears references and parties on both modes; a rename and a delete show', async () => {
    const team = await buildTeam(app, ctx);
    const acme = (await addCompany(team.owner, 'Acme')).json().result;
    const beta = (await addCompany(team.owner, 'Beta')).json().result;
    for (const [mode, id] of [
      ['ocean', await addOcean(team)],
      ['express', await addParcel(team)],
    ] as const) {
      const set = await patchRefs(team.owner, mode, id, {
        bookingNumber: ' BKG 123 ',
        customerReference: 'Cust-9',
        poNumbers: ['po-1', 'PO-1', 'po-2'],
        shipperId: acme.id,
        consigneeId: beta.id,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().result).toEqual({
        bookingNumber: 'BKG 123',
        customerReference: 'Cust-9',
        poNumbers: ['PO-1', 'PO-2'],
        shipper: acme,
        consignee: beta,
        customer: null,
        forwarder: null,
      });
      // Only the fields sent change; an empty text clears.
      const partial = await patchRefs(team.owner, mode, id, { customerReference: '', customerId: acme.id });
      expect(partial.json().result).toMatchObject({
        bookingNumber: 'BKG 123',
        customerReference: null,
        customer: acme,
      });
    }
    await call('PUT', `/api/companies/${acme.id as string}`, team.owner.cookie, { name: 'Acme Ltd' });
    await call('DELETE', `/api/companies/${beta.id as string}`, team.owner.cookie);
    const parcel = await addParcel(team);
    await patchRefs(team.owner, 'express', parcel, { shipperId: acme.id, consigneeId: beta.id });
    const ocean = await addOcean(team);
    await patchRefs(team.owner, 'ocean', ocean, { shipperId: acme.id });
    const read = (await getRefs(team.owner, 'ocean', ocean)).json().result;
    expect(read.shipper).toEqual({ id: acme.id, name: 'Acme Ltd' });
    expect(read.consignee).toBeNull();
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const theirs = (await addCompany(other.owner, 'Theirs')).json().result;
    const id = await addOcean(team);
    await patchRefs(team.owner, 'ocean', id, { bookingNumber: 'KEEP' });
    const cases: [unknown, string][] = [
      [{ bookingNumber: 'x'.repeat(61) }, 'A reference has at most 60 characters.'],
      [{ customerReference: 'a\tb' }, 'control characters'],
      [{ poNumbers: ['  '] }, 'A PO number cannot be empty.'],
      [{ poNumbers: Array.from({ length: 21 }, (_, i) => `P${String(i)}`) }, 'at most 20 PO numbers'],
      [{ poNumbers: 'PO-1' }, 'Send the PO numbers as a list.'],
      [{ shipperId: theirs.id }, 'That company is not in this workspace’s list.'],
      [{ shipperId: 'nope' }, 'That company is not in this workspace’s list.'],
      [{ unknownField: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await patchRefs(team.owner, 'ocean', id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await getRefs(team.owner, 'ocean', id)).json().result).toMatchObject({
      bookingNumber: 'KEEP',
      poNumbers: [],
      shipper: null,
    });
  });

  it('refuses view-only members (403) and another workspace (404), for both modes', async () => {
    const team = await buildTeam(app, ctx);
    const ocean = await addOcean(team);
    const parcel = await addParcel(team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const other = await buildTeam(app, ctx);
    const stranger = await signUp(app, ctx);
    await patchRefs(team.owner, 'ocean', ocean, { customerReference: 'secret' });

    expect((await getRefs(viewer, 'ocean', ocean)).json().result.customerReference).toBe('secret');
    expect((await patchRefs(viewer, 'ocean', ocean, { bookingNumber: 'x' })).statusCode).toBe(403);
    expect((await patchRefs(viewer, 'express', parcel, { bookingNumber: 'x' })).statusCode).toBe(403);
    expect((await getRefs(other.owner, 'ocean', ocean)).statusCode).toBe(404);
    expect((await patchRefs(other.owner, 'ocean', ocean, { bookingNumber: 'x' })).statusCode).toBe(404);
    expect((await patchRefs(other.owner, 'express', parcel, { bookingNumber: 'x' })).statusCode).toBe(404);
    expect((await getRefs(other.owner, 'ocean', 'not-a-uuid')).statusCode).toBe(404);
    expect((await getRefs(team.owner, 'express', ocean)).statusCode).toBe(404);
    expect([403, 404]).toContain((await getRefs(stranger, 'ocean', ocean)).statusCode);
    expect((await call('GET', `/api/shipments/ocean/${ocean}/references`, null)).statusCode).toBe(401);
  });
});

describe('searching by references', () => {
  it('finds a shipment by a whole PO number and by the start of a customer reference or booking', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const ocean = await addOcean(team);
    const parcel = await addParcel(team);
    await patchRefs(team.owner, 'ocean', ocean, {
      poNumbers: ['PO-77881'],
      customerReference: 'Zeta-Order 5',
    });
    await patchRefs(team.owner, 'express', parcel, { bookingNumber: 'bk-99812' });
    const search = async (account: Account, q: string) => {
      const res = await call('GET', `/api/search?q=${encodeURIComponent(q)}`, account.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.items as { shipmentId: string; match: { field: string; label: string } }[];
    };
    const byPo = await search(team.owner, 'po-77881');
    expect(byPo.map((r) => [r.shipmentId, r.match.label])).toEqual([[ocean, 'PO: PO-77881']]);
    // A PO number is matched whole: its beginning finds nothing.
    expect(await search(team.owner, 'PO-778')).toEqual([]);
    const byReference = await search(team.owner, 'zeta-or');
    expect(byReference.map((r) => [r.shipmentId, r.match.field])).toEqual([[ocean, 'customerReference']]);
    const byBooking = await search(team.owner, 'BK-998');
    expect(byBooking.map((r) => [r.shipmentId, r.match.label])).toEqual([[parcel, 'Booking: bk-99812']]);
    // Another workspace's user finds none of them.
    expect(await search(other.owner, 'PO-77881')).toEqual([]);
    expect(await search(other.owner, 'zeta-order')).toEqual([]);
  });
});

describe('references through the public API', () => {
  it('reads and writes with a key of the workspace; a read key cannot write, another key finds nothing', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const ocean = await addOcean(team);
    const acme = (await addCompany(team.owner, 'Acme')).json().result;
    const keyFor = async (t: Team, scope: 'read' | 'read_write') => {
      const res = await call('POST', '/api/api-keys', t.owner.cookie, { name: `k ${scope}`, scope });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.key as string;
    };
    const withKey = (key: string, method: Method, url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const writer = await keyFor(team, 'read_write');
    const reader = await keyFor(team, 'read');
    const url = `/api/v1/shipments/ocean/${ocean}/references`;
    const wrote = await withKey(writer, 'PATCH', url, { poNumbers: ['po-1'], customerId: acme.id });
    expect(wrote.statusCode, wrote.body).toBe(200);
    expect((await withKey(reader, 'GET', url)).json().result).toMatchObject({
      poNumbers: ['PO-1'],
      customer: acme,
    });
    expect((await withKey(reader, 'PATCH', url, { poNumbers: [] })).statusCode).toBe(403);
    expect((await withKey(writer, 'PATCH', url, { poNumbers: 'x' })).statusCode).toBe(400);
    const theirs = await keyFor(other, 'read_write');
    expect((await withKey(theirs, 'GET', url)).statusCode).toBe(404);
    expect((await withKey(theirs, 'PATCH', url, { poNumbers: [] })).statusCode).toBe(404);
  });
});

describe('references on the shipment answers', () => {
  it('ride on both modes’ list rows and details, in the app and the public API', async () => {
    const team = await buildTeam(app, ctx);
    const acme = (await addCompany(team.owner, 'Acme')).json().result;
    const ocean = await addOcean(team);
    const parcel = await addParcel(team);
    const untouched = await addOcean(team);
    const references = {
      bookingNumber: 'BKG-1',
      customerReference: 'CUST-1',
      poNumbers: ['PO-9'],
      shipper: acme,
      consignee: null,
      customer: null,
      forwarder: null,
    };
    for (const [mode, id] of [
      ['ocean', ocean],
      ['express', parcel],
    ] as const) {
      const set = await patchRefs(team.owner, mode, id, {
        bookingNumber: 'BKG-1',
        customerReference: 'CUST-1',
        poNumbers: ['po-9'],
        shipperId: acme.id,
      });
      expect(set.statusCode, set.body).toBe(200);
    }

    const oceanRows = (await call('GET', '/api/shipments/ocean', team.owner.cookie)).json().result.items;
    const byId = new Map(oceanRows.map((r: { shipmentOverallId: string }) => [r.shipmentOverallId, r]));
    expect(byId.get(ocean)).toMatchObject({ references });
    expect(byId.get(untouched)).toMatchObject({
      references: { bookingNumber: null, poNumbers: [], shipper: null },
    });
    const parcels = (await call('GET', '/api/shipments/express', team.owner.cookie)).json().result
      .expressTrackingDocumentList;
    expect(parcels.find((r: { expressOrderId: string }) => r.expressOrderId === parcel)).toMatchObject({
      references,
    });

    const key = (
      await call('POST', '/api/api-keys', team.owner.cookie, { name: 'reader', scope: 'read' })
    ).json().result.key as string;
    const v1 = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    expect((await v1(`/api/v1/shipments/ocean/${ocean}`)).json().result).toMatchObject({ references });
    expect((await v1(`/api/v1/shipments/express/${parcel}`)).json().result).toMatchObject({ references });
    const v1Rows = (await v1('/api/v1/shipments/ocean')).json().result.items;
    expect(v1Rows.find((r: { shipmentOverallId: string }) => r.shipmentOverallId === ocean)).toMatchObject({
      references,
    });
  });

  it('stay out of what the shipment is shared as', async () => {
    const team = await buildTeam(app, ctx);
    const ocean = await addOcean(team);
    await patchRefs(team.owner, 'ocean', ocean, { customerReference: 'SECRET-REF-77', poNumbers: ['PO-77'] });
    const link = await call('POST', '/api/share-links', team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: [ocean],
    });
    expect(link.statusCode, link.body).toBe(200);
    const shown = await call('GET', `/api/share/${link.json().result.token as string}`, null);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('SECRET-REF-77');
    expect(shown.body).not.toContain('PO-77');
  });
});

describe('references given as shipments are added', () => {
  it('are set on new and already tracked shipments of both modes; parties by name, added when new', async () => {
    const team = await buildTeam(app, ctx);
    await addCompany(team.owner, 'Acme Retail');
    const tracked = await addOcean(team);
    const trackedRow = (
      await ctx.pool.query('SELECT container_no, mbl_no FROM ocean_shipments WHERE id = $1', [tracked])
    ).rows[0];
    const fresh = { containerNo: containerNo(), mblNo: mbl() };
    const ocean = await call('POST', '/api/shipments/ocean', team.owner.cookie, {
      items: [
        {
          ...fresh,
          references: { customerReference: 'CR-1', poNumbers: ['po-1', 'po-2'], consignee: 'acme retail' },
        },
        {
          containerNo: trackedRow.container_no,
          mblNo: trackedRow.mbl_no,
          references: { shipper: 'Shenzhen Lights', poNumbers: ['PO-3'] },
        },
      ],
    });
    expect(ocean.statusCode, ocean.body).toBe(200);
    const [created, again] = ocean.json().result;
    expect(created.outcome).toBe('created');
    expect(again.outcome).toBe('already_tracked');
    const companies = (await call('GET', '/api/companies', team.owner.cookie)).json().result.companies;
    // "acme retail" matched the list's "Acme Retail"; "Shenzhen Lights" was added.
    expect(companies.map((c: { name: string }) => c.name)).toEqual(['Acme Retail', 'Shenzhen Lights']);
    expect((await getRefs(team.owner, 'ocean', created.shipmentOverallId)).json().result).toMatchObject({
      customerReference: 'CR-1',
      poNumbers: ['PO-1', 'PO-2'],
      consignee: { name: 'Acme Retail' },
      shipper: null,
    });
    expect((await getRefs(team.owner, 'ocean', tracked)).json().result).toMatchObject({
      poNumbers: ['PO-3'],
      shipper: { name: 'Shenzhen Lights' },
    });

    const parcel = await call('POST', '/api/shipments/express', team.owner.cookie, {
      items: [{ trackingNo: 'REFS-IMPORT-1', carrier: 'gls', references: { bookingNumber: 'BKG-9' } }],
    });
    expect(parcel.statusCode, parcel.body).toBe(200);
    const parcelId = parcel.json().result[0].expressOrderId as string;
    expect((await getRefs(team.owner, 'express', parcelId)).json().result.bookingNumber).toBe('BKG-9');
  });

  it('refuse a bill followed alone with references, and bad references with a 400, adding nothing', async () => {
    const team = await buildTeam(app, ctx);
    const bill = await call('POST', '/api/shipments/ocean', team.owner.cookie, {
      items: [{ mblNo: 'MEDU7788990', references: { poNumbers: ['PO-1'] } }],
    });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().result[0]).toMatchObject({
      outcome: 'refused',
      message: expect.stringContaining('References are kept on containers'),
    });
    const bad = await call('POST', '/api/shipments/ocean', team.owner.cookie, {
      items: [
        {
          containerNo: containerNo(),
          mblNo: mbl(),
          references: {
            poNumbers: Array(21)
              .fill('x')
              .map((x, i) => `${x}${i}`),
          },
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('at most 20 PO numbers');
    const unknown = await call('POST', '/api/shipments/express', team.owner.cookie, {
      items: [{ trackingNo: 'REFS-IMPORT-2', carrier: 'gls', references: { colour: 'red' } }],
    });
    expect(unknown.statusCode).toBe(400);
    const { rows } = await ctx.pool.query(
      `SELECT (SELECT count(*) FROM ocean_shipments WHERE workspace_id = $1)::int
            + (SELECT count(*) FROM express_shipments WHERE workspace_id = $1)::int AS n`,
      [team.defaultWorkspaceId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('keep the companies cap, refusing the whole request when new names would pass it', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.pool.query(
      `INSERT INTO companies (workspace_id, name)
       SELECT $1, 'Company ' || n FROM generate_series(1, $2::int) AS n`,
      [team.defaultWorkspaceId, MAX_COMPANIES_PER_WORKSPACE - 1],
    );
    const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, {
      items: [
        {
          containerNo: containerNo(),
          mblNo: mbl(),
          references: { shipper: 'New One', consignee: 'New Two' },
        },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `A workspace has at most ${String(MAX_COMPANIES_PER_WORKSPACE)} companies.`,
    );
    const { rows } = await ctx.pool.query(
      'SELECT count(*)::int AS n FROM ocean_shipments WHERE workspace_id = $1',
      [team.defaultWorkspaceId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('the lists’ company filter', () => {
  it('keeps the shipments naming the company as any party, in both modes; another workspace’s company none', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const acme = (await addCompany(team.owner, 'Acme')).json().result;
    const beta = (await addCompany(team.owner, 'Beta')).json().result;
    const theirs = (await addCompany(other.owner, 'Acme')).json().result;
    const asShipper = await addOcean(team);
    const asForwarder = await addOcean(team);
    const forBeta = await addOcean(team);
    await addOcean(team);
    const parcel = await addParcel(team);
    await patchRefs(team.owner, 'ocean', asShipper, { shipperId: acme.id });
    await patchRefs(team.owner, 'ocean', asForwarder, { forwarderId: acme.id, consigneeId: beta.id });
    await patchRefs(team.owner, 'ocean', forBeta, { customerId: beta.id });
    await patchRefs(team.owner, 'express', parcel, { consigneeId: acme.id });

    const ocean = async (company: string) =>
      (await call('GET', `/api/shipments/ocean?company=${company}`, team.owner.cookie))
        .json()
        .result.items.map((s: { shipmentOverallId: string }) => s.shipmentOverallId)
        .sort();
    expect(await ocean(acme.id as string)).toEqual([asShipper, asForwarder].sort());
    expect(await ocean(beta.id as string)).toEqual([asForwarder, forBeta].sort());
    expect(await ocean(theirs.id as string)).toEqual([]);
    expect(await ocean('not-a-company')).toEqual([]);
    const parcels = (
      await call('GET', `/api/shipments/express?company=${acme.id as string}`, team.owner.cookie)
    )
      .json()
      .result.expressTrackingDocumentList.map((s: { expressOrderId: string }) => s.expressOrderId);
    expect(parcels).toEqual([parcel]);
    const tooLong = await call('GET', `/api/shipments/ocean?company=${'x'.repeat(41)}`, team.owner.cookie);
    expect(tooLong.statusCode).toBe(400);
  });
});
