import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { signUp, type Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let parcelSerial = 0;

async function addOcean(team: Team, count: number) {
  const items = Array.from({ length: count }, () => ({ containerNo: containerNo(), mblNo: mbl() }));
  const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, { items });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as { shipmentOverallId: string; containerNo: string; mblNo: string }[]).map(
    (r, i) => ({ ...items[i]!, id: r.shipmentOverallId }),
  );
}

async function addParcel(team: Team) {
  const trackingNo = `TAGS${String(parcelSerial++).padStart(8, '0')}`;
  const res = await call('POST', '/api/shipments/express', team.owner.cookie, {
    items: [{ trackingNo, carrier: 'gls' }],
  });
  expect(res.json().result[0].outcome).toBe('created');
  return { trackingNo, id: res.json().result[0].expressOrderId as string };
}

const setTags = (account: Account, mode: 'ocean' | 'express', id: string, tags: unknown) =>
  call('PUT', `/api/shipments/${mode}/${id}/tags`, account.cookie, { tags });

describe('setting a shipment’s tags', () => {
  it('normalises: trims, collapses spaces, drops duplicates but for case, keeps the order', async () => {
    const team = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    const res = await setTags(team.owner, 'ocean', a!.id, ['  Urgent ', 'customer   A', 'URGENT', 'reefer']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ tags: ['Urgent', 'customer A', 'reefer'] });
    const detail = await call('GET', `/api/shipments/ocean/${a!.containerNo}/${a!.mblNo}`, team.owner.cookie);
    expect(detail.json().result.tags).toEqual(['Urgent', 'customer A', 'reefer']);
    // An empty list removes them all.
    expect((await setTags(team.owner, 'ocean', a!.id, [])).json().result).toEqual({ tags: [] });
  });

  it('takes the workspace’s spelling of a tag it already uses', async () => {
    const team = await buildTeam(app, ctx);
    const [a, b] = await addOcean(team, 2);
    await setTags(team.owner, 'ocean', a!.id, ['Urgent']);
    expect((await setTags(team.owner, 'ocean', b!.id, ['urgent', 'new'])).json().result).toEqual({
      tags: ['Urgent', 'new'],
    });
  });

  it('answers bad tags with a 400 that says what is wrong, and changes nothing', async () => {
    const team = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    await setTags(team.owner, 'ocean', a!.id, ['keep']);
    const cases: [unknown, string][] = [
      [['   '], 'A tag cannot be empty.'],
      [['x'.repeat(31)], 'A tag has at most 30 characters.'],
      [['line\nbreak'], 'A tag cannot contain control characters'],
      [['tab\there'], 'A tag cannot contain control characters'],
      [Array.from({ length: 11 }, (_, i) => `t${String(i)}`), 'A shipment has at most 10 tags.'],
      [[42], 'A tag is a text.'],
      ['urgent', 'Send the tags as a list.'],
    ];
    for (const [tags, message] of cases) {
      const res = await setTags(team.owner, 'ocean', a!.id, tags);
      expect(res.statusCode, JSON.stringify(tags)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const detail = await call('GET', `/api/shipments/ocean/${a!.containerNo}/${a!.mblNo}`, team.owner.cookie);
    expect(detail.json().result.tags).toEqual(['keep']);
    // Exactly 30 characters and ten tags (duplicates collapsing first) are fine.
    const ten = [...Array.from({ length: 10 }, (_, i) => `tag ${String(i)}`), 'TAG 0', 'x'.repeat(30)];
    expect((await setTags(team.owner, 'ocean', a!.id, ten.slice(0, 11))).statusCode).toBe(200);
    expect((await setTags(team.owner, 'ocean', a!.id, ['x'.repeat(30)])).statusCode).toBe(200);
    expect((await setTags(team.owner, 'ocean', a!.id, ten)).statusCode).toBe(400);
  });

  it('refuses view-only members (403) and another workspace (404), for both modes', async () => {
    const team = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    const parcel = await addParcel(team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const other = await buildTeam(app, ctx);
    const stranger = await signUp(app, ctx);

    expect((await setTags(viewer, 'ocean', a!.id, ['x'])).statusCode).toBe(403);
    expect((await setTags(viewer, 'express', parcel.id, ['x'])).statusCode).toBe(403);
    expect((await setTags(other.owner, 'ocean', a!.id, ['x'])).statusCode).toBe(404);
    expect((await setTags(other.owner, 'express', parcel.id, ['x'])).statusCode).toBe(404);
    expect((await setTags(other.owner, 'ocean', 'not-a-uuid', ['x'])).statusCode).toBe(404);
    expect((await call('PUT', `/api/shipments/ocean/${a!.id}/tags`, null, { tags: [] })).statusCode).toBe(
      401,
    );
    expect([403, 404]).toContain((await setTags(stranger, 'ocean', a!.id, ['x'])).statusCode);
    // An ocean id is not a parcel.
    expect((await setTags(team.owner, 'express', a!.id, ['x'])).statusCode).toBe(404);

    // View-only members read the tags, in the rows and in the options.
    expect((await setTags(team.owner, 'express', parcel.id, ['fragile'])).statusCode).toBe(200);
    const options = await call('GET', '/api/shipments/express/options', viewer.cookie);
    expect(options.json().result.tags).toEqual(['fragile']);
    expect(
      (await call('GET', '/api/shipments/express/options', other.owner.cookie)).json().result.tags,
    ).toEqual([]);
  });

  it('keeps tags to the workspace: another workspace following the same box sees none', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    await call('POST', '/api/shipments/ocean', other.owner.cookie, {
      items: [{ containerNo: a!.containerNo, mblNo: a!.mblNo }],
    });
    await setTags(team.owner, 'ocean', a!.id, ['secret customer']);
    const theirs = await call(
      'GET',
      `/api/shipments/ocean/${a!.containerNo}/${a!.mblNo}`,
      other.owner.cookie,
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result.tags).toEqual([]);
    expect(
      (await call('GET', '/api/shipments/ocean/options', other.owner.cookie)).json().result.tags,
    ).toEqual([]);
  });
});

describe('lists filtered by tag', () => {
  it('ocean: only tagged shipments, page after page (keyset), with tags in each row', async () => {
    const team = await buildTeam(app, ctx);
    const shipments = await addOcean(team, 5);
    const tagged = [shipments[0]!, shipments[2]!, shipments[4]!];
    for (const s of tagged)
      await setTags(team.owner, 'ocean', s.id, ['Hot', s === tagged[0] ? 'first' : 'other']);
    await setTags(team.owner, 'ocean', shipments[1]!.id, ['hotter']);

    const seen: { shipmentOverallId: string; tags: string[] }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const url: string = `/api/shipments/ocean?tag=Hot&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call('GET', url, team.owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().result.items);
      cursor = res.json().result.nextCursor;
      if (!cursor) break;
    }
    expect(seen.map((s) => s.shipmentOverallId).sort()).toEqual(tagged.map((s) => s.id).sort());
    expect(seen.every((s) => s.tags.includes('Hot'))).toBe(true);
    // By arrival too: another sort's keyset.
    const byArrival = await call('GET', '/api/shipments/ocean?tag=first&sort=arrival_asc', team.owner.cookie);
    expect(
      byArrival.json().result.items.map((s: { shipmentOverallId: string }) => s.shipmentOverallId),
    ).toEqual([tagged[0]!.id]);
    expect(
      (await call('GET', '/api/shipments/ocean?tag=nope', team.owner.cookie)).json().result.items,
    ).toEqual([]);
    const options = await call('GET', '/api/shipments/ocean/options', team.owner.cookie);
    expect(options.json().result.tags).toEqual(['first', 'Hot', 'hotter', 'other']);
  });

  it('express: only tagged parcels', async () => {
    const team = await buildTeam(app, ctx);
    const a = await addParcel(team);
    await addParcel(team);
    await setTags(team.owner, 'express', a.id, ['returns']);
    const res = await call('GET', '/api/shipments/express?tag=returns', team.owner.cookie);
    expect(res.statusCode).toBe(200);
    const rows = res.json().result.expressTrackingDocumentList;
    expect(rows.map((r: { expressOrderId: string }) => r.expressOrderId)).toEqual([a.id]);
    expect(rows[0].tags).toEqual(['returns']);
  });
});

describe('tags stay private to the workspace', () => {
  it('are not in a public share link’s answer', async () => {
    const team = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    const parcel = await addParcel(team);
    await setTags(team.owner, 'ocean', a!.id, ['confidential-ocean']);
    await setTags(team.owner, 'express', parcel.id, ['confidential-parcel']);
    for (const [mode, id] of [
      ['ocean', a!.id],
      ['express', parcel.id],
    ] as const) {
      const link = await call('POST', '/api/share-links', team.owner.cookie, {
        shipmentType: mode,
        shipmentIds: [id],
      });
      expect(link.statusCode, link.body).toBe(200);
      const res = await call('GET', `/api/share/${link.json().result.token as string}`, null);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.shipments).toHaveLength(1);
      expect(res.body).not.toContain('confidential');
      expect(res.body).not.toContain('"tags"');
    }
  });

  it('are not shown to a person a shipment is shared with', async () => {
    const team = await buildTeam(app, ctx);
    const [a] = await addOcean(team, 1);
    await setTags(team.owner, 'ocean', a!.id, ['confidential']);
    const friend = await signUp(app, ctx);
    const shared = await call('POST', '/api/shares', team.owner.cookie, {
      shipmentType: 'ocean',
      shipments: [{ containerNo: a!.containerNo, mblNo: a!.mblNo }],
      emails: [friend.email],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const history = await call('GET', '/api/shipment-history/ocean/shared-history', friend.cookie);
    const overallId = history.json().result.rows[0].overallId as string;
    const res = await call(
      'GET',
      `/api/shipment-history/ocean/shared-history/details/${overallId}`,
      friend.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.ocean.containerNo).toBe(a!.containerNo);
    expect(res.json().result.ocean.tags).toEqual([]);
    expect(res.body).not.toContain('confidential');
  });
});
