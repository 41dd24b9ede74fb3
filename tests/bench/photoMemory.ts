/**
 * npm run bench:photo-memory (a step of bench:ci): the browser's memory with the spec's 150 photos,
 * issue 27 item 3. Chromium at 360x740, DPR 2, on a profile on disk, against the real server and a
 * fresh build. The memory is the sum of Pss_Anon + Pss_Shmem of Chromium's processes
 * (photoMemoryParts.ts), each step measured when the page has settled: the photo workers retired
 * (their 30 s idle shutdown), the service worker stopped, the page's garbage collected. Steps:
 *   blank     about:blank
 *   editor    design 101 opened with 'Ga aan de slag', its drawing on screen
 *   base      the same editor with the largest 12 x 12 grid the design offers (the photos' slots)
 *   added     150 distinct 24 MP camera photos (makeLargeJpeg.ts's 7.5 MB JPEG, each copy with a
 *             comment segment of its own) chosen in the photo dialog, every tile loaded
 *   placed    the dialog closed, the photos placed by autofill, the canvas drawing every slot
 *   scrolled  the dialog open again ('Vervang') and scrolled through to its last tile
 * Figures: editor_over_blank_mb = editor - blank; photo_added_mb, photo_placed_mb,
 * photo_scrolled_mb = (step - base) / photos. Report: out/bench/photo-memory.json.
 *
 *   npm run bench:photo-memory            (BENCH_PHOTO_MEMORY_PHOTOS=20 for a quick look)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, startAppServer } from './appServer';
import { emitFigures, loadNow, OUT_DIR } from './figures';
import { makeLargeJpeg } from './makeLargeJpeg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { PHONE_CONTEXT } from './phoneVisit';
import {
  chromiumMemory,
  memoryFigures,
  withComment,
  type MemorySteps,
  type ProcessMemory,
} from './photoMemoryParts';

const PHOTOS = Number(process.env.BENCH_PHOTO_MEMORY_PHOTOS ?? 150);
const PHOTO_DIR = path.join(OUT_DIR, 'photo-memory');
const log = (...parts: unknown[]) => console.error('[bench:photo-memory]', ...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PHOTOS distinct copies of the 24 MP bench photo, written once and kept for the next run. */
async function distinctPhotos(): Promise<string[]> {
  const source = await makeLargeJpeg(24);
  const jpeg = readFileSync(source.baseline);
  mkdirSync(PHOTO_DIR, { recursive: true });
  return Array.from({ length: PHOTOS }, (_, n) => {
    const file = path.join(PHOTO_DIR, `foto-${String(n + 1).padStart(3, '0')}.jpg`);
    writeFileSync(file, withComment(jpeg, `fotocollage bench photo ${n + 1}`));
    return file;
  });
}

/**
 * Waits for the page to settle, then measures: no photo worker left (the pool stops an idle one
 * after 30 s, giving its codec memory back), the service worker stopped (its precache would count
 * at random), the page's garbage collected; the median of three readings a second apart.
 */
async function measure(page: Page, context: BrowserContext, step: string) {
  const deadline = Date.now() + 60_000;
  while (page.workers().some((worker) => worker.url().includes('photo')) && Date.now() < deadline)
    await sleep(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
  await sleep(2000);
  const readings: ProcessMemory[][] = [];
  for (let n = 0; n < 3; n++) {
    if (n) await sleep(1000);
    readings.push(chromiumMemory());
  }
  const total = (reading: ProcessMemory[]) => reading.reduce((sum, p) => sum + p.bytes, 0);
  readings.sort((a, b) => total(a) - total(b));
  const median = readings[1]!;
  log(`${step}: ${(total(median) / 2 ** 20).toFixed(1)} MB in ${median.length} processes`);
  return { bytes: total(median), processes: median };
}

/** The largest size of the design and a 12 x 12 grid on it, through the stores (test hooks). */
async function largestGrid(page: Page): Promise<number> {
  await page.evaluate(() => {
    type Size = { id: string; widthCm: number; heightCm: number; isCustom: boolean };
    type Collage = {
      format: { template: { sizes: Size[] } };
      chooseSize(id: string): boolean;
      typeControl(name: string, typed: string): boolean;
    };
    const collage = (window as unknown as { __fotocollage: { collage: Collage } }).__fotocollage
      .collage;
    // No named functions in here: the bundler's name helper does not exist in the page.
    let largest: Size | null = null;
    for (const size of collage.format.template.sizes) {
      if (size.isCustom) continue;
      if (
        !largest ||
        Math.min(size.widthCm, size.heightCm) > Math.min(largest.widthCm, largest.heightCm)
      )
        largest = size;
    }
    if (!largest) throw new Error('the design has no standard size');
    collage.chooseSize(largest.id);
    collage.typeControl('numberVert', '12');
    collage.typeControl('numberHor', '12');
  });
  await sleep(1000);
  return page.locator('.slot-layer .slot--photo').count();
}

async function drawnPhotos(page: Page): Promise<number> {
  return Number(
    (await page.getByTestId('collage-canvas').getAttribute('data-drawn-photos')) ?? '0',
  );
}

/** Scrolls the dialog's scrolling box from top to bottom, a screen at a time. */
async function scrollThrough(page: Page): Promise<number> {
  let steps = 0;
  for (;;) {
    const more = await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"]')!;
      const boxes = [dialog, ...Array.from(dialog.querySelectorAll('*'))].filter(
        (element) =>
          element.scrollHeight > element.clientHeight + 1 &&
          /auto|scroll/.test(getComputedStyle(element).overflowY),
      );
      const box = boxes[0];
      if (!box) return false;
      const before = box.scrollTop;
      box.scrollTop = before + box.clientHeight * 0.8;
      return box.scrollTop > before;
    });
    if (!more) return steps;
    steps += 1;
    // Long enough for the tiles that scrolled in to show their pictures, as a customer's look would.
    await sleep(400);
  }
}

