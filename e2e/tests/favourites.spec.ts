import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

const row = (page: Page, containerNo: string) =>
  page.getByTestId('shipment-row').filter({ hasText: containerNo });
const star = (page: Page, containerNo: string) =>
  row(page, containerNo).getByRole('button', { name: new RegExp(`${containerNo} (to|from) favourites`) });

test('a star is the user’s own, and reaches their other tab at once', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'favourites');
  const containers = [0, 1, 2].map(() => withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`));
  const added = await page.request.post('/api/shipments/ocean', {
    data: {
      items: containers.map((containerNo) => ({
        containerNo,
        mblNo: `MEDU${String(randomInt(10_000_000, 99_999_999))}`,
      })),
    },
  });
  expect(added.ok()).toBe(true);
  const [starred, other] = containers as [string, string, string];

  // Two tabs of the same user on the list.
  await page.goto('/shipments/ocean/active');
  const second = await context.newPage();
  await second.setViewportSize({ width: 1440, height: 900 });
  await second.goto('/shipments/ocean/active');
  await expect(row(second, starred)).toBeVisible();
  await expect(star(second, starred)).toHaveAttribute('aria-pressed', 'false');

  // Starred in the first tab: it turns there at once, and in the second tab without a reload.
  await expect(star(page, starred)).toHaveAccessibleName(`Add ${starred} to favourites`);
  await star(page, starred).click();
  await expect(star(page, starred)).toHaveAttribute('aria-pressed', 'true');
  await expect(star(second, starred)).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(star(second, other)).toHaveAttribute('aria-pressed', 'false');

  // The favourites filter lists the user's own stars.
  // The chip's own checkbox is visually hidden: the user clicks its label.
  await second.getByText('Favourites', { exact: true }).click();
  await expect(second.getByRole('checkbox', { name: 'Favourites' })).toBeChecked();
  await expect(second).toHaveURL(/favorites=1/);
  await expect(second.getByTestId('shipment-row')).toHaveCount(1);
  await expect(row(second, starred)).toBeVisible();
});
