import { expect, test, type Page } from '@playwright/test';
import { expectState, sheet } from './editorHelpers';

/**
 * Issue 13 on a phone: the chooser loads only its own script (the design screen, the editor and its
 * dialogs are chunks of their own, loaded when wanted), the editor still opens from it, and the
 * visit's User Timing marks are there in the order a customer meets them.
 */

const FIXTURES = '../shared/fixtures/photos';

/** The script files (/assets/*.js) the page has fetched so far, by name without their hash. */
async function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
      .map((path) => path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')),
  );
}

const marks = (page: Page) => page.evaluate(() => performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })));

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('the chooser shows without the editor\'s script, fetches it once painted, and the editor opens', async ({ page }) => {
  const editorScript = /\/assets\/(DesignScreen|EditorScreen|SaveDialogHost|editorScene|canvaskit)-[\w-]+\.(js|wasm)$/;
  const asked: string[] = [];
  // The editor's files are held back until the chooser has shown: it must stand on its own script.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(editorScript, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  await page.goto('/keuze');
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
  await expect(page.locator('.template-card').first()).toBeVisible();
  await expect.poll(async () => (await marks(page)).map((mark) => mark.name)).toContain('chooser-visible');
  // The thumbnails a phone shows without scrolling are its largest paint: fetched at once, first.
  const thumbnails = page.locator('.template-card img');
  for (let index = 0; index < 4; index++) {
    await expect(thumbnails.nth(index)).toHaveAttribute('loading', 'eager');
    await expect(thumbnails.nth(index)).toHaveAttribute('fetchpriority', 'high');
  }
  await expect(thumbnails.nth(4)).toHaveAttribute('loading', 'lazy');
  const chooserScripts = await scriptsLoaded(page);
  for (const chunk of ['DesignScreen', 'EditorScreen', 'SaveDialogHost', 'canvaskit']) expect(chooserScripts, `the chooser loaded no ${chunk}`).not.toContain(chunk);

  // Painted and loaded, the chooser asks for the next screens and CanvasKit at idle, before any click.
  await expect.poll(() => asked.join(' '), { timeout: 20_000 }).toMatch(/DesignScreen.*EditorScreen|EditorScreen.*DesignScreen/);
  await expect.poll(() => asked.join(' '), { timeout: 20_000 }).toMatch(/canvaskit-\w+\.wasm/);
  release();
  await page.locator('.template-card').first().click();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expectState(page, 2);
  await expect(sheet(page)).toBeVisible();
  await expect(page.locator('.collage-canvas .collage-view[data-status="drawn"]')).toBeVisible({ timeout: 30_000 });
});

test('a visit marks chooser-visible, editor-shown, editor-drawn and photo-tile-shown in that order', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/keuze');
  await page.locator('.template-card').first().click();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page.locator('.collage-canvas .collage-view[data-status="drawn"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('.slot-layer .slot--photo').first().click();
  const dialog = page.getByRole('dialog', { name: 'Kies een foto' });
  await dialog.locator('input[type=file]').setInputFiles([`${FIXTURES}/cameras/Canon_40D.jpg`, `${FIXTURES}/cameras/Nikon_D70.jpg`]);
  await expect(dialog.locator('.photo-tile[data-look="2"]')).toHaveCount(2, { timeout: 30_000 });
  await expect.poll(async () => (await marks(page)).map((mark) => mark.name)).toEqual(['chooser-visible', 'editor-shown', 'editor-drawn', 'photo-tile-shown']);
  const times = (await marks(page)).map((mark) => mark.at);
  expect(times).toEqual([...times].sort((a, b) => a - b));
});
