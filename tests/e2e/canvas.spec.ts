import { expect, test, type CDPSession, type Page } from '@playwright/test';
import {
  colourAt,
  enableTestHooks,
  expectCanvasDrawn,
  openEditor,
  photoSlot,
  placePhotos,
  rgbOf,
  sheet,
  storedDraftKeys,
} from './editorHelpers';

/**
 * The editor canvas (issue 5): CanvasKit draws the collage under the slot layer; what it shows is
 * read back from screenshots. Photos, swap and delete as pixels; two-finger pan and zoom through
 * CDP touch events; a trackpad pinch (ctrl + wheel); the wrap zone of canvas materials.
 */

const GOOD = { orgWidth: 4000, orgHeight: 3000 };

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

/** Largest channel difference between two colours. */
function distance(a: string, b: string): number {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return Math.max(...x.map((value, index) => Math.abs(value - y[index]!)));
}

/** A point of a slot, as fractions of its box. */
async function slotPoint(page: Page, slot: string, fx = 0.5, fy = 0.5) {
  const box = (await photoSlot(page, slot).boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

async function slotColour(page: Page, slot: string, fx = 0.8, fy = 0.8): Promise<string> {
  const point = await slotPoint(page, slot, fx, fy);
  return colourAt(page, point.x, point.y);
}

async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: Array<[number, number]>,
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id })),
  });
}

const zoomOf = async (page: Page) => Number(await sheet(page).getAttribute('data-zoom'));

test('photos, a swap and a delete show on the canvas', async ({ page }) => {
  await openEditor(page, '101');
  await expectCanvasDrawn(page, 0);
  const empty = await slotColour(page, 'img3');
  await placePhotos(page, [
    { slot: 'img1', ...GOOD, hue: 0 },
    { slot: 'img2', ...GOOD, hue: 200 },
  ]);
  await expectCanvasDrawn(page, 2);
  const red = await slotColour(page, 'img1');
  const blue = await slotColour(page, 'img2');
  expect(distance(red, blue)).toBeGreaterThan(60);
  expect(distance(red, empty)).toBeGreaterThan(40);

  // Drag img1 onto img2: the pictures trade places.
  const from = await slotPoint(page, 'img1');
  const to = await slotPoint(page, 'img2');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => distance(await slotColour(page, 'img1'), blue))
    .toBeLessThanOrEqual(3);
  expect(distance(await slotColour(page, 'img2'), red)).toBeLessThanOrEqual(3);

  // Verwijder: the slot is empty again, drawn as the empty slots are.
  await page.mouse.click(to.x, to.y);
  await page.getByRole('menuitem', { name: 'Verwijder' }).click();
  await expect(photoSlot(page, 'img2')).toHaveAttribute('data-filled', 'false');
  await expect
    .poll(async () => distance(await slotColour(page, 'img2'), empty))
    .toBeLessThanOrEqual(3);
  await expectCanvasDrawn(page, 1);

  // The delete button (20 px, 5 px from the corner) shows on hover and empties the slot.
  const remove = page.getByRole('button', { name: 'Vak 1: verwijder de foto' });
  await page.mouse.move(from.x, from.y);
  await expect(remove).toHaveCSS('opacity', '1');
  const button = (await remove.boundingBox())!;
  const slotBox = (await photoSlot(page, 'img1').boundingBox())!;
  expect([button.width, button.height]).toEqual([20, 20]);
  expect(slotBox.x + slotBox.width - (button.x + button.width)).toBeCloseTo(5, 0);
  await remove.click();
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'false');
  await expect(remove).toHaveCount(0);
  await expectCanvasDrawn(page, 0);
});

