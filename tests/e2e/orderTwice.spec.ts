import { expect, test, type Page } from '@playwright/test';
import { enableTestHooks, expectState } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectSaveState,
  fillSlots,
  newAccount,
  openSmallCollage,
  registerByApi,
  saveDialog,
} from './accountHelpers';

/**
 * Issue 12: ordering an unchanged collage again makes no second order (the server answers
 * alreadyordered=true with the order it has); the saved view tells the customer so, in their language.
 */

interface OrderAnswer {
  orderid?: number;
  alreadyordered?: boolean;
}

/** The /api/save answers of saves for order. */
function recordOrders(page: Page): OrderAnswer[] {
  const orders: OrderAnswer[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/save') || response.request().method() !== 'POST') return;
    if (
      !new URLSearchParams(response.request().postData() ?? '').get('fororder')?.startsWith('true')
    )
      return;
    void response.json().then((answer: OrderAnswer) => orders.push(answer));
  });
  return orders;
}

/** 'Opslaan / bestellen', then 'Bestel je collage' in the saved view: a save for order. */
async function order(page: Page, texts: { saveOrder: string; order: string }) {
  await page.getByRole('button', { name: texts.saveOrder }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await saveDialog(page).getByRole('button', { name: texts.order }).click();
  await expect(saveDialog(page).getByRole('button', { name: /kassa|checkout/ })).toBeVisible({
    timeout: 30_000,
  });
}

test('ordering an unchanged collage again adds no second order and says so (nl, then en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await enableTestHooks(page);
  const orders = recordOrders(page);
  await page.goto('/keuze');
  await registerByApi(page, newAccount('twice'));
  await openSmallCollage(page);
  await fillSlots(page, CAMERA_PHOTOS);
  const alreadyNl =
    'Deze collage had je al besteld, zonder wijzigingen sindsdien. Er komt geen tweede bestelling bij.';
  const nl = { saveOrder: 'Opslaan / bestellen', order: 'Bestel je collage' };

  await order(page, nl);
  await expect.poll(() => orders.length).toBe(1);
  expect(orders[0]!.alreadyordered).toBe(false);
  await expect(saveDialog(page).getByText(alreadyNl)).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit\/\d+$/);
  const editUrl = page.url();

  // Reopened unchanged and ordered again: the same order, and the customer is told.
  await page.goto(editUrl);
  await expectState(page, 2);
  await order(page, nl);
  await expect.poll(() => orders.length).toBe(2);
  expect(orders[1]).toEqual({ ...orders[0], alreadyordered: true });
  await expect(saveDialog(page).getByText(alreadyNl)).toBeVisible();

  await page.goto(`${editUrl}?lang=en`);
  await expectState(page, 2);
  await order(page, { saveOrder: 'Save / order', order: 'Order your collage' });
  await expect.poll(() => orders.length).toBe(3);
  expect(orders[2]).toEqual({ ...orders[0], alreadyordered: true });
  await expect(
    saveDialog(page).getByText(
      'You had already ordered this collage, unchanged since. No second order has been added.',
    ),
  ).toBeVisible();
});
