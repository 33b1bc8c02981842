import { randomInt } from 'node:crypto';
import { expect, newUserContext, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

test.describe('sharing shipments', () => {
  test('share with a second user, who sees it in the bell and shared history; a public link works without a session until revoked', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const viewport = { width: 1440, height: 900 };
    const ownerContext = await newUserContext(browser, { viewport });
    const friendContext = await newUserContext(browser, { viewport });
    const owner = await ownerContext.newPage();
    const friend = await friendContext.newPage();
    await createSignedInUser(owner.request, 'sharer');
    const friendAccount = await createSignedInUser(friend.request, 'friend');

    const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
    const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;
    const added = await owner.request.post('/api/shipments/ocean', {
      data: { items: [{ containerNo, mblNo }] },
    });
    expect((await added.json()).result[0].outcome).toBe('created');

    // The owner shares it from its detail page.
    await owner.goto(`/shipment/ocean/${containerNo}/${mblNo}`);
    await owner.getByTestId('share-button').click();
    const dialog = owner.getByRole('dialog', { name: `Share ${containerNo}` });
    const emails = dialog.getByRole('combobox', { name: 'E-mail addresses' });
    await emails.fill(friendAccount.email);
    await emails.press('Enter');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(owner.getByText('Shared with 1 recipient')).toBeVisible();
    // The address and whether it was opened: nothing about the account behind it.
    const recipient = dialog.getByTestId('shared-with-row').filter({ hasText: friendAccount.email });
    await expect(recipient).toContainText('Pending');

    // The friend is greeted with it, finds it in the bell's INVITES tab, and See All leads to shared history.
    await friend.goto('/dashboard/ocean');
    const greeting = friend.getByRole('dialog', { name: 'A shipment was shared with you' });
    await expect(greeting).toContainText(containerNo);
    await greeting.getByRole('button', { name: 'Later' }).click();
    await friend.getByTestId('notification-bell').click();
    const bell = friend.getByTestId('notification-dropdown');
    await bell.getByRole('tab', { name: /^INVITES/ }).click();
    await expect(bell.getByTestId('bell-share-invite')).toContainText(`shared ${containerNo} with you`);
    await bell.getByRole('link', { name: 'See All' }).click();
    await expect(friend).toHaveURL(/\/shipment-history\/ocean\/shared-history$/);
    const row = friend.getByTestId('shared-history-row').filter({ hasText: containerNo });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: containerNo }).click();
    await expect(friend.getByRole('heading', { name: `Container ${containerNo}` })).toBeVisible();
    await expect(friend.getByTestId('shared-banner')).toBeVisible();
    await expect(friend.getByRole('button', { name: /Archive/ })).toHaveCount(0);

    // A public link, opened in a fresh browser with no session.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('created-link-url').inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    const visitorContext = await newUserContext(browser, { viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor.getByTestId('bare-layout')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: containerNo })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Milestones' })).toBeVisible();
    await expect(visitor.getByTestId('sidebar')).toHaveCount(0);

    // Revoked: a reload lands on /expiredLink.
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(owner.getByText('Link revoked')).toBeVisible();
    await visitor.reload();
    await expect(visitor).toHaveURL(/\/expiredLink$/);
    await expect(visitor.getByRole('heading', { name: 'This link has expired' })).toBeVisible();

    // Revoking the person's share: their open page says it is no longer shared.
    await dialog.getByRole('button', { name: `Stop sharing with ${friendAccount.email}` }).click();
    await expect(friend.getByTestId('shared-not-found')).toBeVisible();

    await visitorContext.close();
    await ownerContext.close();
    await friendContext.close();
  });

  test('share two shipments selected in the list; a set link notices its revoke without a reload', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const viewport = { width: 1440, height: 900 };
    const ownerContext = await newUserContext(browser, { viewport });
    const friendContext = await newUserContext(browser, { viewport });
    const owner = await ownerContext.newPage();
    const friend = await friendContext.newPage();
    await createSignedInUser(owner.request, 'set-sharer');
    const friendAccount = await createSignedInUser(friend.request, 'set-friend');

    const items = [0, 1].map(() => ({
      containerNo: withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`),
      mblNo: `MEDU${String(randomInt(10_000_000, 99_999_999))}`,
    }));
    const added = await owner.request.post('/api/shipments/ocean', { data: { items } });
    expect((await added.json()).result.map((r: { outcome: string }) => r.outcome)).toEqual([
      'created',
      'created',
    ]);
    const numbers = items.map((i) => i.containerNo);

    // The owner selects both rows of the list and shares them from the selection bar.
    await owner.goto('/shipments/ocean/active');
    for (const containerNo of numbers)
      await owner.getByRole('checkbox', { name: `Select ${containerNo}` }).check();
    const bar = owner.getByRole('group', { name: 'Selected shipments' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share 2 shipments' });
    const set = dialog.getByRole('list', { name: 'Shipments to share' });
    for (const containerNo of numbers) await expect(set).toContainText(containerNo);
    const emails = dialog.getByRole('combobox', { name: 'E-mail addresses' });
    await emails.fill(friendAccount.email);
    await emails.press('Enter');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(owner.getByText('Shared with 1 recipient')).toBeVisible();

    // The friend finds both in their shared history.
    await friend.goto('/shipment-history/ocean/shared-history');
    const rows = friend.getByTestId('shared-history-row');
    await expect(rows).toHaveCount(2);
    for (const containerNo of numbers) await expect(rows.filter({ hasText: containerNo })).toHaveCount(1);

    // One public link for the set, open in a fresh browser with no session: both shipments show.
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('created-link-url').inputValue();
    const visitorContext = await newUserContext(browser, { viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor.getByTestId('public-shipment')).toHaveCount(2);
    for (const containerNo of numbers)
      await expect(visitor.getByRole('heading', { name: containerNo })).toBeVisible();

    // Revoked from a shipment's own Share: the open public page, never reloaded, goes to /expiredLink
    // at its next look (every 10 s).
    await owner.goto(`/shipment/ocean/${items[0]!.containerNo}/${items[0]!.mblNo}`);
    await owner.getByTestId('share-button').click();
    const single = owner.getByRole('dialog', { name: `Share ${items[0]!.containerNo}` });
    await single.getByRole('button', { name: 'Revoke' }).click();
    await expect(owner.getByText('Link revoked')).toBeVisible();
    await expect(visitor).toHaveURL(/\/expiredLink$/, { timeout: 15_000 });
    await expect(visitor.getByRole('heading', { name: 'This link has expired' })).toBeVisible();

    await visitorContext.close();
    await ownerContext.close();
    await friendContext.close();
  });
});