test('a trackpad pinch (ctrl + wheel) zooms the collage round the pointer; the wheel pans; the help message resets it', async ({
  page,
}) => {
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(page, 1);
  const colour = await slotColour(page, 'img1', 0.5, 0.5);
  const before = (await photoSlot(page, 'img1').boundingBox())!;
  const centre = await slotPoint(page, 'img1');
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await expect.poll(() => zoomOf(page)).toBeCloseTo(2, 1);
  const help = page.getByRole('status').filter({ hasText: 'Je bent ingezoomd.' });
  await expect(help).toBeVisible();
  // The slot doubled round the pointer, and the canvas drew it there: the same colour under it.
  const after = (await photoSlot(page, 'img1').boundingBox())!;
  expect(after.width / before.width).toBeCloseTo(2, 1);
  const stillUnder = await slotPoint(page, 'img1');
  expect(Math.abs(stillUnder.x - centre.x)).toBeLessThan(after.width / 2);
  await expect
    .poll(async () => distance(await slotColour(page, 'img1', 0.5, 0.5), colour))
    .toBeLessThanOrEqual(6);

  // The wheel pans while zoomed in.
  await page.mouse.wheel(0, 80);
  await expect
    .poll(async () => (await photoSlot(page, 'img1').boundingBox())!.y)
    .toBeLessThan(after.y - 40);
  await help.getByRole('button', { name: 'Toon de hele collage' }).click();
  await expect.poll(() => zoomOf(page)).toBe(1);
  await expect(help).toHaveCount(0);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('two fingers zoom and pan the collage, not a slot; zoom stays within 4', async ({
    page,
  }) => {
    await openEditor(page, '101');
    await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
    await expectCanvasDrawn(page, 1);
    const cdp = await page.context().newCDPSession(page);
    const box = (await page.locator('.collage-canvas').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Spread from 60 to 180 px: three times the size.
    await touch(cdp, 'touchStart', [
      [cx - 30, cy],
      [cx + 30, cy],
    ]);
    for (let step = 1; step <= 10; step++)
      await touch(cdp, 'touchMove', [
        [cx - 30 - 6 * step, cy],
        [cx + 30 + 6 * step, cy],
      ]);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => zoomOf(page)).toBeCloseTo(3, 1);
    await expect(
      page.getByRole('status').filter({ hasText: 'Verschuif de collage met 2 vingers' }),
    ).toBeVisible();
    // Neither finger opened a slot's menu or the file dialog.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.locator('.editor')).toHaveAttribute('data-nav-state', '2');

    // Two fingers moving together pan the sheet by as much.
    const start = (await sheet(page).boundingBox())!;
    await touch(cdp, 'touchStart', [
      [cx - 30, cy],
      [cx + 30, cy],
    ]);
    for (let step = 1; step <= 5; step++)
      await touch(cdp, 'touchMove', [
        [cx - 30 + 8 * step, cy + 4 * step],
        [cx + 30 + 8 * step, cy + 4 * step],
      ]);
    await touch(cdp, 'touchEnd', []);
    const moved = (await sheet(page).boundingBox())!;
    expect(moved.x - start.x).toBeCloseTo(40, 0);
    expect(moved.y - start.y).toBeCloseTo(20, 0);

    // A wide spread stops at zoom 4.
    await touch(cdp, 'touchStart', [
      [cx - 20, cy],
      [cx + 20, cy],
    ]);
    for (let step = 1; step <= 10; step++)
      await touch(cdp, 'touchMove', [
        [cx - 20 - 12 * step, cy],
        [cx + 20 + 12 * step, cy],
      ]);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => zoomOf(page)).toBe(4);
    await page.screenshot({ path: 'test-results/screens/editor-zoomed-nl-360.png' });
  });

  test('two fingers on the photo editor zoom the photo, but not below 25 dpi in print', async ({
    page,
  }) => {
    await openEditor(page, '101');
    // 500 x 375 pixels in a 16 cm slot: about 80 dpi at zoom 1, so 25 dpi is reached near zoom 3.2.
    await placePhotos(page, [{ slot: 'img1', orgWidth: 500, orgHeight: 375, hue: 0 }]);
    await photoSlot(page, 'img1').tap();
    await page.getByRole('menuitem', { name: 'Bewerk' }).tap();
    const preview = page.getByTestId('photo-preview');
    await expect(preview).toHaveAttribute('data-zoom', '1.000');
    const cdp = await page.context().newCDPSession(page);
    const box = (await preview.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const pinch = async (from: number, to: number) => {
      await touch(cdp, 'touchStart', [
        [cx - from / 2, cy],
        [cx + from / 2, cy],
      ]);
      for (let step = 1; step <= 8; step++) {
        const spread = from + ((to - from) * step) / 8;
        await touch(cdp, 'touchMove', [
          [cx - spread / 2, cy],
          [cx + spread / 2, cy],
        ]);
      }
      await touch(cdp, 'touchEnd', []);
    };
    await pinch(60, 90);
    const zoomed = Number(await preview.getAttribute('data-zoom'));
    expect(zoomed).toBeGreaterThan(1.3);
    // Spreading far further would print at 25 dpi or less: those steps are refused, the zoom stays below that.
    await pinch(40, 300);
    const limited = Number(await preview.getAttribute('data-zoom'));
    expect(limited).toBeGreaterThanOrEqual(zoomed);
    const dpi = await page.evaluate(
      () =>
        (
          window as unknown as {
            __fotocollage: { collage: { slots: { photos: Record<string, { dpi: number }> } } };
          }
        ).__fotocollage.collage.slots.photos.img1!.dpi,
    );
    expect(dpi).toBeGreaterThan(25);
  });
});

