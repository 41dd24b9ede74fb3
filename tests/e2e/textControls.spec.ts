import { expect, test } from '@playwright/test';
import { enableTestHooks, expectState, openEditor, photoSlot, placePhotos } from './editorHelpers';

/** 'Tekst toevoegen' in Chromium: 'Grotere letters' is disabled when the text cannot grow (issue 12). */

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

test("'Grotere letters' is disabled when the text would not fit one size up", async ({ page }) => {
  await openEditor(page, '101', { textSteps: 1 });
  await placePhotos(page, [{ slot: 'img1', orgWidth: 4000, orgHeight: 3000 }]);
  await photoSlot(page, 'img1').click();
  await page.getByRole('menuitem', { name: 'Bewerk' }).click();
  await expectState(page, 3);
  await page
    .getByRole('dialog', { name: 'Foto bewerken' })
    .getByRole('button', { name: 'Tekst' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Tekst toevoegen' });
  const field = dialog.getByLabel('Tekst', { exact: true });
  const bigger = dialog.getByRole('button', { name: 'Grotere letters' });
  const size = dialog.locator('output');

  await field.fill('Zomer');
  await dialog.getByRole('button', { name: 'Kleinere letters' }).click();
  await expect(size).toHaveText('0,92 cm');
  await expect(bigger).toHaveAttribute('aria-disabled', 'false');
  // Typing on: once the text would no longer fit one size up, the button is disabled while the
  // text itself is still taken at this size.
  await field.press('End');
  let typed = 'Zomer';
  for (const character of ' aan zee in Zeeland met oma en opa') {
    await field.press(character === ' ' ? 'Space' : character);
    typed += character;
    if ((await bigger.getAttribute('aria-disabled')) === 'true') break;
  }
  await expect(bigger).toHaveAttribute('aria-disabled', 'true');
  await expect(field).toHaveValue(typed);
  await bigger.click({ force: true });
  await expect(size).toHaveText('0,92 cm');
  await page.screenshot({ path: 'test-results/text-controls/bigger-disabled-1280.png' });
  // Shorter again: it can grow.
  await field.fill('Zee');
  await expect(bigger).toHaveAttribute('aria-disabled', 'false');
  await bigger.click();
  await expect(size).toHaveText('1,69 cm');
});
