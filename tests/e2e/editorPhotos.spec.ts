import { expect, test } from '@playwright/test';
import { expectCanvasDrawn, expectState, openEditor } from './editorHelpers';

/**
 * Issue 4's proof in the editor, against the real server and the real photo worker pool: 20 camera
 * and phone photos chosen in the computer tab of 'Kies een foto' become tiles with images, one is
 * chosen for the slot that asked, 'Vul de lege vakken' fills the rest of a 5 x 4 generated grid;
 * a HEIC file among them shows the error tile and breaks nothing. Slots are read from the slot
 * layer's buttons (data-filled), not from the collage picture.
 */

// Playwright resolves relative paths against the repository root, where it runs.
const FIXTURES = '../shared/fixtures/photos';
const CAMERAS = [
  'Canon_40D.jpg',
  'Canon_40D_photoshop_import.jpg',
  'Fujifilm_FinePix_E500.jpg',
  'Kodak_CX7530.jpg',
  'Nikon_D70.jpg',
  'PaintTool_sample.jpg',
  'Pentax_K10D.jpg',
  'Samsung_Digimax_i50_MP3.jpg',
  'gps_DSCN0010.jpg',
  'gps_DSCN0021.jpg',
  'hdr_canon_hdr_YES.jpg',
  'hdr_iphone_hdr_YES.jpg',
  'long_description.jpg',
  'mobile_HMD_Nokia_8.3_5G.jpg',
  'mobile_jolla.jpg',
  'xmp_BlueSquare.jpg',
  'xmp_no_exif.jpg',
].map((name) => `cameras/${name}`);
// A progressive file, a plain baseline one and an EXIF-rotated portrait complete the twenty.
const PHOTOS = [
  ...CAMERAS,
  'libjpeg-turbo/testimgint.jpg',
  'libjpeg-turbo/testorig.jpg',
  'orientation/Portrait_6.jpg',
];
const HEIC = 'reject/iphone.heic';
const name = (path: string) => path.split('/').pop()!;

test('20 photos chosen in the computer tab become tiles, fill a 5 x 4 grid with autofill; a HEIC gets the error tile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  expect(PHOTOS).toHaveLength(20);

  // The basic grid has 3 columns of 4 rows; two more columns make 20 slots.
  await openEditor(page, '101', { moreColumns: 2 });
  const slots = page.locator('.slot-layer .slot--photo');
  await expect(slots).toHaveCount(20);
  await expect(page.locator('.slot--photo[data-filled="false"]')).toHaveCount(20);

  await slots.first().click();
  await expectState(page, 4);
  const dialog = page.getByRole('dialog', { name: 'Kies een foto' });
  await expect(dialog.getByRole('tab', { name: 'Eigen computer' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog
    .locator('input[type=file]')
    .setInputFiles([...PHOTOS, HEIC].map((path) => `${FIXTURES}/${path}`));

  // Several files are only added: the dialog stays open with a tile for each.
  const tiles = dialog.locator('.photo-tile');
  const tile = (file: string) =>
    dialog.locator('.photo-tile', { has: page.locator(`button[title="${file}"]`) });
  await expect(tiles).toHaveCount(21);
  await expect(dialog.locator('.photo-tile[data-look="2"]')).toHaveCount(20, { timeout: 60_000 });
  // Each tile shows its thumbnail once scrolled to (drawn on its canvas while near the view).
  for (const path of PHOTOS) {
    await tile(name(path)).scrollIntoViewIfNeeded();
    await expect(
      tile(name(path)).locator('canvas.photo-tile__image'),
      `${name(path)} shows its thumbnail`,
    ).toHaveAttribute('data-drawn', 'true');
  }
  const heic = tile(name(HEIC));
  await expect(heic).toHaveAttribute('data-look', '1');
  await expect(heic.getByText('Kon niet worden geladen')).toBeVisible();
  await expect(heic.locator('.photo-tile__image')).toHaveCount(0);

  // The error tile cannot be chosen; its delete icon removes it; the dialog goes on working.
  await heic.locator('.photo-tile__select').click({ force: true });
  await page.waitForTimeout(400);
  await expect(dialog).toBeVisible();
  await heic.getByRole('button', { name: `Verwijder ${name(HEIC)}` }).click();
  await expect(tiles).toHaveCount(20);
  await tile('Nikon_D70.jpg').locator('.photo-tile__select').click();
  await expect(dialog).toBeHidden();
  await expectState(page, 2);
  await expect(page.locator('.slot--photo[data-filled="true"]')).toHaveCount(1);
  await expect(slots.first()).toHaveAttribute('data-filled', 'true');

  // Autofill: the 19 unused photos fill the 19 empty slots, nothing is left over.
  await page
    .getByRole('complementary', { name: 'Menu' })
    .getByRole('button', { name: 'Vul de lege vakken' })
    .click();
  await expect(page.locator('.slot--photo[data-filled="true"]')).toHaveCount(20);
  // The canvas draws every one of them (decoded by the photo worker at the size the slot needs).
  await expectCanvasDrawn(page, 20);
  await expect(page.getByText("Niet alle foto's zijn geplaatst: je collage is vol.")).toHaveCount(
    0,
  );

  // Each photo is used exactly once: the picker's tiles say so.
  await slots.nth(7).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Vervang' }).click();
  await expectState(page, 4);
  await expect(dialog.locator('.photo-tile__used')).toHaveCount(20);
  for (const used of await dialog
    .locator('.photo-tile__used [aria-hidden="true"]')
    .allTextContents())
    expect(used).toBe('1×');
  expect(pageErrors).toEqual([]);
});
