/**
 * Headless Chromium for the parity test and the render benchmark: a Vite dev server on a free
 * port serving tests/render/harness (the renderer as the page loads it: CanvasKit's .wasm and the
 * font files by URL), and Debian's Chromium driven by playwright-core.
 */
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { createServer } from 'vite';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const HARNESS_PATH = '/tests/render/harness/index.html';

export interface HarnessServer {
  url: string;
  close(): Promise<void>;
}

export async function startHarnessServer(): Promise<HarnessServer> {
  const server = await createServer({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    // node_modules is a link in a worktree: allow what it points to as well.
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      hmr: false,
      fs: { allow: [ROOT, realpathSync(`${ROOT}node_modules`)] },
    },
    optimizeDeps: { include: ['canvaskit-wasm', 'comlink'], entries: [HARNESS_PATH.slice(1)] },
    worker: { format: 'es' },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Opens the harness and waits until CanvasKit, the fonts and the test images are loaded. */
export async function openHarness(browser: Browser, server: HarnessServer): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${server.url}${HARNESS_PATH}`);
  await page.waitForFunction(() => typeof window.harnessReady !== 'undefined', undefined, {
    timeout: 60_000,
  });
  await page.evaluate(() => window.harnessReady);
  if (errors.length > 0) throw new Error(`Harness page errors: ${errors.join('; ')}`);
  return page;
}
