// Checks the layout against madge's import graph of src, server and workers (`npm run lint` runs it
// after ESLint): no import circle, no import up the layers of scripts/layers.js, the server only
// importing what it shares with the editor, no test support in src/, and src/stores holding only
// RootStore (and an index) at its root, every other store in its domain's folder.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isTestFile, layerOf, SERVER } from './layers.js';

/** What src/stores may hold at its root besides the domain folders. */
const STORES_ROOT = new Set(['RootStore.ts', 'RootStore.test.ts', 'index.ts', 'README.md']);
/** Names that say "test support": they belong under tests/, never in the product. */
const TEST_SUPPORT_NAME = /fixture|fake|arbitraries|(^|\/)testing\/|\.server\.tsx?$/i;

/**
 * Every layout problem of an import graph (file → files it imports, repository paths) and its
 * circles; `storesRoot` lists the entries of src/stores. Pure, so that tests can feed it a graph.
 */
export function layoutProblems({ graph, circles, storesRoot }) {
  const problems = circles.map((circle) => `import circle: ${[...circle, circle[0]].join(' > ')}`);
  for (const [file, imports] of Object.entries(graph)) {
    if (file.startsWith('src/') && TEST_SUPPORT_NAME.test(file))
      problems.push(`test support in src/: ${file} (move it to tests/support/)`);
    if (isTestFile(file)) continue;
    for (const target of imports) {
      const problem = importProblem(file, target);
      if (problem) problems.push(`${file} imports ${target}: ${problem}`);
    }
  }
  for (const name of storesRoot) {
    if (!STORES_ROOT.has(name) && /\.tsx?$/.test(name))
      problems.push(
        `src/stores/${name}: only RootStore.ts and an index stay at the root; a store goes into its domain's folder`,
      );
  }
  return problems;
}

function importProblem(file, target) {
  if (isTestFile(target)) return 'the product never imports tests or their support';
  if (file.startsWith(`${SERVER.folder}/`)) {
    if (target.startsWith(`${SERVER.folder}/`)) return undefined;
    return SERVER.mayImport.some((folder) => target.startsWith(`${folder}/`))
      ? undefined
      : `the server may import only ${SERVER.mayImport.join(', ')}`;
  }
  const from = layerOf(file);
  const to = layerOf(target);
  if (!from) return undefined;
  if (!to)
    return target.startsWith(`${SERVER.folder}/`)
      ? 'the editor never imports the server'
      : undefined;
  return to.rank > from.rank
    ? `${from.folder} (layer ${from.rank}) may not import ${to.folder} (layer ${to.rank})`
    : undefined;
}

async function main() {
  const { default: madge } = await import('madge');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = await madge(['src', 'server', 'workers'], {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${root}tsconfig.json`,
  });
  const graph = result.obj();
  const problems = layoutProblems({
    graph,
    circles: result.circular(),
    storesRoot: readdirSync(`${root}src/stores`),
  });
  const edges = Object.values(graph).reduce((sum, imports) => sum + imports.length, 0);
  for (const problem of problems) console.error(problem);
  console.log(
    `checkLayout: ${Object.keys(graph).length} files, ${edges} imports, ${problems.length} problems`,
  );
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
