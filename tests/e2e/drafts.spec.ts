import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { encryptPassword, registerSalt } from '../../src/api/passwordCipher';
import { writeCollageXml } from '../../src/model/document/collageXml';
import type { CollageDocument } from '../../src/model/document/collageTypes';
import {
  CAMERA_PHOTOS,
  expectRoundTrip,
  expectSaveState,
  fillSlots,
  filledSlots,
  imageSlots,
  newAccount,
  openSmallCollage,
  photoStates,
  recordSaves,
  registerByApi,
  setTitle,
  textOf,
  titleInDialog,
} from './accountHelpers';
import { enableTestHooks, storedDraftKeys } from './editorHelpers';

/**
 * Drafts and reopening in Chromium against the real server. The editor screen is not there yet,
 * so what was restored is read where the app shows it today: the design screen of the current
 * collage ('Wijzig huidige ontwerp', the chosen size and material, the title in the preview).
 */

const OFFER = 'Wil je verder met je vorige collage?';

/** In-app navigation without a page load (the store keeps the collage): the router follows popstate. */
async function showInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectCurrentDesign(page: Page, size: string, material: string) {
  await showInApp(page, '/ontwerp/basic/101');
  await expect(page.getByRole('button', { name: 'Wijzig huidige ontwerp' })).toBeVisible();
  await expect(page.getByRole('radio', { name: size })).toBeChecked();
  await expect(page.getByRole('radio', { name: material })).toBeChecked();
}

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const email = `${username}@example.nl`;
  const password = 'geheim123';
  const encrypted = await encryptPassword(password, registerSalt(username, email));
  const registered = await request.post('/api/register?format=json', {
    form: {
      username,
      email,
      newsletter: 'false',
      password: encrypted,
      password_again: encrypted,
      terms: 'true',
    },
  });
  expect((await registered.json()).authenticated).toBe('true');
  return { username, password };
}

/** A JPEG drawn in the page and uploaded as the editor does, with the page's session cookie. */
async function uploadPhoto(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e0a458';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#419d78';
    context.fillRect(320, 0, 320, 480);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.9),
    );
    const form = new FormData();
    form.append('file', blob, 'zomer.jpg');
    form.append('suggestedRotation', '0');
    form.append('t', 'computer');
    form.append('x', 'zomer');
    const response = await fetch('/api/upload?format=json', {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
    return String(((await response.json()) as { id: string }).id);
  });
}

/** Template 101 at 70 x 50 cm on plexiglas, 2 x 2 photos with a title, one photo placed. */
function savedDocument(photoId: string): CollageDocument {
  const style = {
    font: 'futura-pt',
    fontSize: 1.693,
    color: '#000000',
    align: 'center',
    valign: 'bottom',
    style: 'normal',
    paddingCm: 0,
    letterSpacing: 0,
    caps: false,
    multipleLines: false,
    lineHeight: 0.5,
    background: 'none',
  } as const;
  return {
    templateId: '101',
    childTemplateId: '10103',
    photos: [photoId],
    userdata: [
      {
        variation: 'default',
        version: 2,
        photoBorderColor: '#000000',
        photoBorderAutomaticColor: true,
        backgroundColor: '#ffffff',
        widthCm: 70,
        heightCm: 50,
        screenDpcm: 40,
        material: 'PLEXI',
        settings: {
          numberVert: '2',
          numberHor: '2',
          borderCM: '0.5',
          marginCM: '0.5',
          hasText: '1',
          seed: '7',
        },
        slots: [
          {
            kind: 'image',
            name: 'img1',
            position: { x: 0.5, y: 4, width: 34, height: 22, rotation: 0 },
            photo: {
              id: photoId,
              zoom: 1,
              focusX: 0.5,
              focusY: 0.5,
              rotation: 0,
              effect: 'none',
              dpi: 150,
            },
          },
          {
            kind: 'text',
            name: 'txt1',
            position: { x: 2.5, y: 0.5, width: 65, height: 3, rotation: 0 },
            text: { ...style, txt: 'Zomer 2026' },
          },
        ],
      },
    ],
  };
}

