import { expect } from 'vitest';
import type { App } from '../src/app';
import type { AppContext } from '../src/app-context';
import { buildTeam, containerNo, mbl } from './factories';

let parcelSerial = 0;

/** Calls to the API as a cookie's user, and a team with shipments to share, for the sharing tests. */
export function sharingHelpers(app: App, ctx: AppContext) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A team following two ocean containers and one parcel. */
  async function teamWithShipments() {
    const team = await buildTeam(app, ctx);
    const a = { containerNo: containerNo(), mblNo: mbl() };
    const b = { containerNo: containerNo(), mblNo: mbl() };
    const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, { items: [a, b] });
    expect(res.json().result.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created']);
    const trackingNo = `SHARE${String(parcelSerial++).padStart(7, '0')}`;
    const parcel = await call('POST', '/api/shipments/express', team.owner.cookie, {
      items: [{ trackingNo, carrier: 'gls' }],
    });
    expect(parcel.json().result[0].outcome).toBe('created');
    return {
      team,
      a: { ...a, id: res.json().result[0].shipmentOverallId as string },
      b: { ...b, id: res.json().result[1].shipmentOverallId as string },
      parcel: { trackingNo, expressOrderId: parcel.json().result[0].expressOrderId as string },
    };
  }

  return { call, teamWithShipments };
}
