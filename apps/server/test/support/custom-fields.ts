import type { App } from '../../src/app';
import { expect } from 'vitest';
import { containerNo, mbl, type Team } from '../factories';

let parcelSerial = 0;

/** Calls the app as one team's owner and expects a 200. */
async function asOwner(app: App, team: Team, method: 'POST', url: string, payload: object) {
  const res = await app.inject({ method, url, headers: { cookie: team.owner.cookie }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** A container the team's owner adds; its shipment id. */
export async function addOcean(app: App, team: Team): Promise<string> {
  const [row] = await asOwner(app, team, 'POST', '/api/shipments/ocean', {
    items: [{ containerNo: containerNo(), mblNo: mbl() }],
  });
  return row.shipmentOverallId as string;
}

/** A GLS parcel the team's owner adds; its shipment id. */
export async function addParcel(app: App, team: Team): Promise<string> {
  const trackingNo = `CFP${String(Date.now()).slice(-6)}${String(parcelSerial++).padStart(3, '0')}`;
  const [row] = await asOwner(app, team, 'POST', '/api/shipments/express', {
    items: [{ trackingNo, carrier: 'gls' }],
  });
  return row.expressOrderId as string;
}

/** The team's owner defines these fields; their ids by name. */
export async function defineFields(
  app: App,
  team: Team,
  fields: ({ name: string; type: string } & Record<string, unknown>)[],
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const body of fields)
    ids[body.name] = (await asOwner(app, team, 'POST', '/api/custom-fields', body)).id as string;
  return ids;
}
