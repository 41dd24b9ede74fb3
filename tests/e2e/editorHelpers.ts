import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers of the editor's e2e tests. placePhotos puts generated photos into slots through the
 * stores (the test hook the app exposes when localStorage 'fotocollage:testHooks' is set), quicker
 * than the photo picker; tests/e2e/editorPhotos.spec.ts goes through the picker itself.
 */

/**
 * Waits until the chooser's script has drawn or hydrated it (its effect marks 'chooser-visible').
 * The server's chooser works as links before that (src/chooserStart.ts): a test that needs the
 * script (a click handled by React, the page's own navigation) waits for this first.
 */
export async function chooserScriptRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('chooser-visible').length > 0);
}

export const editor = (page: Page) => page.locator('.editor');
export const sheet = (page: Page) => page.getByTestId('collage-sheet');
export const photoSlot = (page: Page, slot: string) =>
  page.locator(`.slot--photo[data-slot="${slot}"]`);

export async function expectState(page: Page, state: number) {
  await expect(editor(page)).toHaveAttribute('data-nav-state', String(state));
}

export async function enableTestHooks(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('fotocollage:testHooks', '1'));
}

/**
 * From the design screen's 'Ga aan de slag' into the editor; `textSteps` presses 'Tekst: volgende'
 * first, `moreColumns` 'Kolommen: meer' (a generated grid).
 */
export async function openEditor(
  page: Page,
  templateId = '101',
  options: { lang?: string; textSteps?: number; moreColumns?: number } = {},
) {
  const lang = options.lang ?? 'nl';
  await page.goto(`/ontwerp/basic/${templateId}?lang=${lang}`);
  const next = lang === 'nl' ? 'Tekst: volgende' : 'Text: next';
  for (let i = 0; i < (options.textSteps ?? 0); i++)
    await page.getByRole('button', { name: next }).click();
  const moreColumns = lang === 'nl' ? 'Kolommen: meer' : 'Columns: more';
  for (let i = 0; i < (options.moreColumns ?? 0); i++)
    await page.getByRole('button', { name: moreColumns }).click();
  await page
    .getByRole('button', { name: lang === 'nl' ? 'Ga aan de slag' : 'Get started' })
    .click();
  await expect(page).toHaveURL(/\/edit$/);
  await expectState(page, 2);
  await expect(sheet(page)).toBeVisible();
}

/**
 * Puts photos into slots: each a generated image of `orgWidth` x `orgHeight` original pixels
 * (the web image is drawn at most 640 px), as a loaded photo of the photo store.
 */
export async function placePhotos(
  page: Page,
  photos: { slot: string; orgWidth: number; orgHeight: number; hue?: number }[],
) {
  await page.evaluate(async (list) => {
    type Hook = {
      photos: {
        addLoaded(source: string, name: string, image: object, serverId: null): { localId: string };
      };
      collage: { placePhoto(slot: string, id: string): boolean };
    };
    const store = (window as unknown as { __fotocollage: Hook }).__fotocollage;
    for (const [index, item] of list.entries()) {
      const scale = 640 / Math.max(item.orgWidth, item.orgHeight);
      const width = Math.round(item.orgWidth * scale);
      const height = Math.round(item.orgHeight * scale);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const hue = item.hue ?? index * 47;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${hue} 70% 60%)`);
      gradient.addColorStop(1, `hsl(${hue + 60} 60% 35%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = 'rgb(255 255 255 / 70%)';
      context.beginPath();
      context.arc(width * 0.3, height * 0.4, Math.min(width, height) * 0.2, 0, Math.PI * 2);
      context.fill();
      const src = canvas.toDataURL('image/jpeg', 0.8);
      const photo = store.photos.addLoaded(
        'computer',
        `foto-${index + 1}.jpg`,
        {
          src,
          webWidth: width,
          webHeight: height,
          orgWidth: item.orgWidth,
          orgHeight: item.orgHeight,
        },
        null,
      );
      store.collage.placePhoto(item.slot, photo.localId);
    }
  }, photos);
}

