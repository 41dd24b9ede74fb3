import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooserScriptRunning, expectState, sheet, storedDraftKeys } from './editorHelpers';

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

const marks = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })),
  );

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test("the chooser asks for CanvasKit's wasm beside the renderer's chunk, not after it", async ({
  page,
}) => {
  // The renderer's chunk never comes: the wasm's request must not have waited for it (issue 27).
  await page.route(/\/assets\/browserRenderer-[\w-]+\.js$/, () => undefined);
  const wasm = page.waitForRequest(/\/assets\/canvaskit-[\w-]+\.wasm$/, { timeout: 20_000 });
  await page.goto('/keuze');
  await expect(page.locator('.template-card').first()).toBeVisible();
  expect((await wasm).url()).toMatch(/canvaskit-[\w-]+\.wasm$/);
});

test("the chooser shows without the editor's script, fetches it once painted, and the editor opens", async ({
  page,
}) => {
  const editorScript =
    /\/assets\/(DesignScreen|EditorScreen|SaveDialogHost|editorScene|mainEditing|canvaskit)-[\w-]+\.(js|wasm)$/;
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
  await expect
    .poll(async () => (await marks(page)).map((mark) => mark.name))
    .toContain('chooser-visible');
  // The thumbnails a phone shows without scrolling are its largest paint: fetched at once, first.
  const thumbnails = page.locator('.template-card img');
  for (let index = 0; index < 4; index++) {
    await expect(thumbnails.nth(index)).toHaveAttribute('loading', 'eager');
    await expect(thumbnails.nth(index)).toHaveAttribute('fetchpriority', 'high');
  }
  await expect(thumbnails.nth(4)).toHaveAttribute('loading', 'lazy');
  const chooserScripts = await scriptsLoaded(page);
  for (const chunk of [
    'DesignScreen',
    'EditorScreen',
    'SaveDialogHost',
    'mainEditing',
    'canvaskit',
  ])
    expect(chooserScripts, `the chooser loaded no ${chunk}`).not.toContain(chunk);

  // Painted and loaded, the chooser asks for the editor's stores first, at idle, before any click;
  // then (one step after the other) the next screens and CanvasKit.
  await expect.poll(() => asked.join(' '), { timeout: 20_000 }).toMatch(/mainEditing-[\w-]+\.js/);
  release();
  await expect
    .poll(() => asked.join(' '), { timeout: 20_000 })
    .toMatch(/mainEditing.*DesignScreen.*EditorScreen/);
  await expect.poll(() => asked.join(' '), { timeout: 20_000 }).toMatch(/canvaskit-\w+\.wasm/);
  await page.locator('.template-card').first().click();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expectState(page, 2);
  await expect(sheet(page)).toBeVisible();
  await expect(page.locator('.collage-canvas .collage-view[data-status="drawn"]')).toBeVisible({
    timeout: 30_000,
  });
});

test("a visit marks chooser-visible, editor-shown, editor-drawn and photo-tile-shown in that order, and CanvasKit's stages before its drawing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/keuze');
  // a click before the script runs would open the design page anew, with no chooser mark
  await chooserScriptRunning(page);
  await page.locator('.template-card').first().click();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page.locator('.collage-canvas .collage-view[data-status="drawn"]')).toBeVisible({
    timeout: 30_000,
  });
  await page.locator('.slot-layer .slot--photo').first().click();
  const dialog = page.getByRole('dialog', { name: 'Kies een foto' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles([`${FIXTURES}/cameras/Canon_40D.jpg`, `${FIXTURES}/cameras/Nikon_D70.jpg`]);
  await expect(dialog.locator('.photo-tile[data-look="2"]')).toHaveCount(2, { timeout: 30_000 });
  const milestones = async () =>
    (await marks(page)).filter((mark) => !mark.name.startsWith('canvaskit-'));
  await expect
    .poll(async () => (await milestones()).map((mark) => mark.name))
    .toEqual(['chooser-visible', 'editor-shown', 'editor-drawn', 'photo-tile-shown']);
  const times = (await milestones()).map((mark) => mark.at);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // CanvasKit's start-up stages, marked beside them: in their order, all before its first drawing.
  const all = new Map((await marks(page)).map((mark) => [mark.name, mark.at]));
  const stages = ['canvaskit-compiled', 'canvaskit-instantiated', 'canvaskit-ready'].map(
    (name) => all.get(name) ?? NaN,
  );
  expect(stages.every(Number.isFinite)).toBe(true);
  expect(stages).toEqual([...stages].sort((a, b) => a - b));
  expect(stages[2]).toBeLessThanOrEqual(all.get('editor-drawn')!);
});