test('canvas materials show the wrap zone and the blocked corners; a poster does not', async ({
  page,
}) => {
  const corner = async () => {
    const box = (await sheet(page).boundingBox())!;
    return {
      corner: await colourAt(page, box.x + 3, box.y + 3),
      edge: await colourAt(page, box.x + 3, box.y + box.height / 2),
    };
  };
  await openEditor(page, '101');
  await expectCanvasDrawn(page, 0);
  const poster = await corner();
  expect(distance(poster.corner, '#ffffff')).toBeLessThanOrEqual(3);

  // The poster collage above is offered back as a draft once it is stored (the canvas may draw
  // before that): then start anew.
  await expect.poll(() => storedDraftKeys(page)).toContain('draft:new');
  await page.goto('/ontwerp/basic/101');
  await page.getByRole('button', { name: 'Begin opnieuw' }).click();
  await page.getByRole('radio', { name: 'Canvas 2 cm' }).check();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expectCanvasDrawn(page, 0);
  await page.screenshot({ path: 'test-results/screens/editor-canvas-material-nl-1280.png' });
  const canvas = await corner();
  const [r, g, b] = rgbOf(canvas.corner);
  // Blocked corners: reddish; the wrap zone along the edge: shaded grey.
  expect(r! - g!).toBeGreaterThan(40);
  expect(r! - b!).toBeGreaterThan(40);
  const [er, eg, eb] = rgbOf(canvas.edge);
  expect(Math.max(er!, eg!, eb!)).toBeLessThan(200);
  expect(Math.max(er!, eg!, eb!) - Math.min(er!, eg!, eb!)).toBeLessThan(12);
});

test('zoomed in on a photo from the computer, the editor makes its preview sharper from the file', async ({
  page,
}) => {
  // A screen large enough that a slot at zoom 4 shows more pixels than the 1024 px web image has.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openEditor(page, '101');
  await photoSlot(page, 'img1').click();
  await page
    .getByRole('dialog', { name: 'Kies een foto' })
    .locator('input[type=file]')
    .setInputFiles('../shared/fixtures/photos/cameras/hdr_iphone_hdr_YES.jpg');
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'true', { timeout: 20_000 });
  await expectCanvasDrawn(page, 1);
  const webWidth = () =>
    page.evaluate(() => {
      type Hook = {
        collage: { slots: { photos: Record<string, { id: string }> } };
        photos: { byLocalId(id: string): { webWidth: number } | undefined };
      };
      const store = (window as unknown as { __fotocollage: Hook }).__fotocollage;
      return store.photos.byLocalId(store.collage.slots.photos.img1!.id)!.webWidth;
    });
  expect(await webWidth()).toBe(1024);
  const centre = await slotPoint(page, 'img1');
  await page.mouse.move(centre.x, centre.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect.poll(() => zoomOf(page)).toBe(4);
  await expect.poll(webWidth, { timeout: 20_000 }).toBeGreaterThan(1024);
  expect(await webWidth()).toBeLessThanOrEqual(2048);
  await expectCanvasDrawn(page, 1);
});

test('by keyboard: M picks a photo up, Enter on another slot puts it there, Escape stops; the canvas follows', async ({
  page,
}) => {
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(page, 1);
  const red = await slotColour(page, 'img1');
  const empty = await slotColour(page, 'img2');
  const status = page.getByTestId('move-status');
  await expect(photoSlot(page, 'img1')).toHaveAccessibleDescription(
    'Druk op M om deze foto naar een ander vak te verplaatsen.',
  );

  await photoSlot(page, 'img1').focus();
  await page.keyboard.press('m');
  await expect(status).toHaveText('Kies het vak voor deze foto en druk op Enter. Escape stopt.');
  await page.keyboard.press('Escape');
  await expect(status).toHaveText('Verplaatsen gestopt.');
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'true');

  await page.keyboard.press('m');
  await photoSlot(page, 'img2').focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('De foto is verplaatst.');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(photoSlot(page, 'img2')).toHaveAttribute('data-filled', 'true');
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'false');
  await expect
    .poll(async () => distance(await slotColour(page, 'img2'), red))
    .toBeLessThanOrEqual(3);
  await expect
    .poll(async () => distance(await slotColour(page, 'img1'), empty))
    .toBeLessThanOrEqual(3);
});

