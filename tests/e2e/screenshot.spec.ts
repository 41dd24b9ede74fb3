import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { encryptPassword, registerSalt } from '../../src/api/passwordCipher';
import { enableTestHooks, expectState, openEditor, photoSlot } from './editorHelpers';

/**
 * The screenshot a save carries, in Chromium against the real server: a photo chosen through the
 * picker, the save from the editor's header, then the saved document (/api/load) and the cart
 * page. The picture is read back by the browser's own JPEG decoder.
 */

// Relative to the project root (Playwright's working directory).
const PHOTO = '../shared/fixtures/photos/orientation/Landscape_1.jpg';
const PHOTO_2 = '../shared/fixtures/photos/cameras/Canon_40D.jpg';
const EMPTY_SLOT_FILL = [0xe3, 0xe4, 0xe5];

async function register(request: APIRequestContext) {
  const username = `foto${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const email = `${username}@example.nl`;
  const encrypted = await encryptPassword('geheim123', registerSalt(username, email));
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
}

/**
 * Decodes the JPEG in the page; answers its size and, per slot, the colours inside the slot as
 * the screenshot places it (the collage fitted into the 500 x 500 square), 10 px in from its
 * edges: their mean, and the largest distance of any pixel's channel from that mean.
 */
async function readScreenshot(page: Page, base64: string, slots: string[]) {
  return page.evaluate(
    async ({ base64, slots }) => {
      type Layer = {
        kind: string;
        slot?: string;
        x: number;
        y: number;
        width: number;
        height: number;
      };
      const store = (
        window as unknown as {
          __fotocollage: {
            collage: { layout: { widthCm: number; heightCm: number; layers: Layer[] } };
          };
        }
      ).__fotocollage;
      const layout = store.collage.layout;
      const image = new Image();
      image.src = `data:image/jpeg;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(image, 0, 0);
      const pxPerCm = Math.min(canvas.width / layout.widthCm, canvas.height / layout.heightCm);
      const offsetX = (canvas.width - layout.widthCm * pxPerCm) / 2;
      const offsetY = (canvas.height - layout.heightCm * pxPerCm) / 2;
      const regions: Record<string, { mean: number[]; spread: number }> = {};
      for (const name of slots) {
        const layer = layout.layers.find(
          (candidate) => candidate.kind === 'photo' && candidate.slot === name,
        )!;
        const x = Math.ceil(offsetX + layer.x * pxPerCm) + 10;
        const y = Math.ceil(offsetY + layer.y * pxPerCm) + 10;
        const width = Math.floor(layer.width * pxPerCm) - 20;
        const height = Math.floor(layer.height * pxPerCm) - 20;
        const data = context.getImageData(x, y, width, height).data;
        const sum = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4)
          for (let c = 0; c < 3; c += 1) sum[c]! += data[i + c]!;
        const mean = sum.map((total) => total / (width * height));
        let spread = 0;
        for (let i = 0; i < data.length; i += 4)
          for (let c = 0; c < 3; c += 1)
            spread = Math.max(spread, Math.abs(data[i + c]! - mean[c]!));
        regions[name] = { mean, spread };
      }
      return { width: image.naturalWidth, height: image.naturalHeight, regions };
    },
    { base64, slots },
  );
}

/** Clicks an empty photo slot and chooses one file in the picker: it goes into that slot. */
async function fillSlot(page: Page, slot: string, file: string) {
  await photoSlot(page, slot).click();
  await expectState(page, 4);
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(photoSlot(page, slot)).toHaveAttribute('data-filled', 'true');
  await expectState(page, 2);
}

/** 'Opslaan / bestellen' while signed in saves at once; answers the saved collage id. */
async function saveFromHeader(page: Page): Promise<string> {
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/save') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  await expect(page.getByRole('dialog').locator('[data-state="SAVED"]')).toBeVisible();
  return String((await answer.json()).collageid);
}

/** The screenshot's base64 in the saved document, as /api/load gives it back. */
async function savedScreenshot(page: Page, collageId: string): Promise<string> {
  const loaded = await page.request.post('/api/load?format=json', {
    form: { collageid: collageId },
  });
  const xml = String((await loaded.json()).collagexml);
  return /<screenshot>([^<]+)<\/screenshot>/.exec(xml)?.[1] ?? '';
}

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

test('a save carries a 500x500 JPEG screenshot of the collage as printed; the cart shows it', async ({
  page,
}) => {
  await page.goto('/keuze');
  await register(page.request);
  await openEditor(page, '101');

  await fillSlot(page, 'img1', PHOTO);
  const collageId = await saveFromHeader(page);
  const base64 = await savedScreenshot(page, collageId);
  expect(base64.slice(0, 4), 'base64 of a JPEG (FF D8 FF)').toBe('/9j/');
  const shot = await readScreenshot(page, base64, ['img1', 'img2']);
  expect([shot.width, shot.height]).toEqual([500, 500]);
  // The empty slot is drawn plain, as printed: its grey only (no camera icon), give or take JPEG noise.
  const empty = shot.regions.img2!;
  empty.mean.forEach((channel, index) =>
    expect(Math.abs(channel - EMPTY_SLOT_FILL[index]!)).toBeLessThan(4),
  );
  expect(empty.spread).toBeLessThan(16);
  // The filled slot shows the photo, not the empty look.
  const filled = shot.regions.img1!;
  expect(
    Math.max(...filled.mean.map((channel, index) => Math.abs(channel - EMPTY_SLOT_FILL[index]!))),
  ).toBeGreaterThan(30);
  expect(filled.spread).toBeGreaterThan(40);

  // A second photo, saved again: the new screenshot shows it (the picture followed the change).
  await page.getByRole('dialog').getByRole('button', { name: 'Verder met je collage' }).click();
  await expectState(page, 2);
  await fillSlot(page, 'img2', PHOTO_2);
  expect(await saveFromHeader(page)).toBe(collageId);
  const second = await savedScreenshot(page, collageId);
  const again = await readScreenshot(page, second, ['img1', 'img2']);
  expect(
    Math.max(
      ...again.regions.img2!.mean.map((channel, index) =>
        Math.abs(channel - EMPTY_SLOT_FILL[index]!),
      ),
    ),
  ).toBeGreaterThan(30);
  expect(again.regions.img1!.mean.map(Math.round)).toEqual(filled.mean.map(Math.round));

  const runs = await page.evaluate(
    () =>
      (window as unknown as { __fotocollageScreenshots: { runs: unknown[] } })
        .__fotocollageScreenshots.runs,
  );
  test.info().annotations.push({ type: 'screenshot runs', description: JSON.stringify(runs) });
  console.log('screenshot runs', JSON.stringify(runs));

  // The cart page shows the saved screenshot, 500 x 500.
  await page.goto(`/cart/fromApp?collageid=${collageId}`);
  const picture = page.locator('.card img');
  await expect(picture).toBeVisible();
  await picture.screenshot({ path: test.info().outputPath('cart-screenshot.png') });
  await expect
    .poll(() =>
      picture.evaluate(
        (image: HTMLImageElement) =>
          image.complete && [image.naturalWidth, image.naturalHeight].join('x'),
      ),
    )
    .toBe('500x500');
  const served = await page.request.get((await picture.getAttribute('src'))!);
  expect(served.headers()['content-type']).toContain('image/jpeg');
  const servedBase64 = await page.evaluate(
    (bytes) => btoa(String.fromCharCode(...bytes)),
    [...(await served.body())],
  );
  expect(servedBase64).toBe(second);
});