const loadBefore = loadNow();
buildApp(log);
const files = await distinctPhotos();
const server = await startAppServer();
const profile = mkdtempSync(path.join(tmpdir(), 'fotocollage-bench-memory-'));
const context = await chromium.launchPersistentContext(profile, {
  ...PHONE_CONTEXT,
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  headless: true,
});
const started = Date.now();
try {
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('fotocollage:testHooks', '1');
    } catch {
      // about:blank has no storage
    }
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('about:blank');
  const blank = await measure(page, context, 'blank');

  await page.goto(`${server.url}/ontwerp/basic/101?lang=nl`);
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await page.waitForURL(/\/edit$/);
  await page.locator('.collage-view[data-status="drawn"]').waitFor({ timeout: 60_000 });
  // The offline copy installs once CanvasKit has loaded; measured after it, as a customer's editor.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  const editor = await measure(page, context, 'editor');

  const slots = await largestGrid(page);
  const base = await measure(page, context, `base (${slots} slots)`);

  const dialog = page.getByRole('dialog', { name: 'Kies een foto' });
  await page.locator('.slot-layer .slot--photo').first().click();
  await dialog.locator('input[type=file]').setInputFiles(files);
  await page
    .locator('.photo-tile[data-look="2"]')
    .nth(PHOTOS - 1)
    .waitFor({ timeout: 15 * 60_000 });
  const addedMs = Date.now() - started;
  const added = await measure(page, context, 'added');

  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await page.evaluate(() =>
    (
      window as unknown as { __fotocollage: { editor: { autofillEmptySlots(): void } } }
    ).__fotocollage.editor.autofillEmptySlots(),
  );
  const placedCount = Math.min(slots, PHOTOS);
  const drawDeadline = Date.now() + 5 * 60_000;
  while ((await drawnPhotos(page)) < placedCount && Date.now() < drawDeadline) await sleep(500);
  const drawn = await drawnPhotos(page);
  const placed = await measure(page, context, `placed (${drawn} drawn)`);

  // 'Vervang' of the first slot's menu (through the store: the menu differs with touch).
  const firstSlot = await page
    .locator('.slot-layer .slot--photo')
    .first()
    .getAttribute('data-slot');
  await page.evaluate(
    (slot) =>
      (
        window as unknown as {
          __fotocollage: { editor: { slotActions: { addPhoto(slot: string): void } } };
        }
      ).__fotocollage.editor.slotActions.addPhoto(slot!),
    firstSlot,
  );
  await dialog.waitFor();
  const scrollSteps = await scrollThrough(page);
  const scrolled = await measure(page, context, `scrolled (${scrollSteps} steps)`);

  const steps: MemorySteps = {
    blank: blank.bytes,
    editor: editor.bytes,
    base: base.bytes,
    added: added.bytes,
    placed: placed.bytes,
    scrolled: scrolled.bytes,
  };
  const figures = memoryFigures(steps, PHOTOS);
  const report = {
    date: new Date().toISOString(),
    photos: PHOTOS,
    photoBytes: readFileSync(files[0]!).length,
    slots,
    drawnPhotos: drawn,
    scrollSteps,
    addedAfterMs: addedMs,
    pageErrors: errors,
    loadBefore,
    loadAfter: loadNow(),
    figures,
    steps: Object.fromEntries(
      Object.entries({ blank, editor, base, added, placed, scrolled }).map(([name, step]) => [
        name,
        {
          mb: Number((step.bytes / 2 ** 20).toFixed(1)),
          processes: step.processes.map((p) => ({
            ...p,
            mb: Number((p.bytes / 2 ** 20).toFixed(1)),
          })),
        },
      ]),
    ),
  };
  writeFileSync(path.join(OUT_DIR, 'photo-memory.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (drawn < placedCount) throw new Error(`the canvas drew ${drawn} of ${placedCount} photos`);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  emitFigures('photo-memory', figures, loadBefore);
  for (const [name, figure] of Object.entries(figures))
    console.log(`photo-memory ${name}=${figure.value} ${figure.unit}`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
  // 1.9 GB of copies: written again by the next run in seconds.
  rmSync(PHOTO_DIR, { recursive: true, force: true });
}
