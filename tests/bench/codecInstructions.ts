/**
 * The photo codec's instruction count, the way CodSpeed counts: the shipped wasm
 * (wasm/photo-codec/photo_codec.wasm) decodes one fixed photo to fit 1024x1024 in Node under
 * `valgrind --tool=callgrind`, twice. An instruction count does not depend on the machine's load.
 *
 * What is counted: the instructions executed in code V8 compiled at run time (callgrind's '???'
 * object): the codec's wasm as TurboFan compiled it (eagerly, no Liftoff, no tier-up) and the tiny
 * JS-to-wasm wrappers; no JavaScript is compiled (--no-sparkplug --no-maglev --no-opt), so Node's
 * own start, V8's compiler and libc are left out. Those vary by some ten thousand instructions
 * between runs (malloc and hash tables keyed by addresses, threads interleaving), the compiled
 * code's count does not: the two runs must agree exactly, and bench:ci fails when they do not
 * (codec_instructions_spread). A memory.copy/fill that V8 hands to libc is not counted.
 *
 *   node --import tsx tests/bench/codecInstructions.ts   (also part of bench:ci)
 * Writes out/bench/codec-instructions.json and out/bench/figures/codec-instructions.json; the last
 * stdout line is `codec_instructions=<n> spread=<n>`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { FIXTURES, WASM_PATHS } from '../../workers/codec/test/support';
import { instructionsByObject, JIT_OBJECT, repeatedCount } from './callgrind';
import { emitFigures, loadNow, OUT_DIR } from './figures';

/** 1800x1200: DCT-scaled at 5/8 to 1125x750, then Lanczos-3 to 1024x683, so both stages count. */
export const PHOTO = `${FIXTURES}/orientation/Landscape_1.jpg`;
/** Two runs, and more while no two agree exactly (callgrind.ts repeatedCount), up to four. */
const RUNS = 2;
const MOST_RUNS = 4;
const V8_FLAGS = [
  '--v8-pool-size=0',
  '--predictable',
  '--hash-seed=1',
  '--random-seed=1',
  '--no-liftoff',
  '--no-wasm-tier-up',
  '--no-wasm-lazy-compilation',
  '--no-sparkplug',
  '--no-maglev',
  '--no-opt',
  '--no-incremental-marking',
];
const log = (...parts: unknown[]) => console.error('[codec instructions]', ...parts);

function valgrindMissing(): string | null {
  const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return probe.error ? "valgrind not found: install Debian's valgrind (.ci/run does)" : null;
}

const loadBefore = loadNow();
const missing = valgrindMissing();
if (missing) {
  log(missing);
  process.exit(1);
}
mkdirSync(OUT_DIR, { recursive: true });
const script = `${OUT_DIR}codec-once.mjs`;
// Plain JavaScript under valgrind: no tsx, no esbuild service process beside the one measured.
await build({
  entryPoints: [new URL('./codecOnce.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: script,
  logLevel: 'warning',
});

const runs: { jit: number; total: number; seconds: number; output: string }[] = [];
for (
  let run = 0;
  run < RUNS || (run < MOST_RUNS && repeatedCount(runs.map((r) => r.jit)).spread > 0);
  run += 1
) {
  const outFile = `${OUT_DIR}callgrind.codec.${run + 1}.out`;
  const started = Date.now();
  const result = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      ...V8_FLAGS,
      script,
      WASM_PATHS.simd,
      PHOTO,
      'decode',
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (result.status !== 0)
    throw new Error(`callgrind run failed (${result.status}): ${result.stderr.slice(-2000)}`);
  const totals = instructionsByObject(readFileSync(outFile, 'utf8'));
  rmSync(outFile);
  const jit = totals.get(JIT_OBJECT) ?? 0;
  const total = [...totals.values()].reduce((sum, value) => sum + value, 0);
  runs.push({ jit, total, seconds: (Date.now() - started) / 1000, output: result.stdout.trim() });
  log(
    `run ${run + 1}: ${jit} instructions in the compiled codec (${total} in the whole process) in ${runs.at(-1)!.seconds.toFixed(1)} s, output ${result.stdout.trim()}`,
  );
}

const { count, spread } = repeatedCount(runs.map((r) => r.jit));
writeFileSync(
  `${OUT_DIR}codec-instructions.json`,
  `${JSON.stringify({ date: new Date().toISOString(), photo: PHOTO.replace(FIXTURES, 'fixtures/photos'), wasm: 'wasm/photo-codec/photo_codec.wasm', node: process.version, v8Flags: V8_FLAGS, runs, spread }, null, 2)}\n`,
);
emitFigures(
  'codec-instructions',
  {
    codec_instructions: { value: count, unit: 'instructions' },
    codec_instructions_spread: { value: spread, unit: 'instructions' },
  },
  loadBefore,
);
console.log(`codec_instructions=${count} spread=${spread}`);
