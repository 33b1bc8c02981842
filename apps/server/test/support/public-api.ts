import { expect } from 'vitest';
import { useTestApp } from '../app';
import { knownBox, type Team } from '../factories';

/** The app with demo carriers, with the key and request helpers the public API tests share. */
export async function usePublicApiApp() {
  // Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
  const { app, ctx } = await useTestApp({ apiKeyRateLimitPerMinute: 1000, demoCarriers: true });

  const asAdmin = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

  async function createKey(team: Team, scope: 'read' | 'read_write' = 'read_write', name = 'ERP sync') {
    const res = await asAdmin(team.owner.cookie, 'POST', '/api/api-keys', { name, scope });
    expect(res.statusCode).toBe(200);
    return res.json().result as { id: string; key: string; prefix: string; scope: string };
  }

  async function addOcean(key: string, count = 1) {
    const items = Array.from({ length: count }, knownBox);
    const res = await withKey(key, 'POST', '/api/v1/shipments/ocean', { items });
    expect(res.statusCode).toBe(200);
    return res.json().result as { containerNo: string; shipmentOverallId: string; outcome: string }[];
  }
  return { app, ctx, asAdmin, withKey, createKey, addOcean };
}
