import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { sharingHelpers } from './sharing-helpers';
import { lastMailTo, signUp, uniqueEmail, type Account } from './auth-helpers';
import { addMember, buildTeam } from './factories';

const { app, ctx } = await useTestApp();

const { call, teamWithShipments } = sharingHelpers(app, ctx);

const shareOcean = (cookie: string, shipments: { containerNo: string; mblNo: string }[], emails: string[]) =>
  call('POST', '/api/shares', cookie, {
    shipmentType: 'ocean',
    shipments: shipments.map(({ containerNo, mblNo }) => ({ containerNo, mblNo })),
    emails,
  });

const sharedHistory = async (account: Account, type = 'ocean') =>
  (await call('GET', `/api/shipment-history/${type}/shared-history`, account.cookie)).json().result;
const invites = async (account: Account) =>
  (await call('GET', '/api/invite/notifications', account.cookie)).json().result;
const detail = (account: Account, overallId: string, type = 'ocean') =>
  call('GET', `/api/shipment-history/${type}/shared-history/details/${overallId}`, account.cookie);

describe('sharing shipments with people', () => {
  it('shares with a user, who sees it in shared history, the bell and first-unread, read-only', async () => {
    const { team, a } = await teamWithShipments();
    const friend = await signUp(app, ctx);
    const res = await shareOcean(team.owner.cookie, [a], [friend.email.toUpperCase()]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: { recipients: 1 }, message: 'Shared with 1 recipient' });

    const history = await sharedHistory(friend);
    expect(history.total).toBe(1);
    expect(history.rows[0]).toMatchObject({
      number: a.containerNo,
      reference: a.mblNo,
      sharedBy: 'Grace Hopper',
    });
    expect(await sharedHistory(friend, 'ground')).toMatchObject({ total: 0 });

    const bell = await invites(friend);
    expect(bell.unreadNumber).toBe(1);
    expect(bell.notifications[0]).toMatchObject({
      overallId: history.rows[0].overallId,
      shipmentType: 'ocean',
      name: 'Grace Hopper',
      number: a.containerNo,
      isRead: false,
    });
    const first = await call('GET', '/api/invite/get-first-unread-notification', friend.cookie);
    expect(first.json().result).toMatchObject({
      overallId: history.rows[0].overallId,
      number: a.containerNo,
    });
    // The SHIPMENTS tab counts shipment changes only.
    const shipmentsTab = await call('GET', `/api/notification/get?userId=${friend.userId}`, friend.cookie);
    expect(shipmentsTab.json().result).toMatchObject({ unreadNumber: 0, totalNumber: 0 });

    const mail = await lastMailTo(ctx, friend.email);
    expect(mail?.subject).toContain(a.containerNo);
    expect(mail?.text).toContain('/shipment-history/ocean/shared-history');

    const opened = await detail(friend, history.rows[0].overallId);
    expect(opened.statusCode).toBe(200);
    const body = opened.json().result;
    expect(body.share).toMatchObject({ sharedBy: 'Grace Hopper', shipmentType: 'ocean' });
    expect(body.ocean).toMatchObject({
      containerNo: a.containerNo,
      mblNo: a.mblNo,
      favorite: false,
      archived: false,
    });
    expect(body.express).toBeNull();
    // Opening it read the invite.
    expect((await invites(friend)).unreadNumber).toBe(0);
    expect(
      (await call('GET', '/api/invite/get-first-unread-notification', friend.cookie)).json().result,
    ).toBeNull();
    // The wrong mode in the address is not found.
    expect((await detail(friend, history.rows[0].overallId, 'ground')).statusCode).toBe(404);
  });

  it('limits the recipient to what was shared', async () => {
    const { team, a, b } = await teamWithShipments();
    const friend = await signUp(app, ctx);
    const stranger = await signUp(app, ctx);
    await shareOcean(team.owner.cookie, [a], [friend.email]);
    const [row] = (await sharedHistory(friend)).rows;
    expect((await sharedHistory(friend)).rows.map((r: { number: string }) => r.number)).toEqual([
      a.containerNo,
    ]);
    // The other container of the workspace is not reachable through the recipient's own workspace.
    expect(
      (await call('GET', `/api/shipments/ocean/${b.containerNo}/${b.mblNo}`, friend.cookie)).statusCode,
    ).toBe(404);
    // Someone else cannot open the friend's share, nor a made-up or malformed id.
    expect((await detail(stranger, row.overallId)).statusCode).toBe(404);
    expect((await detail(friend, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await detail(friend, 'not-an-id')).statusCode).toBe(404);
    expect((await detail(stranger, row.overallId)).json().code).toBe('NOT_FOUND');
    // Nothing of it reaches anyone else's history, bell or greeting.
    expect((await sharedHistory(stranger)).total).toBe(0);
    expect(await invites(stranger)).toEqual({ notifications: [], unreadNumber: 0 });
    expect(
      (await call('GET', '/api/invite/get-first-unread-notification', stranger.cookie)).json().result,
    ).toBeNull();
    // Anonymous: signed-in users only.
    expect(
      (await call('GET', `/api/shipment-history/ocean/shared-history/details/${row.overallId}`, null))
        .statusCode,
    ).toBe(401);
  });

  it('revoking stops access at once', async () => {
    const { team, a } = await teamWithShipments();
    const friend = await signUp(app, ctx);
    await shareOcean(team.owner.cookie, [a], [friend.email]);
    const [row] = (await sharedHistory(friend)).rows;
    const sent = await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${a.id}`, team.owner.cookie);
    expect(sent.json().result).toEqual([
      expect.objectContaining({ id: row.overallId, email: friend.email, state: 'pending' }),
    ]);
    expect((await call('DELETE', `/api/shares/${row.overallId}`, team.owner.cookie)).statusCode).toBe(200);
    expect((await detail(friend, row.overallId)).statusCode).toBe(404);
    expect((await sharedHistory(friend)).total).toBe(0);
    expect((await invites(friend)).notifications).toEqual([]);
    expect(
      (await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${a.id}`, team.owner.cookie)).json()
        .result,
    ).toEqual([]);
    // Revoking twice: it is gone.
    expect((await call('DELETE', `/api/shares/${row.overallId}`, team.owner.cookie)).statusCode).toBe(404);
  });

  it('e-mails a sign-up link to an address without an account, whose share waits for verification', async () => {
    const { team, parcel } = await teamWithShipments();
    const email = uniqueEmail('newcomer');
    const res = await call('POST', '/api/shares', team.owner.cookie, {
      shipmentType: 'express',
      shipments: [parcel],
      emails: [email],
    });
    expect(res.json().result).toEqual({ recipients: 1 });
    const mail = await lastMailTo(ctx, email);
    expect(mail?.text).toContain(`/auth/sign-up?email=${encodeURIComponent(email)}`);

    const newcomer = await signUp(app, ctx, { email });
    const history = await sharedHistory(newcomer, 'ground');
    expect(history.rows).toEqual([
      expect.objectContaining({ number: parcel.trackingNo, shipmentType: 'express' }),
    ]);
    expect((await invites(newcomer)).unreadNumber).toBe(1);
    const opened = await detail(newcomer, history.rows[0].overallId, 'ground');
    expect(opened.json().result.express).toMatchObject({
      expressOrderNo: parcel.trackingNo,
      favorite: false,
    });
  });

  it('follows shipmentPermission and tenancy: view-only members, other tenants and bad input', async () => {
    const { team, a, parcel } = await teamWithShipments();
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const noShipments = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const friend = await signUp(app, ctx);
    const refused = await shareOcean(viewOnly.cookie, [a], [friend.email]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You can view shipments but not add them. Ask a company admin for permission.',
    );
    expect((await shareOcean(noShipments.cookie, [a], [friend.email])).statusCode).toBe(403);
    expect((await sharedHistory(friend)).total).toBe(0);

    // Another tenant cannot share, list or revoke this workspace's shipments and shares.
    const other = await buildTeam(app, ctx);
    expect((await shareOcean(other.owner.cookie, [a], [friend.email])).statusCode).toBe(404);
    expect(
      (
        await call('POST', '/api/shares', other.owner.cookie, {
          shipmentType: 'express',
          shipments: [parcel],
          emails: [friend.email],
        })
      ).statusCode,
    ).toBe(404);
    await shareOcean(team.owner.cookie, [a], [friend.email]);
    const [row] = (await sharedHistory(friend)).rows;
    expect((await call('DELETE', `/api/shares/${row.overallId}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shares/${row.overallId}`, viewOnly.cookie)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${a.id}`, viewOnly.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/shares?shipmentType=ocean&shipmentId=${a.id}`, other.owner.cookie)).json()
        .result,
    ).toEqual([]);
    expect((await detail(friend, row.overallId)).statusCode).toBe(200);

    // Bad input is a 400 in the envelope.
    const self = await shareOcean(team.owner.cookie, [a], [team.owner.email]);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot share a shipment with yourself.');
    expect((await shareOcean(team.owner.cookie, [a], ['not-an-email'])).statusCode).toBe(400);
    expect((await shareOcean(team.owner.cookie, [], [friend.email])).statusCode).toBe(400);
    expect((await call('DELETE', '/api/shares/nope', team.owner.cookie)).statusCode).toBe(400);
  });
});

