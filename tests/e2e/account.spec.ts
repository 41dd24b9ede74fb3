import { expect, test } from '@playwright/test';
import { enableTestHooks, expectState } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectRoundTrip,
  expectSaveState,
  fillRegisterForm,
  fillSignInForm,
  fillSlots,
  filledSlots,
  imageSlots,
  newAccount,
  openSmallCollage,
  recordSaves,
  saveDialog,
  setTitle,
  textOf,
  titleInDialog,
} from './accountHelpers';

/**
 * Issue 7's proof, the account part, in Chromium against the real server and database: register,
 * save, sign in again, reopen, change, save, order, the cart; every save read back from /api/load.
 */

/**
 * TODO(lead): set to true once the editor's screenshot worker is wired (RootServices save.screenshot):
 * the saved XML then carries a screenshot and the cart page must show it as an <img>.
 */
const SCREENSHOT_WIRED = false;

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

test('register, save, sign in again, reopen, change the title, save again, order: the cart shows the collage', async ({ page }) => {
  test.setTimeout(120_000);
  const saves = recordSaves(page);
  const format = await openSmallCollage(page, 'Poster');
  await fillSlots(page, CAMERA_PHOTOS);
  await setTitle(page, 'Zomer aan zee');

  // Not signed in, a new collage: 'Opslaan / bestellen' checks the session and asks to register.
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectState(page, 5);
  const dialog = page.getByRole('dialog', { name: 'Maak een gratis account aan' });
  await expect(dialog).toBeVisible();
  const account = newAccount('klant');
  await fillRegisterForm(dialog, account);
  await dialog.getByRole('button', { name: 'Registreer' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText('Opgeslagen', { exact: true })).toBeVisible();

  const first = await expectRoundTrip(page, saves, 1);
  expect(saves[0]!.collageId).toBeNull();
  expect(saves[0]!.forOrder).toBe('false');
  expect(imageSlots(first.document).map((slot) => slot.photo.id)).toEqual(first.document.photos);
  expect(first.document.photos).toHaveLength(4);
  expect(textOf(first.document, 'txt1')).toBe('Zomer aan zee');
  const collageId = first.collageId;

  // The session ends (signed out elsewhere); opening the saved collage asks to log in.
  await page.getByRole('button', { name: 'Verder met je collage' }).click();
  await expectState(page, 2);
  expect((await page.request.post('/api/logout?format=json')).status()).toBe(200);
  await page.goto(`/edit/${collageId}`);
  const login = page.getByRole('dialog', { name: 'Log in om je collage te bewerken' });
  await expect(login).toBeVisible();
  // A wrong password keeps the dialog with the spec's message and what was typed.
  await fillSignInForm(login, account.username, 'verkeerd1');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toHaveText('Gebruikersnaam of wachtwoord is niet correct.');
  await expect(login.getByLabel('Gebruikersnaam')).toHaveValue(account.username);
  await login.getByLabel('Wachtwoord').fill(account.password);
  const reloaded = page.waitForEvent('load');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await reloaded;

  // Reopened: the same four photos in the same slots, the title, the saved format.
  await expect(page).toHaveURL(new RegExp(`/edit/${collageId}$`));
  await expectState(page, 2);
  await expect.poll(() => filledSlots(page)).toEqual({ img1: true, img2: true, img3: true, img4: true });
  await expect(page.getByTestId('editor-size')).toHaveText(format.size);
  expect(await titleInDialog(page)).toBe('Zomer aan zee');

  // Change the title and save again: the same collage id, sent and answered.
  await setTitle(page, 'Zomer aan zee 2026');
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  const second = await expectRoundTrip(page, saves, 2);
  expect(saves[1]!.collageId).toBe(collageId);
  expect(second.collageId).toBe(collageId);
  expect(textOf(second.document, 'txt1')).toBe('Zomer aan zee 2026');
  expect(second.document.photos).toEqual(first.document.photos);

  // Order: saved again for order, then 'Naar kassa >' leaves for the cart.
  await saveDialog(page).getByRole('button', { name: 'Bestel je collage' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  const third = await expectRoundTrip(page, saves, 3);
  expect(saves[2]!.forOrder).toBe('true');
  expect(third.collageId).toBe(collageId);
  await expect(saveDialog(page).getByRole('button', { name: 'Terug naar je collage' })).toBeVisible();
  await saveDialog(page).getByRole('button', { name: 'Naar kassa >' }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/fromApp\\?collageid=${collageId}$`));
  const card = page.locator('.card');
  await expect(card.locator('dd').nth(1)).toBeVisible();
  const facts = await card.locator('dl').evaluate((list) => {
    const result: Record<string, string> = {};
    for (const term of list.querySelectorAll('dt')) result[term.textContent!.trim()] = term.nextElementSibling!.textContent!.trim();
    return result;
  });
  expect(facts).toMatchObject({ Formaat: format.size, Materiaal: format.material, Prijs: format.price });
  await page.screenshot({ path: test.info().outputPath('cart.png') });
  if (SCREENSHOT_WIRED) {
    // TODO(lead): enabled with SCREENSHOT_WIRED: the cart shows the saved screenshot.
    const shot = card.locator('img');
    await expect(shot).toBeVisible();
    expect(await shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
  } else if ((await card.locator('img').count()) > 0) {
    // A screenshot the page shows must load.
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } else {
    await expect(card.locator('.placeholder')).toHaveText('Geen voorbeeld');
  }
});
