import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  colourShares,
  enableTestHooks,
  expectCanvasDrawn,
  expectState,
  openEditor,
  photoSlot,
} from './editorHelpers';
import {
  expectSaveState,
  fillRegisterForm,
  imageSlots,
  newAccount,
  openSmallCollage,
  parseSaved,
  pickPhoto,
  recordSaves,
  registerByApi,
  saveDialog,
} from './accountHelpers';

/**
 * A quote image ('Spreuken') in a slot is the shop's own picture: the collage saves with it (no
 * upload, the saved document names the quote by its id), reopens on edit/{id} with the quote in its
 * slot, in Dutch and in English (the English picture's own id, en-q1).
 */

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

/** The photo the slot shows, through the test hook: its server id, image address and state. */
function slotPhoto(page: Page, slot: string) {
  return page.evaluate((name) => {
    type Hook = {
      collage: { slots: { photos: Record<string, { id: string } | undefined> } };
      photos: {
        byLocalId(id: string): { serverId: string | null; src: string; state: string } | undefined;
      };
    };
    const store = (window as unknown as { __fotocollage: Hook }).__fotocollage;
    const localId = store.collage.slots.photos[name]?.id ?? '';
    const photo = localId ? store.photos.byLocalId(localId) : undefined;
    return photo ? { serverId: photo.serverId, src: photo.src, state: photo.state } : null;
  }, slot);
}

/** The background of the shop's quote pictures (q1 in every language): a deep teal. */
const QUOTE_TEAL = '#387274';

/** The canvas has drawn its photos, and the slot shows the quote's teal picture. */
async function expectQuoteDrawn(page: Page, slot: string, drawnPhotos: number) {
  await expectCanvasDrawn(page, drawnPhotos);
  const box = (await photoSlot(page, slot).boundingBox())!;
  const [teal] = await colourShares(page, box, [QUOTE_TEAL]);
  expect(teal, `share of the ${slot} slot in the quote's teal`).toBeGreaterThan(0.5);
}

/** An empty slot opens the picker; a quote chosen on its quotes tab fills the slot. */
async function pickQuote(
  page: Page,
  slot: string,
  texts: { picker: string; tab: string; quote: string },
) {
  await expect(photoSlot(page, slot)).toHaveAttribute('data-filled', 'false');
  await photoSlot(page, slot).click();
  const picker = page.getByRole('dialog', { name: texts.picker });
  await picker.getByRole('tab', { name: texts.tab }).click();
  await picker.getByRole('button', { name: texts.quote }).click();
  await expect(picker).toBeHidden();
  await expect(photoSlot(page, slot)).toHaveAttribute('data-filled', 'true');
}

/**
 * The saved collage opened on edit/{id} in a fresh browser of the same customer (their cookies, no
 * draft kept in this browser): what /api/load gives, not what the page still held.
 */
async function reopenElsewhere(browser: Browser, page: Page, collageId: string, lang: string) {
  const context = await browser.newContext();
  await context.addCookies(await page.context().cookies());
  await context.addInitScript(() => window.localStorage.setItem('fotocollage:testHooks', '1'));
  const fresh = await context.newPage();
  const loaded = fresh.waitForResponse((response) => response.url().includes('/api/load'));
  await fresh.goto(`/edit/${collageId}?lang=${lang}`);
  expect((await loaded).status()).toBe(200);
  await expectState(fresh, 2);
  return fresh;
}

test('a Dutch quote in a slot saves with the collage and is back in its slot when the collage is reopened', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const saves = recordSaves(page);
  await openSmallCollage(page, 'Poster');
  await pickQuote(page, 'img1', {
    picker: 'Kies een foto',
    tab: 'Spreuken',
    quote: 'Geniet van de kleine dingen',
  });
  await pickPhoto(page, 'img2', 'cameras/Canon_40D.jpg');
  await expect
    .poll(() => slotPhoto(page, 'img1'))
    .toEqual({ serverId: 'q1', src: '/catalog/quotes/q1.jpg', state: 'IMAGE' });

  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Maak een gratis account aan' });
  await fillRegisterForm(dialog, newAccount('spreuk'));
  await dialog.getByRole('button', { name: 'Registreer' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText('Opgeslagen', { exact: true })).toBeVisible();

  // The document names the quote by its id, beside the uploaded photo's number.
  await expect.poll(() => saves.length).toBe(1);
  const slots = imageSlots(parseSaved(saves[0]!.collageXml));
  const ids = Object.fromEntries(slots.map((slot) => [slot.name, slot.photo.id]));
  expect(ids.img1).toBe('q1');
  expect(ids.img2).toMatch(/^\d+$/);
  const collageId = saves[0]!.answeredId;
  await expect(page).toHaveURL(new RegExp(`/edit/${collageId}$`));

  const reopened = await reopenElsewhere(browser, page, collageId, 'nl');
  await expect(photoSlot(reopened, 'img1')).toHaveAttribute('data-filled', 'true');
  await expect(photoSlot(reopened, 'img2')).toHaveAttribute('data-filled', 'true');
  await expect
    .poll(() => slotPhoto(reopened, 'img1'))
    .toEqual({ serverId: 'q1', src: '/catalog/quotes/q1.jpg', state: 'IMAGE' });
  await expect.poll(async () => (await slotPhoto(reopened, 'img2'))?.state).toBe('IMAGE');
  await expectQuoteDrawn(reopened, 'img1', 2);
  // The quotes tab knows the reopened quote as the one in use.
  await photoSlot(reopened, 'img3').click();
  const picker = reopened.getByRole('dialog', { name: 'Kies een foto' });
  await picker.getByRole('tab', { name: 'Spreuken' }).click();
  const quoteTile = picker.locator('.photo-tile', {
    has: reopened.getByRole('button', { name: 'Geniet van de kleine dingen' }),
  });
  await expect(quoteTile.locator('.photo-tile__used')).toContainText('1 keer gebruikt');
  await reopened.screenshot({ path: test.info().outputPath('reopened-nl.png') });
  await reopened.context().close();
});

test('an English quote (en-q1) saves with the collage and is back in its slot when the collage is reopened', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const saves = recordSaves(page);
  await registerByApi(page, newAccount('quote'));
  await openEditor(page, '101', { lang: 'en' });
  await pickQuote(page, 'img1', {
    picker: 'Choose a photo',
    tab: 'Quotes',
    quote: 'Enjoy the little things',
  });
  await expect
    .poll(() => slotPhoto(page, 'img1'))
    .toEqual({ serverId: 'en-q1', src: '/catalog/quotes/en/q1.jpg', state: 'IMAGE' });

  await page.getByRole('button', { name: 'Save / order' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(() => saves.length).toBe(1);
  const slots = imageSlots(parseSaved(saves[0]!.collageXml));
  expect(slots.find((slot) => slot.name === 'img1')?.photo.id).toBe('en-q1');
  const collageId = saves[0]!.answeredId;

  const reopened = await reopenElsewhere(browser, page, collageId, 'en');
  await expect(photoSlot(reopened, 'img1')).toHaveAttribute('data-filled', 'true');
  await expect
    .poll(() => slotPhoto(reopened, 'img1'))
    .toEqual({ serverId: 'en-q1', src: '/catalog/quotes/en/q1.jpg', state: 'IMAGE' });
  await expectQuoteDrawn(reopened, 'img1', 1);
  await reopened.screenshot({ path: test.info().outputPath('reopened-en.png') });
  await reopened.context().close();
});
