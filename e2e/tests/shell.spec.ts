import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

test.describe('auth guard and layouts', () => {
  test('a visitor is sent to sign-in, shown in the split layout with the tagline', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/ocean');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByTestId('auth-split-layout')).toBeVisible();
    await expect(page.getByTestId('auth-image-panel')).toBeVisible();
    await expect(
      page.getByText('Track your shipments in real-time to gain full supply chain visibility'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the image panel gives way to the form on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/sign-in');
    await expect(page.getByTestId('auth-split-layout')).toBeVisible();
    await expect(page.getByTestId('auth-image-panel')).toBeHidden();
  });

  test('legal and expired-link pages use the plain layout without signing in', async ({ page }) => {
    for (const path of ['/legal', '/expiredLink']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('plain-layout')).toBeVisible();
    }
  });

  test('signed-out pages ask the server nothing that answers an error, and the console stays clean', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${String(response.status())} ${response.url()}`);
    });
    for (const path of ['/auth/sign-up', '/auth/forgot-password', '/legal', '/dashboard/ocean']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the API keeps answering JSON under the web app', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(await health.json()).toMatchObject({ success: true, result: { database: 'ok' } });
    const missing = await request.get('/api/no-such-route');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

test.describe('main shell', () => {
  test('at 1280 px: sidebar beside the content, collapsible from 236 to 67 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'shell-wide');
    await page.goto('/auth/sign-in');
    // A signed-in user on an /auth path goes home.
    await expect(page).not.toHaveURL(/\/auth\//);
    await expect(page.getByTestId('main-shell')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toBeVisible();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(236);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(67);
    // The choice survives a reload (persisted UI state).
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(236);
  });

  test('a signed-in reload of the ocean list paints the page the server rendered, then hydrates it without errors', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'shell-frame');
    await page.goto('/shipments/ocean/active');
    await expect(page.getByTestId('main-shell')).toBeVisible();
    // Kept in a cookie the server reads: its HTML draws the sidebar collapsed.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The JavaScript held back: what shows is the HTML alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.reload({ waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Active ocean shipments' });
    await expect(heading).toBeVisible();
    // Rendered for this user on the server (ADR 0058): the shell and the list's tabs, before any script.
    await expect(page.getByTestId('main-shell')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Active/ })).toBeVisible();
    // The user's zone (Europe/Amsterdam, not the browser's), from the server's session.
    await expect(page.getByText(/Dates are days in Europe\/Amsterdam\./)).toBeVisible();
    // The sidebar as the user left it (its cookie), before any script: hydrating moves nothing. (Its
    // width once the stylesheets are in: a layout read may come before them.)
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(67);
    // Nothing answers a click yet, and the page says so.
    await expect(page.locator('html[data-started]')).toHaveCount(0);

    release();
    await expect(page.locator('html[data-started]')).toHaveCount(1);
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await expect(page.getByRole('tab', { name: /^Active/ })).toBeVisible();
    await expect(page.getByText(/Dates are days in Europe\/Amsterdam\./)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a session cookie that is no longer good ends on sign-in from the frame', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'tl_session', value: 'expired', url: baseURL ?? '' }]);
    const response = await page.goto('/shipments/ocean/active');
    expect(await response?.text()).toContain('data-frame="/shipments/ocean/active"');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('shell-skeleton')).toHaveCount(0);
  });

  test('the site-type switch swaps the page for its counterpart', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'shell-switch');
    await page.goto('/shipments/ocean/archived');
    await page.getByTestId('site-type-switcher').getByText('Ground').click();
    await expect(page).toHaveURL(/\/shipments\/truck\/express\/archived$/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/truck\/express$/);
  });

  test('at 800 px: no sidebar until opened, and the drawer closes again', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await createSignedInUser(page.request, 'shell-narrow');
    await page.goto('/dashboard/ocean');
    await expect(page.getByTestId('main-shell')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Shipment History' }).click();
    await expect(page).toHaveURL(/\/shipment-history\/ocean\/tracking-history$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a swipe from the left edge opens the sidebar and never goes back a page', async ({ page }) => {
    await createSignedInUser(page.request, 'shell-swipe');
    await page.goto('/dashboard/ocean');
    await expect(page.getByTestId('main-shell')).toBeVisible();
    // The browser's history swipe is an overscroll of the root: turned off, so the app's gesture is its own.
    expect(
      await page.evaluate(() =>
        [document.documentElement, document.body].map((e) => getComputedStyle(e).overscrollBehaviorX),
      ),
    ).toEqual(['none', 'none']);

    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: 420 }],
      });
    await touch('touchStart', 4);
    for (const x of [60, 120, 180, 240]) await touch('touchMove', x);
    await touch('touchEnd', 240);

    await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
  });
});
