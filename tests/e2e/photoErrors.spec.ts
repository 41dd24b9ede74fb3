import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectState, openEditor } from './editorHelpers';

/**
 * Issue 12's photo errors in the editor, against the real server and photo workers: a file that
 * cannot be read never becomes a black box in its slot (the spec: a photo in ERROR that is not on
 * the server is cleared from its layer), and every error tile keeps the spec's 'Kon niet worden
 * geladen' and says why, in the customer's language.
 */

// Playwright resolves relative paths against the repository root, where it runs.
const FIXTURES = '../shared/fixtures/photos';
const MAX_FILE_BYTES = 26_214_400;

const dialogOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const tileOf = (page: Page, title: string, file: string) =>
  dialogOf(page, title).locator('.photo-tile', { has: page.locator(`button[title="${file}"]`) });
const firstSlot = (page: Page) => page.locator('.slot-layer .slot--photo').first();

/** The events the editor reports (console.info in development, the batch to the server in production). */
function recordAnalytics(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[analytics]')) lines.push(message.text());
  });
  return lines;
}

/** A file over the spec's 26214400 bytes: only its size matters, it is refused before it is read. */
function oversized(): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return { name: 'vakantie_groot.jpg', mimeType: 'image/jpeg', buffer };
}

test('a lone empty .jpg chosen for a slot leaves the slot empty and the picker shows why', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openEditor(page);
  await firstSlot(page).click();
  await expectState(page, 4);
  await dialogOf(page, 'Kies een foto')
    .locator('input[type=file]')
    .setInputFiles([{ name: 'leeg.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) }]);

  // One file is chosen at once (the dialog closes), fails, and leaves its slot: the picker opens
  // on the same slot again with the error tile.
  const tile = tileOf(page, 'Kies een foto', 'leeg.jpg');
  await expect(tile).toHaveAttribute('data-look', '1', { timeout: 15_000 });
  await expectState(page, 4);
  await expect(tile.getByText('Kon niet worden geladen')).toBeVisible();
  await expect(tile.getByText('Het bestand is leeg.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectState(page, 2);
  await expect(page.locator('.slot--photo[data-filled="true"]')).toHaveCount(0);
  await expect(firstSlot(page)).toHaveAttribute('data-filled', 'false');

  // A good photo chosen for the same slot afterwards fills it.
  await firstSlot(page).click();
  await dialogOf(page, 'Kies een foto')
    .locator('input[type=file]')
    .setInputFiles([`${FIXTURES}/cameras/Nikon_D70.jpg`]);
  await expectState(page, 2);
  await expect(firstSlot(page)).toHaveAttribute('data-filled', 'true');
  expect(pageErrors).toEqual([]);
});

for (const width of [360, 1280]) {
  test(`error tiles name the 25 MB limit, a PNG named .jpg and a damaged file; analytics gets the same reason (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const analytics = recordAnalytics(page);
    await openEditor(page);
    await firstSlot(page).click();
    const png = {
      name: 'scherm.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync(`${FIXTURES}/reject/testorig.png`),
    };
    const camera = readFileSync(`${FIXTURES}/cameras/mobile_jolla.jpg`);
    const truncated = {
      name: 'afgebroken.jpg',
      mimeType: 'image/jpeg',
      buffer: camera.subarray(0, 2000),
    };
    await dialogOf(page, 'Kies een foto')
      .locator('input[type=file]')
      .setInputFiles([oversized(), png, truncated]);

    const expected: Record<string, string> = {
      'vakantie_groot.jpg': 'Het bestand is groter dan 25 MB.',
      'scherm.jpg': 'Dit is geen JPEG-foto maar een PNG-afbeelding.',
      'afgebroken.jpg': 'Het bestand is beschadigd of onvolledig.',
    };
    for (const [file, reason] of Object.entries(expected)) {
      const tile = tileOf(page, 'Kies een foto', file);
      await expect(tile).toHaveAttribute('data-look', '1', { timeout: 20_000 });
      await expect(tile.getByText('Kon niet worden geladen')).toBeVisible();
      await expect(tile.getByText(reason)).toBeVisible();
      await expect(
        tile.getByRole('button', { name: `${file}: Kon niet worden geladen. ${reason}` }),
      ).toBeVisible();
      // The whole message stays inside its tile.
      const [text, picture] = await Promise.all([
        tile.locator('.photo-tile__error').boundingBox(),
        tile.locator('.photo-tile__picture').boundingBox(),
      ]);
      expect(text!.y + text!.height).toBeLessThanOrEqual(picture!.y + picture!.height + 1);
    }
    await page.screenshot({ path: `test-results/photo-errors/tiles-${width}.png` });
    for (const reason of ['tooLarge', 'png', 'damaged'])
      await expect
        .poll(() => analytics.some((line) => line.includes(`[${reason}]`)), `${reason} reported`)
        .toBe(true);
  });
}

test('an English customer reads the reasons in English', async ({ page }) => {
  await openEditor(page, '101', { lang: 'en' });
  await firstSlot(page).click();
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles([
      oversized(),
      {
        name: 'iphone.heic',
        mimeType: 'image/heic',
        buffer: readFileSync(`${FIXTURES}/reject/iphone.heic`),
      },
    ]);
  const dialog = page.getByRole('dialog');
  const big = dialog.locator('.photo-tile', {
    has: page.locator('button[title="vakantie_groot.jpg"]'),
  });
  const heic = dialog.locator('.photo-tile', { has: page.locator('button[title="iphone.heic"]') });
  await expect(big.getByText('The file is larger than 25 MB.')).toBeVisible({ timeout: 20_000 });
  await expect(heic.getByText('This is not a JPEG photo but a HEIC photo.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(heic.getByText('Could not be loaded')).toBeVisible();
});
