import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Account } from './auth-helpers';
import { containerNo, mbl, type Team } from './factories';

/** How a comment's content mentions a member. */
export const token = (account: Account, name = 'Grace Hopper') => `@[${name}](${account.userId})`;

/** Calls to the comments API as a member, and shipments to comment on, for the comments tests. */
export function commentsHelpers(app: App) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    account: Account,
    payload?: object,
  ) => app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

  /** A team following one ocean container; returns the shipment's id and numbers. */
  async function follow(team: Team, numbers = { containerNo: containerNo(), mblNo: mbl() }) {
    const res = await call('POST', '/api/shipments/ocean', team.owner, { items: [numbers] });
    expect(res.json().result[0].outcome).toBe('created');
    return { id: res.json().result[0].shipmentOverallId as string, ...numbers };
  }

  async function followParcel(team: Team, trackingNo: string) {
    const res = await call('POST', '/api/shipments/express', team.owner, {
      items: [{ trackingNo, carrier: 'gls' }],
    });
    expect(res.json().result[0].outcome).toBe('created');
    return res.json().result[0].expressOrderId as string;
  }

  const thread = (account: Account, id: string, type = 'ocean') =>
    call('GET', `/api/comments/${type}/${id}`, account);
  const post = (account: Account, id: string, content: string, type = 'ocean') =>
    call('POST', `/api/comments/${type}/${id}`, account, { content });
  const mentionsOf = (account: Account, body: object = {}) =>
    call('POST', '/api/comments/at/list', account, body);

  return { call, follow, followParcel, thread, post, mentionsOf };
}
