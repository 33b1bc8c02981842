import { expect, test } from '../support/test';
import { type APIRequestContext } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { fakeCarrier, fakeTerminal } from '../support/carrier';

const [HELD, READY] = fakeCarrier.atLosAngeles;
const BILLS = { [HELD]: 'MAEU261900001', [READY]: 'MAEU261900002' } as const;

/** Waits until the carrier's events have reached the shipment: discharged at Los Angeles. */
async function discharged(request: APIRequestContext, containerNo: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/shipments/ocean/${containerNo}/${BILLS[containerNo as typeof HELD]}`,
        );
        const body = (await res.json()) as {
          result?: { status: string | null; pod: { locode: string } | null };
        };
        return `${body.result?.status ?? ''} ${body.result?.pod?.locode ?? ''}`;
      },
      { timeout: 30_000 },
    )
    .toBe('discharged USLAX');
}

test.describe('terminal availability', () => {
  test('an admin connects APM Terminals and sees holds, availability and the terminal’s last free day', async ({
    page,
  }) => {
    // A carrier connection, two containers, a terminal connection, then the detail, dashboard and list.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'terminals');

    // The carrier first: the containers' journeys come from it, with its real port of discharge.
    await page.goto('/workspace-settings/carrier-connections');
    await page.getByRole('button', { name: 'Add connection' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add carrier connection' });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Maersk (MAEU)' }).click();
    await dialog.getByRole('textbox', { name: /Events endpoint/ }).fill(fakeCarrier.eventsUrl);
    await dialog.getByLabel('Header 1 value').fill(fakeCarrier.apiKey);
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await page
      .getByRole('dialog', { name: 'Test Maersk (MAEU)' })
      .getByRole('button', { name: 'Close' })
      .click();

    const added = await page.request.post('/api/shipments/ocean', {
      data: { items: [HELD, READY].map((containerNo) => ({ containerNo, mblNo: BILLS[containerNo] })) },
    });
    expect(added.ok()).toBe(true);
    for (const containerNo of [HELD, READY]) await discharged(page.request, containerNo);

    // The terminal: APM Terminals' preset, pointed at the fake, asking about Los Angeles.
    await page.getByRole('button', { name: 'Add connection' }).click();
    dialog = page.getByRole('dialog', { name: 'Add carrier connection' });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'APM Terminals', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: /^SCAC/ })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: /Availability endpoint/ }).fill(fakeTerminal.availabilityUrl);
    await dialog.getByRole('textbox', { name: 'Token URL' }).fill(fakeTerminal.tokenUrl);
    await dialog.getByLabel('Client ID').fill(fakeTerminal.clientId);
    await dialog.getByLabel('Client secret').fill(fakeTerminal.clientSecret);
    await dialog.getByPlaceholder('Choose terminals').click();
    await page.getByRole('option', { name: 'Los Angeles (Pier 400) (USLAX)' }).click();
    await dialog.getByRole('button', { name: 'Add connection' }).click();

    const check = page.getByRole('dialog', { name: 'Test APM Terminals' });
    await check.getByRole('textbox', { name: /^Container/ }).fill(HELD);
    await check.getByRole('button', { name: 'Test connection' }).click();
    await expect(check.getByTestId('test-outcome')).toContainText(
      `The terminal answered for ${HELD} at USLAX.`,
    );
    await check.getByRole('button', { name: 'Close' }).click();
    const card = page.getByTestId('carrier-connection').filter({ hasText: 'APM Terminals' });
    await expect(card).toContainText('Los Angeles (Pier 400) (USLAX)');
    await expect(card).toContainText('Working');
    expect(await page.locator('body').innerText()).not.toContain(fakeTerminal.clientSecret);

    // The held container's detail: its holds, yard, and the terminal's date as demurrage's last free day.
    await page.goto(`/shipment/ocean/${HELD}/${BILLS[HELD]}`);
    const section = page.getByRole('region', { name: 'At the terminal' });
    await expect(section.getByTestId('terminal-status')).toHaveText('On hold');
    await expect(section.getByTestId('hold-customs')).toContainText('On hold');
    await expect(section.getByTestId('hold-line')).toContainText('No hold');
    await expect(section).toContainText('Y0709A');
    await expect(section).toContainText('· terminal');
    await expect(page.getByTestId('clock-demurrage')).toContainText('(terminal)');

    // The dashboard's two cards and the list each opens agree.
    await page.goto('/dashboard/ocean');
    const held = page.getByRole('article', { name: 'On hold at the terminal: 1' });
    await expect(held).toContainText(HELD);
    await expect(held).toContainText('Customs hold at USLAX');
    const ready = page.getByRole('article', { name: 'Available for pickup: 1' });
    await expect(ready).toContainText(READY);
    await ready.getByRole('link', { name: 'Available for pickup' }).click();
    await expect(page).toHaveURL(/attention=availableForPickup/);
    await expect(page.getByRole('main')).toContainText(READY);
    await expect(page.getByRole('main')).not.toContainText(HELD);
  });
});