describe('sharing many shipments at once', () => {
  it('shares a set with people, and refuses the whole set when one is another workspace’s', async () => {
    const mine = await teamWithShipments();
    const theirs = await teamWithShipments();
    const friend = await signUp(app, ctx);

    // Mixed ownership, either order: refused as a whole, nothing shared, nothing notified.
    for (const set of [
      [mine.a, theirs.a],
      [theirs.b, mine.b],
    ]) {
      const refused = await shareOcean(mine.team.owner.cookie, set, [friend.email]);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('A shipment you chose is not tracked in this workspace.');
    }
    const mixedParcels = await call('POST', '/api/shares', mine.team.owner.cookie, {
      shipmentType: 'express',
      shipments: [mine.parcel, theirs.parcel],
      emails: [friend.email],
    });
    expect(mixedParcels.statusCode).toBe(404);
    // A parcel id of this workspace under another's tracking number is not that parcel either.
    const swapped = await call('POST', '/api/shares', mine.team.owner.cookie, {
      shipmentType: 'express',
      shipments: [{ trackingNo: theirs.parcel.trackingNo, expressOrderId: mine.parcel.expressOrderId }],
      emails: [friend.email],
    });
    expect(swapped.statusCode).toBe(404);
    expect((await sharedHistory(friend)).total).toBe(0);
    expect((await sharedHistory(friend, 'ground')).total).toBe(0);
    expect((await invites(friend)).notifications).toEqual([]);

    // A public link of a mixed set is refused as well.
    const mixedLink = await call('POST', '/api/share-links', mine.team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: [mine.a.id, theirs.a.id],
    });
    expect(mixedLink.statusCode).toBe(404);

    // The workspace's own set is shared in one request, each shipment once per person.
    const ok = await shareOcean(mine.team.owner.cookie, [mine.a, mine.b], [friend.email]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({ recipients: 1 });
    const history = await sharedHistory(friend);
    expect(history.rows.map((r: { number: string }) => r.number).sort()).toEqual(
      [mine.a.containerNo, mine.b.containerNo].sort(),
    );
    const link = await call('POST', '/api/share-links', mine.team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: [mine.a.id, mine.b.id],
    });
    expect(link.statusCode).toBe(200);
    const shown = (await call('GET', `/api/share/${link.json().result.token as string}`, null)).json().result;
    expect(shown.shipments.map((s: { number: string }) => s.number)).toEqual([
      mine.a.containerNo,
      mine.b.containerNo,
    ]);
  });

  it('takes at most 50 shipments in one request', async () => {
    const { team, a } = await teamWithShipments();
    const friend = await signUp(app, ctx);
    const many = Array.from({ length: 51 }, () => ({ containerNo: a.containerNo, mblNo: a.mblNo }));
    const res = await shareOcean(team.owner.cookie, many, [friend.email]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Share at most 50 shipments at a time.');
    const link = await call('POST', '/api/share-links', team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: Array.from({ length: 51 }, () => a.id),
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toContain('Share at most 50 shipments at a time.');
  });
});

describe('tracking history', () => {
  it('lists every shipment the workspace added, archived included, with who and when; re-tracks', async () => {
    const { team, a, b, parcel } = await teamWithShipments();
    await call('POST', '/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [b.id],
      archived: true,
    });
    const res = await call('GET', '/api/shipment-history/ocean/tracking-history', team.owner.cookie);
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page.total).toBe(2);
    expect(page.rows.map((r: { number: string }) => r.number).sort()).toEqual(
      [a.containerNo, b.containerNo].sort(),
    );
    expect(page.rows.find((r: { number: string }) => r.number === b.containerNo)).toMatchObject({
      archived: true,
      addedBy: 'Grace Hopper',
    });
    const searched = await call(
      'GET',
      `/api/shipment-history/ocean/tracking-history?search=${b.mblNo.toLowerCase()}`,
      team.owner.cookie,
    );
    expect(searched.json().result.rows.map((r: { number: string }) => r.number)).toEqual([b.containerNo]);
    const ground = (
      await call('GET', '/api/shipment-history/ground/tracking-history', team.owner.cookie)
    ).json().result;
    expect(ground.total).toBe(1);
    expect(ground.rows[0]).toMatchObject({
      shipmentId: parcel.expressOrderId,
      number: parcel.trackingNo,
      reference: 'gls',
      carrierName: 'GLS',
      archived: false,
      addedBy: 'Grace Hopper',
    });

    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect(
      (await call('GET', '/api/shipment-history/ocean/tracking-history', viewOnly.cookie)).statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/shipment-history/ocean/tracking-history/retrack', viewOnly.cookie, {
          shipmentIds: [b.id],
        })
      ).statusCode,
    ).toBe(403);
    const noShipments = await addMember(app, ctx, team, { shipmentPermission: 2 });
    expect(
      (await call('GET', '/api/shipment-history/ocean/tracking-history', noShipments.cookie)).statusCode,
    ).toBe(403);

    const other = await buildTeam(app, ctx);
    expect(
      (await call('GET', '/api/shipment-history/ocean/tracking-history', other.owner.cookie)).json().result
        .total,
    ).toBe(0);
    const foreign = await call(
      'POST',
      '/api/shipment-history/ocean/tracking-history/retrack',
      other.owner.cookie,
      { shipmentIds: [b.id] },
    );
    expect(foreign.json().result.retracked).toBe(0);

    const retrack = await call(
      'POST',
      '/api/shipment-history/ocean/tracking-history/retrack',
      team.owner.cookie,
      {
        shipmentIds: [a.id, b.id],
      },
    );
    expect(retrack.json().result).toMatchObject({ retracked: 1, alreadyActive: 1 });
    const after = (
      await call('GET', '/api/shipment-history/ocean/tracking-history', team.owner.cookie)
    ).json().result;
    expect(after.rows.every((r: { archived: boolean }) => !r.archived)).toBe(true);
    expect(
      (await call('GET', '/api/shipment-history/air/tracking-history', team.owner.cookie)).statusCode,
    ).toBe(400);
  });
});