/** The browser's WebGL renderer as WEBGL_debug_renderer_info names it ('' without WebGL). */
const webGlRenderer = (page: Page) =>
  page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  });

test('without a GPU (WebGL emulated by SwiftShader) the editor draws on the software surface; QA can still choose WebGL', async ({
  page,
  browser,
}) => {
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(page, 1);
  test.skip(!/swiftshader/i.test(await webGlRenderer(page)), 'this browser has a GPU');
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('data-surface', 'software');
  const drawnOnSoftware = await slotColour(page, 'img1');
  // The same collage in a second browser where QA chose WebGL.
  const qa = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await qa.newPage();
  await enableTestHooks(second);
  await second.addInitScript(() =>
    window.localStorage.setItem('fotocollage:canvasSurface', 'webgl'),
  );
  await openEditor(second, '101');
  await placePhotos(second, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(second, 1);
  await expect(second.getByTestId('collage-canvas')).toHaveAttribute('data-surface', 'webgl');
  expect(distance(await slotColour(second, 'img1'), drawnOnSoftware)).toBeLessThanOrEqual(3);
  await qa.close();
});

test('a lost WebGL context (the phone took the GPU back) is drawn again on a fresh canvas', async ({
  page,
}) => {
  // WebGL even where it is emulated (this machine has no GPU): the path a phone's GPU takes.
  await page.addInitScript(() => window.localStorage.setItem('fotocollage:canvasSurface', 'webgl'));
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(page, 1);
  const canvas = page.getByTestId('collage-canvas');
  test.skip((await canvas.getAttribute('data-surface')) !== 'webgl', 'this browser has no WebGL');
  const red = await slotColour(page, 'img1');
  await canvas.evaluate((element: HTMLCanvasElement) => {
    element.dataset.lost = 'yes';
    const gl = (element.getContext('webgl2') ??
      element.getContext('webgl')) as WebGLRenderingContext;
    gl.getExtension('WEBGL_lose_context')!.loseContext();
  });
  // A new canvas element takes its place and draws the photo again.
  await expect(page.locator('[data-testid="collage-canvas"][data-lost="yes"]')).toHaveCount(0);
  await expectCanvasDrawn(page, 1);
  await expect
    .poll(async () => distance(await slotColour(page, 'img1'), red))
    .toBeLessThanOrEqual(3);
});

/** Whether the page itself (not one of its workers) fetched CanvasKit's wasm. */
const pageFetchedCanvasKit = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /canvaskit.*\.wasm/.test(entry.name)),
  );

test("CanvasKit's wasm is fetched and compiled by a worker of its own, off the page's main thread; without it, by the page", async ({
  page,
  browser,
}) => {
  // The worker is inline (a blob: URL): it is known by its name.
  await page.addInitScript(() => {
    const PageWorker = window.Worker;
    const names: string[] = [];
    Object.assign(window, { workerNames: names });
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        names.push(options?.name ?? '');
        super(url, options);
      }
    };
  });
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(page, 1);
  const names = await page.evaluate(
    () => (window as unknown as { workerNames: string[] }).workerNames,
  );
  expect(names).toContain('canvaskit-compile');
  expect(await pageFetchedCanvasKit(page)).toBe(false);

  // A browser where that worker cannot start: the page compiles CanvasKit itself and still draws.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await context.newPage();
  await enableTestHooks(second);
  await second.addInitScript(() => {
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        if (options?.name === 'canvaskit-compile') throw new Error('no worker here');
        super(url, options);
      }
    };
  });
  await openEditor(second, '101');
  await placePhotos(second, [{ slot: 'img1', ...GOOD, hue: 0 }]);
  await expectCanvasDrawn(second, 1);
  expect(await pageFetchedCanvasKit(second)).toBe(true);
  await context.close();
});