test("the unsaved-draft offer shows on the chooser without the editor's chunk; 'Ga verder' waits for it", async ({
  page,
}) => {
  await page.goto('/ontwerp/basic/101');
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(sheet(page)).toBeVisible();
  await expect.poll(() => storedDraftKeys(page)).toContain('draft:new');

  // A new tab, with the editor's stores and screens held back until the customer has answered.
  const second = await page.context().newPage();
  await page.close();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await second.route(
    /\/assets\/(mainEditing|DesignScreen|EditorScreen)-[\w-]+\.js$/,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await second.goto('/keuze');
  const offer = second.getByRole('dialog', { name: 'Wil je verder met je vorige collage?' });
  await expect(offer.getByTestId('draft-summary')).toContainText('Fotocollage Raster');
  await offer.getByRole('button', { name: 'Ga verder met deze collage' }).click();
  await expect(offer.getByRole('status')).toContainText('Je collage wordt teruggezet');
  release();
  await expect(offer).toBeHidden();
  await expect(second).toHaveURL(/\/edit$/);
  await expect(sheet(second)).toBeVisible();
});

/** The source files (repository paths) bundled into the build's chunks that load with the page itself. */
function chooserSources(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit('index.html');
  // Rolldown's few-line runtime chunk comes without a map.
  const maps = [...chunks]
    .map((key) => `dist/${manifest[key]!.file}.map`)
    .filter((map) => existsSync(map));
  return maps.flatMap((map) =>
    (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) =>
      source.replace(/^(\.\.\/)+/, ''),
    ),
  );
}

test("the chooser's script holds none of the editor's stores, the generators or the XML stack", () => {
  const sources = chooserSources();
  expect(sources).toContain('src/stores/RootStore.ts');
  expect(sources).toContain('src/stores/drafts/DraftStore.ts');
  const editorOnly =
    /^src\/(stores\/(collage|design|editor|editing|saving|photos|reopen|social|history)\/|model\/(generators|document)\/|mainEditing)|node_modules\/(saxes|fast-xml-builder|xmlchars)\//;
  expect(sources.filter((source) => editorOnly.test(source))).toEqual([]);
});

test("CanvasKit's loader is one file, which the page and the screenshot worker both start", () => {
  const assets = readdirSync('dist/assets').filter((file) => file.endsWith('.js'));
  const read = (file: string) => readFileSync(`dist/assets/${file}`, 'utf8');
  // A line only CanvasKit's loader has: in a bundled copy it would be there as well.
  const loaders = assets.filter((file) => read(file).includes('MakeTypefaceFromData'));
  expect(loaders).toHaveLength(1);
  expect(loaders[0]).toMatch(/^canvaskit-loader-[\w-]+\.js$/);
  // The small modules that import it by its URL: the worker's and the page's.
  const starters = assets.filter((file) => read(file).includes(loaders[0]!));
  const worker = assets.find((file) => file.startsWith('screenshot.worker-'))!;
  const workerStarters = starters.filter((file) => read(worker).includes(file));
  expect(workerStarters).toHaveLength(1);
  const pageStarters = starters.filter(
    (file) =>
      !workerStarters.includes(file) &&
      assets.some((chunk) => chunk !== worker && read(chunk).includes(file)),
  );
  expect(pageStarters).toHaveLength(1);
});

test("the page's answer preloads the thumbnails of the cards the chooser shows first, and the chooser asks for each once", async ({
  page,
}) => {
  const thumbRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/catalog/thumbs/'))
      thumbRequests.push(new URL(request.url()).pathname);
  });
  const answer = await page.goto('/keuze');
  const preloaded = [
    ...(answer!.headers().link ?? '').matchAll(/<([^>]+)>; rel=preload; as=image/g),
  ].map((match) => match[1]);
  await expect(page.locator('.template-card img').first()).toBeVisible();
  const firstCards = await page
    .locator('.template-card img')
    .evaluateAll((images) =>
      images.slice(0, 4).map((image) => new URL((image as HTMLImageElement).src).pathname),
    );
  expect(preloaded).toHaveLength(4);
  expect(preloaded).toEqual(firstCards);
  await expect.poll(() => firstCards.every((path) => thumbRequests.includes(path))).toBe(true);
  for (const path of firstCards)
    expect(
      thumbRequests.filter((asked) => asked === path),
      path,
    ).toHaveLength(1);
});
