import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { createRealtimeHub, SESSION_ENDED_CLOSE_CODE } from '../src/integrations/realtime/realtime-hub';
import { useTestApp } from './app';
import { encryptPassword, fromIp, lastCodeTo, signUp } from './auth-helpers';
import { createTestContext } from './context';
import { closed, connectInvitationSocket, opened } from './sockets';

// Two server processes of one installation: A answers the HTTP calls, B holds the sockets.
const { app: processA, ctx, database } = await useTestApp();
const contextB = await createTestContext(database);
const processB = await buildApp(contextB);
await processB.listen({ port: 0, host: '127.0.0.1' });
const portB = (processB.server.address() as { port: number }).port;
afterAll(async () => {
  await processB.close();
  await contextB.realtime.close();
  await contextB.jobs.boss.stop({ graceful: false }).catch(() => undefined);
});

async function socketOnB(cookie: string, userId: string): Promise<WebSocket> {
  const socket = connectInvitationSocket(portB, cookie, userId);
  await opened(socket);
  return socket;
}

async function signInAgain(email: string, password: string): Promise<string> {
  const res = await processA.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...fromIp(),
    payload: { email, password: encryptPassword(ctx, password), keyId: ctx.authKey.keyId },
  });
  expect(res.statusCode).toBe(200);
  return `tl_session=${res.cookies.find((c) => c.name === 'tl_session')!.value}`;
}

describe('sockets end with their session', () => {
  it('closes the socket on another process when its session signs out, and only that one', async () => {
    const account = await signUp(processA, ctx);
    const laptop = await socketOnB(account.cookie, account.userId);
    const phone = await socketOnB(await signInAgain(account.email, account.password), account.userId);
    const phoneClosed = vi.fn();
    phone.on('close', phoneClosed);

    const laptopClosed = closed(laptop);
    const logout = await processA.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: account.cookie },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await laptopClosed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    // The other session's socket is still open and still attached.
    expect(phone.readyState).toBe(phone.OPEN);
    expect(phoneClosed).not.toHaveBeenCalled();
    const phoneClosing = closed(phone);
    phone.close();
    await phoneClosing;
  });

  it('closes every socket of the user when a password reset revokes all sessions', async () => {
    const account = await signUp(processA, ctx);
    const first = await socketOnB(account.cookie, account.userId);
    const second = await socketOnB(await signInAgain(account.email, account.password), account.userId);
    const bothClosed = Promise.all([closed(first), closed(second)]);

    const ip = fromIp();
    // Sign-up just mailed a code: lift the one-code-a-minute limit rather than wait it out.
    await ctx.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '2 minutes' WHERE key = ${`code-request:email:${account.email}`}`,
    );
    await processA.inject({
      method: 'POST',
      url: '/api/auth/sendNewCode',
      ...ip,
      payload: { email: account.email, type: 'resetPassword' },
    });
    const verify = await processA.inject({
      method: 'POST',
      url: '/api/auth/resetPasswordVerify',
      ...ip,
      payload: { email: account.email, code: await lastCodeTo(ctx, account.email) },
    });
    const reset = await processA.inject({
      method: 'POST',
      url: '/api/auth/resetPasswordVerified',
      ...ip,
      payload: {
        token: verify.json().result.token,
        newPassword: encryptPassword(ctx, 'a brand new password'),
        keyId: ctx.authKey.keyId,
      },
    });
    expect(reset.statusCode).toBe(200);
    const codes = (await bothClosed).map((c) => c.code);
    expect(codes).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
  });

  it('after losing the database connection, closes sockets whose session ended meanwhile', async () => {
    const account = await signUp(processA, ctx);
    const socket = await socketOnB(account.cookie, account.userId);
    const ended = closed(socket);
    // Ended without a notification, as if it was sent while process B was not listening.
    await ctx.db.execute(sql`DELETE FROM sessions WHERE user_id = ${account.userId}`);
    await ctx.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'tracklane-realtime' AND datname = current_database()`,
    );
    expect(await ended).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
  });
});

/** The least of a ws socket the hub uses: close events and a close() that emits one. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  closedWith: number | undefined;
  close(code?: number) {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', code);
  }
}

describe('a socket of a session that expires', () => {
  afterEach(() => vi.useRealTimers());

  it('closes when the session expires, even 30 days out', async () => {
    const hub = createRealtimeHub(database.url, ctx.logger);
    await hub.ready;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const day = 24 * 60 * 60_000;
      const socket = new FakeSocket();
      hub.attach(
        ['workspaceInvitations'],
        {
          email: 'expiring@example.com',
          userId: 'u',
          sessionId: 's',
          sessionExpiresAt: new Date(Date.now() + 30 * day),
        },
        socket as unknown as WebSocket,
      );
      expect(hub.size()).toBe(1);
      vi.advanceTimersByTime(29 * day);
      expect(socket.closedWith).toBeUndefined();
      vi.advanceTimersByTime(day);
      expect(socket.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(hub.size()).toBe(0);
    } finally {
      vi.useRealTimers();
      await hub.close();
    }
  });
});
