import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notifications } from '../src/db/schema/notifications';
import { useTestApp } from './app';
import { commentsHelpers, token } from './comments-helpers';
import { signUp, type Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl } from './factories';
import { nextMessage, opened } from './sockets';

const { app, ctx } = await useTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

const { call, follow, followParcel, thread, post, mentionsOf } = commentsHelpers(app);

describe('posting and reading a thread', () => {
  it('keeps the thread oldest first with authors and verdicts, on ocean and express shipments', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    expect((await post(team.owner, shipment.id, 'First')).statusCode).toBe(200);
    const second = await post(team.owner, shipment.id, 'Second');
    expect(second.json()).toMatchObject({ success: true, message: 'Comment posted' });
    const res = await thread(team.owner, shipment.id);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.canComment).toBe(true);
    expect(result.comments.map((c: { content: string }) => c.content)).toEqual(['First', 'Second']);
    expect(result.comments[0]).toMatchObject({
      author: { userId: team.owner.userId, firstName: 'Grace', lastName: 'Hopper' },
      editedAt: null,
      canEdit: true,
      canDelete: true,
    });

    const parcelId = await followParcel(team, 'COMMENT000001');
    expect((await post(team.owner, parcelId, 'On the parcel', 'express')).statusCode).toBe(200);
    expect((await thread(team.owner, parcelId, 'express')).json().result.comments).toHaveLength(1);
  });

  it('derives mentions from the content: members notified, a non-member ignored, never the author', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    const stranger = await signUp(app, ctx);
    const res = await post(
      team.owner,
      shipment.id,
      `Ping ${token(member, 'Whatever The Client Says')} and ${token(stranger, 'Stranger')} and ${token(team.owner)}`,
    );
    expect(res.statusCode).toBe(200);
    const content = res.json().result.content as string;
    // The member's token carries their real name; the stranger's is plain text, mentioning nobody.
    expect(content).toBe(`Ping @[Grace Hopper](${member.userId}) and @Stranger and ${token(team.owner)}`);

    const memberList = (await mentionsOf(member)).json().result;
    expect(memberList.atList).toHaveLength(1);
    expect(memberList.atList[0]).toMatchObject({
      commentId: res.json().result.id,
      mentionedBy: { userId: team.owner.userId },
      organizationId: team.organizationId,
      workspaceId: team.defaultWorkspaceId,
      shipmentType: 'ocean',
      containerNo: shipment.containerNo,
      mblNo: shipment.mblNo,
      expressOrderId: null,
      orderNo: null,
      isRead: false,
    });
    expect(memberList.unreadNumber).toBe(1);
    expect((await mentionsOf(stranger)).json().result.atList).toHaveLength(0);
    expect((await mentionsOf(team.owner)).json().result.atList).toHaveLength(0);
    const strangerRows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, stranger.userId));
    expect(strangerRows).toHaveLength(0);
  });

  it('never trusts a list the client sends', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    const res = await call('POST', `/api/comments/ocean/${shipment.id}`, team.owner, {
      content: 'No mention here',
      mentions: [member.userId],
    });
    expect(res.statusCode).toBe(400);
    expect((await mentionsOf(member)).json().result.atList).toHaveLength(0);
  });

  it('stores and answers script and event-handler injection inert', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const attack =
      '<script>alert(1)</script><img src=x onerror="alert(2)">Hello <a href="javascript:alert(3)" onclick="x()">link</a> <b onmouseover=alert(4)>bold</b> a < b & c';
    const res = await post(team.owner, shipment.id, attack);
    expect(res.statusCode).toBe(200);
    const stored = res.json().result.content as string;
    for (const content of [
      stored,
      (await thread(team.owner, shipment.id)).json().result.comments[0].content,
    ]) {
      expect(content).not.toMatch(/<|>|script|onerror|onclick|onmouseover|javascript:/i);
      expect(content).toBe('Hello link bold a &lt; b &amp; c');
    }
  });

  it('refuses empty and too long comments with a clear 400', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const empty = await post(team.owner, shipment.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'Write something before posting' });
    const onlyMarkup = await post(team.owner, shipment.id, '<script>x</script>');
    expect(onlyMarkup.statusCode).toBe(400);
    expect(onlyMarkup.json().message).toBe('Write something before posting');
    const long = await post(team.owner, shipment.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A comment can be at most 5,000 characters');
    expect((await post(team.owner, shipment.id, 'x'.repeat(5000))).statusCode).toBe(200);
  });

  it('limits posts per minute per user, with a clear 429', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    for (let i = 0; i < 10; i++)
      expect((await post(team.owner, shipment.id, `n${String(i)}`)).statusCode).toBe(200);
    const over = await post(team.owner, shipment.id, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'You are posting comments too quickly. Wait a minute and try again.',
    });
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('editing and deleting', () => {
  it("refuses editing someone else's comment, admins included; marks an edit", async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    const mine = (await post(member, shipment.id, 'By the member')).json().result;
    expect(mine.canEdit).toBe(true);
    // The owner (company admin) sees it as deletable, not editable.
    const seen = (await thread(team.owner, shipment.id)).json().result.comments[0];
    expect(seen).toMatchObject({ canEdit: false, canDelete: true });
    const refused = await call('PATCH', `/api/comments/${String(mine.id)}`, team.owner, {
      content: 'Hijacked',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only edit your own comments.');

    const edited = await call('PATCH', `/api/comments/${String(mine.id)}`, member, { content: 'Fixed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().result).toMatchObject({ content: 'Fixed' });
    expect(edited.json().result.editedAt).not.toBeNull();
  });

  it('lets the author and admins delete, not other members', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const member = await addMember(app, ctx, team);
    const other = await addMember(app, ctx, team);
    const byOwner = (await post(team.owner, shipment.id, `For ${token(member)}`)).json().result;
    const byMember = (await post(member, shipment.id, 'Mine')).json().result;

    const wrongRole = await call('DELETE', `/api/comments/${String(byOwner.id)}`, other);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().message).toBe(
      'You can only delete your own comments. Company admins can delete any comment.',
    );
    expect((await call('DELETE', `/api/comments/${String(byMember.id)}`, member)).statusCode).toBe(200);
    expect((await mentionsOf(member)).json().result.atList).toHaveLength(1);
    expect((await call('DELETE', `/api/comments/${String(byOwner.id)}`, team.owner)).statusCode).toBe(200);
    // Its mention goes with it.
    expect((await mentionsOf(member)).json().result.atList).toHaveLength(0);
    expect((await thread(team.owner, shipment.id)).json().result.comments).toHaveLength(0);
  });

  it('an edit that drops a mention withdraws it, one that adds one notifies once', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const a = await addMember(app, ctx, team);
    const b = await addMember(app, ctx, team);
    const c = (await post(team.owner, shipment.id, `Hi ${token(a)}`)).json().result;
    await call('PATCH', `/api/comments/${String(c.id)}`, team.owner, { content: `Hi ${token(b)}` });
    await call('PATCH', `/api/comments/${String(c.id)}`, team.owner, { content: `Hi again ${token(b)}` });
    expect((await mentionsOf(a)).json().result.atList).toHaveLength(0);
    expect((await mentionsOf(b)).json().result.atList).toHaveLength(1);
  });
});

