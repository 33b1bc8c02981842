import { randomInt } from 'node:crypto';
import { expect, newUserContext, test } from '../support/test';
import { type APIRequestContext, type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { fakeCarrier } from '../support/carrier';
import { withCheckDigit } from '../support/containers';

async function result<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const json = (await response.json()) as { result: T; message: string };
  if (!response.ok()) throw new Error(`${response.url()}: ${json.message}`);
  return json.result;
}

/**
 * Resolves once the page's socket follows a workspace (and, if given, a shipment): from then on every
 * change reaches it. Call before navigating, so the socket is caught as it opens.
 */
function followed(page: Page, what: { shipment?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/ws/events')) return;
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as Record<string, unknown>;
        if (message.type !== 'followed' || message.workspaceId === null) return;
        if (what.shipment && message.shipmentId === null) return;
        resolve();
      });
    });
  });
}

/** No request for shipments is sent on its own while the socket is up: only a message causes one. */
function countListRequests(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/shipments/ocean') count += 1;
  });
  return { count: () => count };
}

test.describe('live pages', () => {
  test('a colleague archives: the open list moves the row; a new ETA reaches the open detail', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const viewport = { width: 1440, height: 900 };
    const ownerContext = await newUserContext(browser, { viewport });
    const colleagueContext = await newUserContext(browser, { viewport });
    const owner = await ownerContext.newPage();
    const colleague = await colleagueContext.newPage();
    await createSignedInUser(owner.request, 'live-owner');
    const b = await createSignedInUser(colleague.request, 'live-colleague');

    // The colleague wants no container notifications: live pages do not depend on them.
    const settings = await result<Record<string, unknown>>(
      await colleague.request.get('/api/notification/settings'),
    );
    await result(
      await colleague.request.put('/api/notification/settings', {
        data: { ...settings, containerNotifications: false },
      }),
    );

    // The owner follows two demo containers and invites the colleague into the workspace.
    const organizations = await result<
      { organizationId: string; workspaces: { workspaceId: string; isDefault: boolean }[] }[]
    >(await owner.request.get('/api/workspaces/get'));
    const workspaceId = organizations[0]!.workspaces.find((w) => w.isDefault)!.workspaceId;
    const boxes = [0, 1].map(() => withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`));
    const created = await result<{ shipmentOverallId: string }[]>(
      await owner.request.post('/api/shipments/ocean', {
        data: {
          items: boxes.map((containerNo) => ({
            containerNo,
            mblNo: `MEDU${String(randomInt(10_000_000, 99_999_999))}`,
          })),
        },
      }),
    );
    await result(
      await owner.request.post('/api/workspaces/invite/new', {
        data: { emails: [b.email], workspaceIds: [workspaceId] },
      }),
    );
    const [invitation] = await result<{ workspaceId: string; memberId: string }[]>(
      await colleague.request.get('/api/workspaces/invite/list'),
    );
    await result(
      await colleague.request.post('/api/workspaces/invite/confirm', {
        data: { workspaceId: invitation!.workspaceId, memberId: invitation!.memberId, joined: true },
      }),
    );
    // The colleague works in the owner's organization, whose only workspace they belong to.
    await result(
      await colleague.request.post('/api/organization/currentId', {
        data: { organizationId: organizations[0]!.organizationId },
      }),
    );

    // The colleague has the active list open in the shared workspace, both rows on it.
    const listening = followed(colleague);
    const requests = countListRequests(colleague);
    await colleague.goto('/shipments/ocean/active');
    const rows = colleague.getByTestId('shipment-row');
    for (const box of boxes) await expect(rows.filter({ hasText: box })).toBeVisible();
    await listening;

    // The owner archives the first: the colleague's list drops it, without a reload.
    const before = requests.count();
    await result(
      await owner.request.post('/api/shipments/ocean/archive', {
        data: { shipmentOverallIds: [created[0]!.shipmentOverallId], archived: true },
      }),
    );
    await expect(rows.filter({ hasText: boxes[0]! })).toHaveCount(0);
    await expect(rows.filter({ hasText: boxes[1]! })).toBeVisible();
    expect(requests.count()).toBeGreaterThan(before);

    // The owner connects the carrier with push delivery and follows one of its containers.
    await result(
      await owner.request.post('/api/carrier-connections', {
        data: {
          carrier: 'MAEU',
          baseUrl: fakeCarrier.eventsUrl,
          auth: { type: 'headers', headers: { 'Consumer-Key': fakeCarrier.apiKey } },
          delivery: 'push',
          perMinute: 100,
          perDay: 1000,
        },
      }),
    );
    const mblNo = `MAEU${String(randomInt(100_000_000, 999_999_999))}`;
    await result(
      await owner.request.post('/api/shipments/ocean', {
        data: { items: [{ containerNo: fakeCarrier.liveEta, mblNo }] },
      }),
    );

    // The colleague opens its detail page once the carrier answered the first time.
    await expect
      .poll(async () => {
        const detail = await colleague.request.get(`/api/shipments/ocean/${fakeCarrier.liveEta}/${mblNo}`);
        return ((await detail.json()) as { result?: { state?: string } }).result?.state;
      })
      .toBe('active');
    const onDetail = followed(colleague, { shipment: true });
    await colleague.goto(`/shipment/ocean/${fakeCarrier.liveEta}/${mblNo}`);
    await expect(
      colleague.getByRole('heading', { level: 1, name: `Container ${fakeCarrier.liveEta}` }),
    ).toBeVisible();
    await onDetail;
    await expect(colleague.getByText('18/12/2026')).toHaveCount(0);

    // The carrier announces an arrival at Los Angeles: the open page shows the new ETA by itself.
    await expect
      .poll(async () => {
        const pushed = await owner.request.post(fakeCarrier.pushUrl, {
          data: { reference: fakeCarrier.liveEta, eta: '2026-12-18T10:00:00Z' },
        });
        return ((await pushed.json()) as unknown[]).length;
      })
      .toBe(1);
    await expect(colleague.getByText('18/12/2026').first()).toBeVisible();
    await expect(colleague.getByRole('tab', { name: /Events\s*3/ })).toBeVisible();

    await ownerContext.close();
    await colleagueContext.close();
  });
});
