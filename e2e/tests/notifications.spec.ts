import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

/*
 * Deterministic on purpose: the demo parcel carrier never finds numbers ending in "404", and the e2e
 * server (start-server.mjs) gives up after one such answer, so the shipment's first check, which
 * intake queues at once, is a real change of the engine: "not found". No clock, no sleep.
 */
test.describe('notifications', () => {
  test('a demo shipment changes: the bell count rises without a reload, and the notification opens the shipment in its workspace', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'bell');
    const api = page.request;
    const organizations = (await (await api.get('/api/workspaces/get')).json()) as {
      result: { workspaces: { workspaceId: string; isDefault: boolean }[] }[];
    };
    const defaultWorkspace = organizations.result[0]!.workspaces.find((w) => w.isDefault)!.workspaceId;

    // A second workspace, which the page will not show: the shipment is followed there.
    const created = await api.post('/api/workspaces/create', { data: { workspaceName: 'Imports' } });
    const imports = ((await created.json()) as { result: { id: string } }).result.id;

    await page.goto('/dashboard/ocean');
    await expect(page.getByTestId('main-shell')).toBeVisible();
    const badge = page.getByTestId('bell-badge');
    await expect(badge).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('top-bar')).toContainText('Default Workspace');

    // Behind the page's back (as another tab would), the session adds a parcel in Imports and comes back.
    const trackingNo = `TLNT${String(randomInt(100_000, 999_999))}404`;
    await api.post('/api/workspaces/currentId', { data: { workspaceId: imports } });
    const intake = await api.post('/api/shipments/express', {
      data: { items: [{ trackingNo, carrier: 'gls' }] },
    });
    expect(intake.ok()).toBe(true);
    await api.post('/api/workspaces/currentId', { data: { workspaceId: defaultWorkspace } });

    // The first check finds nothing: one notification, pushed to this page over its socket.
    await expect(badge).toHaveAttribute('data-count', '1', { timeout: 30_000 });
    // Still on the page it was, in the workspace it showed.
    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
    await expect(page.getByTestId('top-bar')).toContainText('Default Workspace');

    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification-item').filter({ hasText: trackingNo });
    await expect(item).toContainText('Not found at the carrier');
    await item.click();

    // Opened in Imports (switched to it first), and marked read: the bell is back to zero.
    await expect(page).toHaveURL(new RegExp(`/shipment/truck/express/[0-9a-f-]{36}/${trackingNo}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(trackingNo);
    await expect(page.getByTestId('top-bar')).toContainText('Imports');
    await expect(badge).toHaveAttribute('data-count', '0');

    // The notifications page lists it as read.
    await page.goto('/notifications/all');
    await page.getByRole('textbox', { name: 'Search' }).fill(trackingNo.slice(0, 10).toLowerCase());
    await expect(page.getByTestId('notification-item')).toHaveCount(1);
    await expect(page.getByTestId('notification-item')).not.toHaveAttribute('data-unread');
  });
});
