import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { notifications } from '../src/db/schema/notifications';
import { sendDueDigests } from '../src/modules/notifications/digest.service';
import { useTestApp } from './app';
import { commentsHelpers, token } from './comments-helpers';
import { addMember, buildTeam } from './factories';

const { app, ctx } = await useTestApp();
const { call, follow, followParcel, post, mentionsOf } = commentsHelpers(app);

describe('the mention list (comments/at/list, at/read)', () => {
  it('pages 10 at a time, filters by read status and marks read', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    // Two authors, so the rate limit of one is not reached.
    const second = await addMember(app, ctx, team);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const author = i < 6 ? team.owner : second;
      ids.push((await post(author, shipment.id, `Note ${String(i)} ${token(member)}`)).json().result.id);
    }
    const first = (await mentionsOf(member, { pageNo: 1, pageSize: 10 })).json().result;
    expect(first).toMatchObject({ pageNo: 1, pageSize: 10, totalNumber: 12, totalPage: 2, unreadNumber: 12 });
    expect(first.atList).toHaveLength(10);
    // Newest first.
    expect(first.atList[0].commentId).toBe(ids[11]);
    const next = (await mentionsOf(member, { pageNo: 2, pageSize: 10 })).json().result;
    expect(next.atList.map((m: { commentId: string }) => m.commentId)).toEqual([ids[1], ids[0]]);
    expect(new Set([...first.atList, ...next.atList].map((m: { id: string }) => m.id)).size).toBe(12);

    const read = await call('POST', '/api/comments/at/read', member, {
      organizationId: team.organizationId,
      commentId: ids[0],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().result.unreadNumber).toBe(11);
    const unread = (await mentionsOf(member, { readStatus: 0 })).json().result;
    expect(unread).toMatchObject({ totalNumber: 11, totalPage: 2 });
    const readOnes = (await mentionsOf(member, { readStatus: 1 })).json().result;
    expect(readOnes.atList.map((m: { commentId: string }) => m.commentId)).toEqual([ids[0]]);
    expect(readOnes.atList[0].isRead).toBe(true);
    // The wrong organization, or a comment that does not mention the caller: not found.
    const wrongOrg = await call('POST', '/api/comments/at/read', member, {
      organizationId: (await buildTeam(app, ctx)).organizationId,
      commentId: ids[1],
    });
    expect(wrongOrg.statusCode).toBe(404);
    // Shipment notifications are a list of their own.
    const bell = await app.inject({
      method: 'GET',
      url: `/api/notification/get?userId=${member.userId}`,
      headers: { cookie: member.cookie },
    });
    expect(bell.json().result).toMatchObject({ totalNumber: 0, unreadNumber: 0 });
  });

  it('names the parcel for an express mention', async () => {
    const team = await buildTeam(app, ctx);
    const parcelId = await followParcel(team, 'COMMENT000002');
    const member = await addMember(app, ctx, team);
    await post(team.owner, parcelId, `Parcel ${token(member)}`, 'express');
    const [mention] = (await mentionsOf(member)).json().result.atList;
    expect(mention).toMatchObject({
      shipmentType: 'express',
      expressOrderId: parcelId,
      orderNo: 'COMMENT000002',
      containerNo: null,
    });
  });

  it('follows the settings: off in the app, e-mail only, gathered in the digest', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    const settings = (await call('GET', '/api/notification/settings', member)).json().result;
    expect(settings.channels.comment_mention).toEqual({ inApp: true, email: true });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: { cookie: member.cookie },
      payload: {
        ...settings,
        // The container flag governs shipment changes, not mentions.
        containerNotifications: false,
        digest: 'instant',
        channels: { ...settings.channels, comment_mention: { inApp: false, email: true } },
      },
    });
    expect(saved.statusCode).toBe(200);
    await post(team.owner, shipment.id, `Look <b>here</b> ${token(member)}`);
    expect((await mentionsOf(member)).json().result.atList).toHaveLength(0);
    const [row] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, member.userId), eq(notifications.type, 'comment_mention')));
    expect(row).toMatchObject({ inApp: false, emailState: 'pending' });

    await sendDueDigests(ctx, new Date(Date.now() + 120_000));
    // The member's mail: the verification code from signing up, then the digest.
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
    const mail = mails.find((m) => m.subject.includes(shipment.containerNo));
    expect(mails.filter((m) => m !== mail).every((m) => m.subject.includes('verification'))).toBe(true);
    expect(mail!.text).toContain('You were mentioned in a comment on a shipment:');
    expect(mail!.text).toContain('Grace Hopper mentioned you: “Look here @Grace Hopper”');
  });
});
