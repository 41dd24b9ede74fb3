/**
 * A worker thread's TypeScript, bundled into one plain ES module (esbuild) that the thread loads as
 * it is. Loading it through tsx instead (`tsImport` in a .mjs shim) gave every thread tsx's loader
 * and its own transform of each module: a print tile thread was about 6 MB larger and spent more
 * CPU starting (issue 27 item 4: printBench 50x40 cm, 3 runs each alternating, peak 331-343 ->
 * 285-321 MB, CPU 4.9-5.2 -> 3.8-5.2 s).
 *
 * A thread bundles once what it starts (the cache is its module's). A thread that starts threads
 * which start threads of their own hands them its bundles (`workerData.workerBundles`, by
 * `bundlesFor`): the server's main thread makes the print thread's and the tile threads' bundles,
 * so a print thread neither loads esbuild nor bundles again.
 *
 * The packages stay imports of their own (`packages: 'external'`), so the bundle lies inside the
 * project (node_modules/.cache), where Node finds them. Each module's `import.meta.url` stays its
 * source file's, so what it finds beside itself (the codec's wasm, fonts) does not depend on where
 * the bundle lies. The file is named by its contents: processes bundling the same code at once
 * write the same file, each through a rename, and a file a running thread loaded is never changed.
 */
import type { Plugin } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';

/** Where bundles go: under the project's node_modules, so that their package imports resolve. */
export const WORKER_BUNDLE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/fotocollage-workers/', import.meta.url),
);

/**
 * Matches `import.meta.url` in a module's code. Written as a pattern, not as the plain text: this
 * module is bundled too (into the print thread, which bundles its tile threads' code), and the
 * plugin would have replaced a string of the plain text in its own source, leaving it nothing to
 * find in the modules it bundles.
 */
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

/** Gives each TypeScript module its own source file's `import.meta.url` inside the bundle. */
const sourceImportMetaUrl: Plugin = {
  name: 'source-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => ({
      contents: (await readFile(file, 'utf8')).replace(
        IMPORT_META_URL,
        JSON.stringify(pathToFileURL(file).href),
      ),
      loader: file.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

const bundles = new Map<string, Promise<string>>();

/** Bundles the thread that started this one made for it: entry URL -> bundle URL. */
export type WorkerBundles = Record<string, string>;
const given: WorkerBundles =
  (workerData as { workerBundles?: WorkerBundles } | null)?.workerBundles ?? {};

/**
 * The file URL of `entry` (a TypeScript module) bundled, for `new Worker()` or piscina's
 * `filename`: made on the first call of this thread, the same promise after it (a failure is
 * tried again on the next call).
 */
export function bundledWorker(entry: URL): Promise<string> {
  const made = given[entry.href];
  if (made) return Promise.resolve(made);
  let bundle = bundles.get(entry.href);
  if (!bundle) {
    bundle = bundleTo(entry, WORKER_BUNDLE_DIR);
    bundles.set(entry.href, bundle);
    bundle.catch(() => bundles.delete(entry.href));
  }
  return bundle;
}

/** The bundles of `entries`, for a thread's `workerData.workerBundles`. */
export async function bundlesFor(entries: URL[]): Promise<WorkerBundles> {
  const files = await Promise.all(entries.map(bundledWorker));
  return Object.fromEntries(entries.map((entry, index) => [entry.href, files[index]!]));
}

/** Bundles `entry` into `directory` (a file named by the entry and its contents); its file URL. */
export async function bundleTo(entry: URL, directory: string): Promise<string> {
  const entryFile = fileURLToPath(entry);
  // loaded only where a bundle is made: a thread given its bundles never loads esbuild
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    write: false,
    outfile: 'bundle.mjs',
    logLevel: 'silent',
    plugins: [sourceImportMetaUrl],
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(
    directory,
    `${path.basename(entryFile).replace(/\.tsx?$/, '')}.${hash}.mjs`,
  );
  await mkdir(directory, { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, code);
  await rename(partial, file);
  return pathToFileURL(file).href;
}
