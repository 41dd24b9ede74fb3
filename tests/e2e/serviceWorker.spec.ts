/**
 * The service worker through a deploy (issue 13): a first visit installs it; the server is then
 * given a new build whose hashed files replace the old ones; the next visit must get the new
 * index.html (never the old one pointing at deleted files) with every file found, the new worker
 * installs in the background and takes over once the old pages are gone, and with the server down
 * the editor's shell still opens from its precache.
 *
 * Its own server on its own port and data, restarted with each build, in a context that allows
 * service workers (playwright.config.ts blocks them for every other spec).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8090) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OLD_BUILD = path.resolve('dist');
const NEW_BUILD = path.resolve('test-results/sw-new-build');
const DATA_DIR = path.resolve('test-results/sw-data');

test.use({ serviceWorkers: 'allow', baseURL: ORIGIN });
test.setTimeout(300_000);

function entryScript(build: string): string {
  const match = /<script type="module"[^>]*src="([^"]+)"/.exec(
    readFileSync(path.join(build, 'index.html'), 'utf8'),
  );
  if (!match?.[1]) throw new Error(`no entry script in ${build}/index.html`);
  return match[1];
}

async function startServer(staticDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), STATIC_DIR: staticDir, DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/alive?format=json`, { method: 'POST' })).status < 500)
        return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('server did not start');
}

async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** The precached URLs of the active worker (Workbox keys them by URL, hashed files without a revision). */
async function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const urls: string[] = [];
    for (const name of names)
      for (const request of await (await caches.open(name)).keys())
        urls.push(new URL(request.url).pathname);
    return urls;
  });
}

async function openChooser(context: BrowserContext): Promise<{ page: Page; missing: string[] }> {
  const page = await context.newPage();
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/assets/'))
      missing.push(response.url());
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) missing.push(request.url());
  });
  await page.goto('/keuze');
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
  // The server's drawn chooser shows before its script has run: wait until the script runs (it
  // stamps the build first thing; offline the catalogue cannot load, so no card need show).
  await page.waitForFunction(() => document.documentElement.dataset.build !== undefined);
  return { page, missing };
}

test('the service worker serves a deploy at once, updates in the background and opens offline', async ({
  browser,
}) => {
  // The "deploy": the same sources built again under another build id, so every hashed name that
  // depends on the entry changes.
  rmSync(NEW_BUILD, { recursive: true, force: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', NEW_BUILD, '--emptyOutDir', '--logLevel', 'error'],
    { env: { ...process.env, VITE_BUILD_ID: 'deploy-2' }, encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
  const oldEntry = entryScript(OLD_BUILD);
  const newEntry = entryScript(NEW_BUILD);
  expect(newEntry).not.toBe(oldEntry);

  const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: ORIGIN });
  let server = await startServer(OLD_BUILD);
  try {
    // First visit: the editor loads CanvasKit, then the worker registers and precaches.
    const first = await context.newPage();
    await first.goto('/ontwerp/basic/101');
    await first.getByRole('button', { name: 'Ga aan de slag' }).click();
    await expect(first.locator('.collage-view[data-status="drawn"]')).toBeVisible({
      timeout: 60_000,
    });
    await first.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (registration.active?.state !== 'activated')
        await new Promise((resolve) =>
          registration.active?.addEventListener('statechange', resolve),
        );
    });
    const oldCache = await precachedUrls(first);
    expect(oldCache).toContain(oldEntry);
    expect(oldCache.some((url) => url.endsWith('.wasm') && url.includes('canvaskit'))).toBe(true);
    expect(oldCache.filter((url) => url.endsWith('.woff2')).length).toBeGreaterThanOrEqual(20);
    await first.close();

    // The deploy: the old build's files are gone from the server.
    await stopServer(server);
    server = await startServer(NEW_BUILD);
    const second = await openChooser(context);
    expect(await second.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(
      true,
    );
    expect(await second.page.evaluate(() => document.documentElement.dataset.build)).toBe(
      'deploy-2',
    );
    // the page's script, which the drawn chooser's first script names (src/chooserStart.ts)
    expect(
      await second.page.evaluate(
        () => document.querySelector<HTMLScriptElement>('script[data-main]')?.dataset.main,
      ),
    ).toBe(newEntry);
    expect(second.missing).toEqual([]);

    // The new worker installs in the background and waits while an old-version page is open.
    await second.page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      const installing = registration.installing;
      if (installing)
        await new Promise<void>((resolve) =>
          installing.addEventListener(
            'statechange',
            () => installing.state !== 'installing' && resolve(),
          ),
        );
    });
    await second.page.close();

    // With no page of the old worker left, the new one takes over: its precache is the new build's.
    const third = await openChooser(context);
    await expect
      .poll(async () => (await precachedUrls(third.page)).includes(newEntry), { timeout: 30_000 })
      .toBe(true);
    await expect
      .poll(async () => (await precachedUrls(third.page)).includes(oldEntry), { timeout: 30_000 })
      .toBe(false);
    await third.page.close();

    // Offline (the server is down): the precached shell opens, the new build's.
    await stopServer(server);
    const offline = await openChooser(context).catch(async (error: unknown) => {
      throw new Error(`the chooser did not open offline: ${String(error)}`);
    });
    expect(await offline.page.evaluate(() => document.documentElement.dataset.build)).toBe(
      'deploy-2',
    );
    expect(offline.missing).toEqual([]);
  } finally {
    if (server.exitCode === null) await stopServer(server).catch(() => undefined);
    await context.close();
  }
});