describe('tenancy and access', () => {
  it('another workspace following the same container sees none, and cannot edit or delete', async () => {
    const team = await buildTeam(app, ctx);
    const numbers = { containerNo: containerNo(), mblNo: mbl() };
    const shipment = await follow(team, numbers);
    const comment = (await post(team.owner, shipment.id, 'Internal note')).json().result;

    const rival = await buildTeam(app, ctx);
    const theirs = await follow(rival, numbers);
    expect((await thread(rival.owner, theirs.id)).json().result.comments).toEqual([]);
    // Another tenant's user cannot reach the first team's shipment or comment either.
    expect((await thread(rival.owner, shipment.id)).statusCode).toBe(404);
    expect((await post(rival.owner, shipment.id, 'Hello?')).statusCode).toBe(404);
    const edit = await call('PATCH', `/api/comments/${String(comment.id)}`, rival.owner, {
      content: 'Edited',
    });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `/api/comments/${String(comment.id)}`, rival.owner)).statusCode).toBe(404);
    const read = await call('POST', '/api/comments/at/read', rival.owner, {
      organizationId: team.organizationId,
      commentId: comment.id,
    });
    expect(read.statusCode).toBe(404);
    expect((await thread(team.owner, shipment.id)).json().result.comments[0].content).toBe('Internal note');
  });

  it('lets view-only members read and comment, and refuses members without shipment access', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const noAccess = await addMember(app, ctx, team, { shipmentPermission: 2 });
    expect((await thread(viewOnly, shipment.id)).json().result.canComment).toBe(true);
    expect((await post(viewOnly, shipment.id, 'Seen')).statusCode).toBe(200);

    for (const res of [
      await thread(noAccess, shipment.id),
      await post(noAccess, shipment.id, 'Let me in'),
      await call('GET', '/api/comments/mentionable', noAccess),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have access to shipments in this workspace.');
    }
    // Nor can they be mentioned: they could not open the comment.
    await post(team.owner, shipment.id, `Hey ${token(noAccess)}`);
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, noAccess.userId));
    expect(rows).toHaveLength(0);
    const mentionable = (await call('GET', '/api/comments/mentionable', team.owner)).json().result;
    expect(mentionable.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [team.owner.userId, viewOnly.userId].sort(),
    );
  });

  it('refuses anonymous callers and bad input with 4xx envelopes', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const anonymous = await app.inject({ method: 'GET', url: `/api/comments/ocean/${shipment.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '/api/comments/air/x', team.owner)).statusCode).toBe(400);
    expect((await call('GET', '/api/comments/ocean/not-a-uuid', team.owner)).statusCode).toBe(400);
    const badList = await mentionsOf(team.owner, { readStatus: 7 });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().message).toBe('readStatus must be 0 (unread) or 1 (read)');
    expect((await call('PATCH', '/api/comments/nope', team.owner, { content: 'x' })).statusCode).toBe(400);
  });
});

describe('live updates', () => {
  const connect = (account: Account) =>
    new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${account.userId}`, {
      headers: { cookie: account.cookie },
    });

  it("nudges the thread's readers when someone comments, and the mentioned member's bell", async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const reader = await addMember(app, ctx, team);
    const socket = connect(reader);
    await opened(socket);
    const messages: string[] = [];
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    const first = nextMessage(socket);
    await post(team.owner, shipment.id, 'Anyone there?');
    expect(JSON.parse(await first)).toEqual({ type: 'comments.changed' });

    const both = new Promise<void>((resolve) => {
      const check = () => {
        if (messages.filter((m) => m.includes('notifications.changed')).length > 0) resolve();
        else setTimeout(check, 20);
      };
      check();
    });
    await post(team.owner, shipment.id, `You ${token(reader)}`);
    await both;
    socket.close();
  });
});