/** Reads a slot's photo id from the store. */
export async function slotPhotoId(page: Page, slot: string): Promise<string> {
  return page.evaluate(
    (name) =>
      (
        window as unknown as {
          __fotocollage: { collage: { slots: { photos: Record<string, { id: string }> } } };
        }
      ).__fotocollage.collage.slots.photos[name]!.id,
    slot,
  );
}

/** axe-core finds no serious or critical violation (in the part given, or the whole page). */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Nothing is wider than the window, and `locator` lies inside it: polled, because right after a
 * viewport change the page lays out again on its next frames (the stage's canvas follows its
 * ResizeObserver): CI once read an 82 px overflow at 360 px before that frame.
 */
export async function expectInsideWindow(page: Page, locator?: Locator) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'page wider than the window',
    })
    .toBeLessThanOrEqual(0);
  if (!locator) return;
  const viewport = page.viewportSize()!;
  await expect
    .poll(
      async () => {
        const box = (await locator.boundingBox())!;
        return [
          box.x >= 0,
          box.y >= 0,
          box.x + box.width <= viewport.width + 0.5,
          box.y + box.height <= viewport.height + 0.5,
        ];
      },
      { message: `${locator.toString()} inside the window (left, top, right, bottom)` },
    )
    .toEqual([true, true, true, true]);
}

/** The boxes of these elements do not overlap one another. */
export async function expectNoOverlap(locators: Locator[]) {
  const boxes = [];
  for (const locator of locators) {
    if ((await locator.count()) === 0 || !(await locator.isVisible())) continue;
    boxes.push({ name: locator.toString(), box: (await locator.boundingBox())! });
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.box;
      const b = boxes[j]!.box;
      const overlaps =
        a.x < b.x + b.width - 0.5 &&
        b.x < a.x + a.width - 0.5 &&
        a.y < b.y + b.height - 0.5 &&
        b.y < a.y + a.height - 0.5;
      expect(overlaps, `${boxes[i]!.name} overlaps ${boxes[j]!.name}`).toBe(false);
    }
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The RGBA pixels on screen in a box of the page, read from a screenshot (the canvas may be WebGL,
 * whose pixels a page script cannot read back); the page's own decoder reads the PNG.
 */
async function screenPixels(page: Page, box: Box): Promise<number[]> {
  const png = (await page.screenshot({ clip: box })).toString('base64');
  return page.evaluate(async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return [...context.getImageData(0, 0, bitmap.width, bitmap.height).data];
  }, png);
}

export const rgbOf = (hex: string): number[] =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** The share of pixels in a box within `tolerance` (per channel) of each colour asked for. */
export async function colourShares(
  page: Page,
  box: Box,
  colours: string[],
  tolerance = 24,
): Promise<number[]> {
  const data = await screenPixels(page, box);
  const pixels = data.length / 4;
  return colours.map(rgbOf).map((rgb) => {
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (rgb.every((value, channel) => Math.abs(data[i + channel]! - value) <= tolerance))
        count += 1;
    }
    return count / pixels;
  });
}

/** The on-screen colour at a point ('#rrggbb'). */
export async function colourAt(page: Page, x: number, y: number): Promise<string> {
  const [r, g, b] = await screenPixels(page, {
    x: Math.round(x),
    y: Math.round(y),
    width: 1,
    height: 1,
  });
  return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

/** The editor canvas once CanvasKit has drawn it with `photos` photos showing their images. */
export async function expectCanvasDrawn(page: Page, photos: number) {
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute(
    'data-drawn-photos',
    String(photos),
    { timeout: 20_000 },
  );
}

/** The draft database's keys, without ever creating the database (that is the app's job). */
export function storedDraftKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('fotocollage');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction('drafts').objectStore('drafts').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => resolve([]);
        };
      }),
  );
}
