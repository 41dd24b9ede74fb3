import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledWorker, bundlesFor, bundleTo, WORKER_BUNDLE_DIR } from './workerBundle';

const ENTRY = new URL('./fixtures/whereAmI.ts', import.meta.url);
/** A scratch directory inside the project, so that the bundle's package imports resolve. */
const scratch = mkdtempSync(path.join(WORKER_BUNDLE_DIR, '..', 'workerBundle-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the bundled entry posts from a plain worker thread (no TypeScript loader given). */
function runBundle(
  href: string,
  workerData?: unknown,
): Promise<{ own: string; readme: string; piscina: string; error?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(href), { execArgv: [], workerData });
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('bundledWorker', () => {
  it('runs as plain JS, each module keeping its own source URL, and its packages resolved', async () => {
    const href = await bundledWorker(ENTRY);
    expect(fileURLToPath(href).startsWith(WORKER_BUNDLE_DIR)).toBe(true);
    expect(path.basename(fileURLToPath(href))).toMatch(/^whereAmI\.[0-9a-f]{16}\.mjs$/);
    expect(readFileSync(fileURLToPath(href), 'utf8')).not.toMatch(/from ["']tsx/);
    const reply = await runBundle(href);
    expect(reply.own).toBe(ENTRY.href);
    expect(reply.readme).toBe('found beside deeper/beside.ts\n');
    expect(reply.piscina).toBe('function');
  });

  it('bundles from inside a bundle (a print thread bundles its tiles’ code) as from source', async () => {
    const reply = await runBundle(
      await bundledWorker(new URL('./fixtures/bundlesAnother.ts', import.meta.url)),
    );
    expect(reply.own).toBe(ENTRY.href);
    expect(reply.readme).toBe('found beside deeper/beside.ts\n');
  });

  it('takes the bundles its starting thread hands it, instead of bundling them again', async () => {
    const given = pathToFileURL(path.join(scratch, 'given.mjs')).href;
    const reply = await runBundle(
      await bundledWorker(new URL('./fixtures/bundlesAnother.ts', import.meta.url)),
      { workerBundles: { [ENTRY.href]: given } },
    );
    // the inner worker was started from the handed file (which does not exist), not a new bundle
    expect(reply.error).toContain('given.mjs');
    expect(await bundlesFor([ENTRY])).toEqual({ [ENTRY.href]: await bundledWorker(ENTRY) });
  });

  it('bundles once a thread: later calls get the same file', async () => {
    const first = await bundledWorker(ENTRY);
    expect(await bundledWorker(ENTRY)).toBe(first);
  });

  it('gives bundles made at once the same file, and leaves no partial file', async () => {
    const made = await Promise.all([1, 2, 3].map(() => bundleTo(ENTRY, scratch)));
    expect(new Set(made).size).toBe(1);
    expect(readdirSync(scratch)).toEqual([path.basename(fileURLToPath(made[0]!))]);
  });

  it('names a changed module by its new contents', async () => {
    const other = await bundleTo(new URL('./fixtures/deeper/beside.ts', import.meta.url), scratch);
    expect(path.basename(fileURLToPath(other))).toMatch(/^beside\.[0-9a-f]{16}\.mjs$/);
    expect(readdirSync(scratch)).toHaveLength(2);
  });
});
