/**
 * Part of npm run bench:photos, in headless Chromium: the time from choosing files in the photo
 * picker ('Kies een foto' on the harness page tests/harness/app/photos.tsx: real stores, real photo
 * worker pool) until every chosen photo shows its image, for 1 and for 50 photos of the 24 MP
 * baseline camera file (50 hard links of it under their own names). Measured in the page: from the
 * file input's change event to the animation frame after the last image has loaded and decoded.
 * One file is selected by the spec's rule and closes the dialog; its time ends when the harness's
 * stand-in for the slot shows it. Every run is a fresh page (a cold pool, as a customer's first
 * choice), under three CPU conditions:
 *   none       no throttling
 *   cdp4x      CDP Emulation.setCPUThrottlingRate 4, what DevTools offers: aimed at the page's main
 *              thread (how far it reached the workers in the same run: throttleReach in photos.json)
 *   process4x  the whole renderer process duty-cycled at 4x (tests/bench/processThrottle.ts):
 *              main thread and workers, the nearest to a phone four times slower
 */
import { existsSync, linkSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { HarnessServer } from '../harness/harness';
import type { TilesShown } from '../harness/app/tilesShown';
import { median } from './codecEngines';
import { throttleProcess } from './processThrottle';
import { cpuMsOf, memoryOf, rendererOf } from './rendererProcess';

export const THROTTLES = ['none', 'cdp4x', 'process4x'] as const;
export type TileThrottle = (typeof THROTTLES)[number];
const RATE = 4;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const log = (...parts: unknown[]) => console.error('[bench:photos]', ...parts);

/** `count` files with their own names, all the same photo (hard links, copies across devices). */
export function photoCopies(source: string, count: number, folder: string): string[] {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return Array.from({ length: count }, (_, n) => {
    const path = join(folder, `photo-${String(n + 1).padStart(2, '0')}.jpg`);
    try {
      linkSync(source, path);
    } catch {
      if (!existsSync(path)) copyFileSync(source, path);
    }
    return path;
  });
}

type HarnessWindow = {
  harness: { watchTilesShown(count: number): Promise<TilesShown> };
  tilesShown: Promise<TilesShown>;
};

/** Arms the page's clock (tests/harness/app/tilesShown.ts) before the files are chosen. */
function watchTiles(page: Page, count: number): Promise<void> {
  return page.evaluate((wanted) => {
    const win = window as unknown as HarnessWindow;
    win.tilesShown = win.harness.watchTilesShown(wanted);
  }, count);
}

async function oneRun(
  browser: Browser,
  server: HarnessServer,
  files: string[],
  throttle: TileThrottle,
) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => log('page error:', error.message));
    await page.goto(`${server.url}/photos.html`);
    await page.getByRole('dialog').waitFor();
    const pid = await rendererOf(page);
    await watchTiles(page, files.length);
    const cdp = await context.newCDPSession(page);
    if (throttle === 'cdp4x') await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const cpuBefore = cpuMsOf(pid);
    const throttling = throttleProcess(pid, throttle === 'process4x' ? RATE : 1);
    try {
      await page.locator('input[type=file]').setInputFiles(files);
      const shown = await page.evaluate(() => (window as unknown as HarnessWindow).tilesShown);
      if (shown.errors) throw new Error(`${shown.errors} photos could not be loaded`);
      return { ms: shown.ms, rendererCpuMs: cpuMsOf(pid) - cpuBefore, peakRss: memoryOf(pid).peak };
    } finally {
      await throttling.stop();
    }
  } finally {
    await context.close();
  }
}

/** Medians of `runs` fresh-page runs per photo count and throttle. */
export async function timeTiles(
  browser: Browser,
  server: HarnessServer,
  photo: string,
  folder: string,
  runs: number,
) {
  const copies = photoCopies(photo, 50, folder);
  const results: Record<
    string,
    {
      medianMs: number;
      minMs: number;
      wallMs: number[];
      medianRendererCpuMs: number;
      peakRendererRssMb: number;
      perPhotoMs: number;
    }
  > = {};
  for (const count of [1, 50]) {
    for (const throttle of THROTTLES) {
      const samples = [];
      for (let run = 0; run < runs; run++)
        samples.push(await oneRun(browser, server, copies.slice(0, count), throttle));
      const wall = samples.map((sample) => sample.ms);
      const key = `${count} ${throttle}`;
      results[key] = {
        medianMs: round(median(wall)),
        minMs: round(Math.min(...wall)),
        wallMs: wall.map((ms) => round(ms)),
        medianRendererCpuMs: round(median(samples.map((sample) => sample.rendererCpuMs))),
        peakRendererRssMb: round(Math.max(...samples.map((sample) => sample.peakRss)) / 2 ** 20),
        perPhotoMs: round(median(wall) / count),
      };
      log('tiles', key, JSON.stringify(results[key]));
    }
  }
  return results;
}