async function savedCollage(
  page: Page,
): Promise<{ collageId: string; account: { username: string; password: string } }> {
  await page.goto('/keuze');
  const account = await register(page.request, 'lezer');
  const photoId = await uploadPhoto(page);
  const saved = await page.request.post('/api/save?format=json', {
    form: {
      collagexml: writeCollageXml(savedDocument(photoId)),
      editor: '2',
      editor_version: '1',
      fororder: 'false',
      templateid: '101',
    },
  });
  expect(saved.status()).toBe(200);
  return { collageId: String((await saved.json()).collageid), account };
}

test('a chosen design comes back after a reload through the draft offer', async ({ page }) => {
  await page.goto('/ontwerp/basic/101');
  await page.getByRole('radio', { name: '70 x 50 cm' }).check();
  await page.getByRole('radio', { name: 'Dibond' }).check();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect.poll(() => storedDraftKeys(page)).toContain('draft:new');

  await page.reload();
  const offer = page.getByRole('dialog', { name: OFFER });
  await expect(offer).toBeVisible();
  await expect(offer.getByTestId('draft-summary')).toContainText(
    'Fotocollage Raster, 70 x 50 cm, Dibond',
  );
  await expect(offer.getByRole('button', { name: 'Ga verder met deze collage' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('draft-offer.png') });
  const axe = await new AxeBuilder({ page }).include('.draft-offer').analyze();
  expect(
    axe.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
  ).toEqual([]);
  await offer.getByRole('button', { name: 'Ga verder met deze collage' }).click();
  await expect(offer).toBeHidden();
  await expectCurrentDesign(page, '70 x 50 cm', 'Dibond');

  // The tab closed and a new one opened: offered again; 'Begin opnieuw' drops it for good.
  const context = page.context();
  await page.close();
  const second = await context.newPage();
  await second.goto('/keuze');
  await expect(second.getByRole('dialog', { name: OFFER })).toBeVisible();
  await second.getByRole('button', { name: 'Begin opnieuw' }).click();
  await expect(second.getByRole('dialog', { name: OFFER })).toBeHidden();
  await expect.poll(() => storedDraftKeys(second)).not.toContain('draft:new');
  await second.reload();
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(second.getByRole('dialog', { name: OFFER })).toHaveCount(0);
});

test('a saved collage reopens on /edit/<id> for its owner with its photo; another user gets the error screen', async ({
  page,
  browser,
}) => {
  const { collageId } = await savedCollage(page);
  const fileRead = page.waitForResponse(
    (response) => response.url().includes('/api/file') && response.request().method() === 'POST',
  );
  await page.goto(`/edit/${collageId}`);
  expect((await fileRead).status()).toBe(200);
  await expect(page.locator('.editor')).toBeVisible();
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('data-drawn-photos', '1', {
    timeout: 20_000,
  });
  await expect(page.locator('.slot--text[data-slot="txt1"]')).toHaveAttribute(
    'data-text',
    'Zomer 2026',
  );
  await expectCurrentDesign(page, '70 x 50 cm', 'Plexiglas');

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const intruder = await other.newPage();
  await register(intruder.request, 'ander');
  await intruder.goto(`/edit/${collageId}`);
  await expect(intruder).toHaveURL(/\/fout\?error=/);
  await expect(intruder.getByRole('heading', { level: 1 })).toHaveText('Er is een fout opgetreden');
  await expect(
    intruder.getByText('Je collage kon niet worden geladen.', { exact: false }),
  ).toBeVisible();
  expect(new URL(intruder.url()).searchParams.get('error')).toContain(
    'De collage data was niet beschikbaar tijdens het laden.',
  );
  await expect(intruder.getByText('De collage data was niet beschikbaar')).toHaveCount(0);
  await other.close();
});

test('signed out, /edit/<id> asks to log in; the login reloads the collage', async ({
  page,
  browser,
}) => {
  const { collageId, account } = await savedCollage(page);
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await fresh.newPage();
  await visitor.goto(`/edit/${collageId}`);
  const login = visitor.getByRole('dialog', { name: 'Log in om je collage te bewerken' });
  await expect(login).toBeVisible();
  await login.getByLabel('Gebruikersnaam').fill(account.username);
  await login.getByLabel('Wachtwoord').fill(account.password);
  const reloaded = visitor.waitForEvent('load');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await reloaded;
  await expect(
    visitor.getByRole('dialog', { name: 'Log in om je collage te bewerken' }),
  ).toHaveCount(0);
  await expect(visitor).toHaveURL(new RegExp(`/edit/${collageId}$`));
  // The reload reopens the collage (session check, /api/load) before the editor shows it.
  await expect(visitor.locator('.editor')).toBeVisible();
  await expectCurrentDesign(visitor, '70 x 50 cm', 'Plexiglas');
  await fresh.close();
});

test('a tab closed mid-edit: the draft comes back with every photo and the title, and saves with every photo', async ({
  page,
}) => {
  await enableTestHooks(page);
  const saves = recordSaves(page);
  await openSmallCollage(page, 'Dibond');
  const photos = CAMERA_PHOTOS.slice(0, 3);
  await fillSlots(page, photos);
  await setTitle(page, 'Ons weekend');
  await expect.poll(() => storedDraftKeys(page)).toContain('draft:new');
  await expect
    .poll(
      async () =>
        (await storedDraftKeys(page)).filter((key) => key.startsWith('photo:new:')).length,
    )
    .toBe(3);
  // Mid-edit: the title dialog still open, the last letters typed a moment ago (the draft's
  // debounce is 500 ms: closing the tab writes it at once).
  await page.locator('.slot--text[data-slot="txt1"]').click();
  await page
    .getByRole('dialog', { name: 'Titel wijzigen' })
    .getByLabel('Titel', { exact: true })
    .fill('Ons lange weekend');
  // Closing the tab: the leave guard warns (unsaved work), the customer leaves anyway.
  const context = page.context();
  const warning = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  expect((await warning).type()).toBe('beforeunload');
  const closed = page.waitForEvent('close');
  await (await warning).accept();
  await closed;

  const second = await context.newPage();
  const secondSaves = recordSaves(second);
  await second.goto('/keuze');
  const offer = second.getByRole('dialog', { name: OFFER });
  await expect(offer).toBeVisible();
  await expect(offer.getByTestId('draft-summary')).toContainText(
    'Fotocollage Raster, 50 x 40 cm, Dibond',
  );
  await expect(offer.getByTestId('draft-summary')).toContainText("Foto's: 3");
  await offer.getByRole('button', { name: 'Ga verder met deze collage' }).click();
  await expect(second).toHaveURL(/\/edit$/);
  await expect(second.locator('.editor')).toHaveAttribute('data-nav-state', '2');
  await expect
    .poll(() => filledSlots(second))
    .toEqual({ img1: true, img2: true, img3: true, img4: false });
  await expect
    .poll(() => photoStates(second), { timeout: 30_000 })
    .toEqual(['IMAGE', 'IMAGE', 'IMAGE']);
  expect(await titleInDialog(second)).toBe('Ons lange weekend');

  // The restored photos still have their originals: saving uploads all three.
  await registerByApi(second, newAccount('concept'));
  await second.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(second, 'SAVED', 30_000);
  const { document } = await expectRoundTrip(second, secondSaves, 1);
  expect(document.photos).toHaveLength(3);
  expect(
    imageSlots(document)
      .filter((slot) => slot.photo.id !== '')
      .map((slot) => slot.name),
  ).toEqual(['img1', 'img2', 'img3']);
  expect(textOf(document, 'txt1')).toBe('Ons lange weekend');
  expect(saves).toHaveLength(0);
  // Saved: the draft of the new collage is dropped.
  await expect.poll(() => storedDraftKeys(second)).not.toContain('draft:new');
});
