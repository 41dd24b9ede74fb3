/**
 * npm run bench:photos [-- runs=7]: the photo pipeline's benchmark (issue 4's proof), in one run.
 *   1. preview (Node, tests/bench/previewBench.ts): generated 24 and 48 MP camera-like JPEGs at
 *      quality 92, baseline and progressive, each to a ≤ 1024 px preview by this pipeline's WASM
 *      codec, by @jsquash/jpeg + @jsquash/resize and by native `djpeg -scale`: medians, ratios,
 *      peak memory, the codec's WASM memory.
 *   2. worker (headless Chromium, tests/bench/photoWorkerCompare.ts): 24 MP file to web JPEG through
 *      the photo worker pool against createImageBitmap + OffscreenCanvas, 1x and 4x, peak memory.
 *   3. tiles (headless Chromium, tests/bench/photoTiles.ts): choosing 1 and 50 files to all tiles
 *      showing images, unthrottled, CDP-throttled 4x and process-throttled 4x (5 runs each).
 * Writes out/bench/photos.json; the last stdout line is
 *   photos vs_native=<x> vs_jsquash=<y> wasm_mb_48mp=<z>
 * on the 24 MP baseline file: this pipeline's time over djpeg's, @jsquash's over this pipeline's
 * (CPU-time medians: every engine is single-threaded, and on a shared machine CPU time is what the
 * engine costs while wall time also counts the other jobs), and the codec's WASM memory (MB) for
 * the 48 MP baseline file. Exits 1 when djpeg or jpegtran is missing (after saying so).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildHarness, startHarnessServer } from '../harness/harness';
import { makeLargeJpeg, type LargeJpeg } from './makeLargeJpeg';
import { DJPEG_MISSING, djpegAvailable } from './nativeDjpeg';
import { compareWithCreateImageBitmap } from './photoWorkerCompare';
import { timeTiles } from './photoTiles';
import { launchChromium } from '../support/chromium';
import { emitFigures, loadNow } from './figures';
import { benchPreview, type PreviewFile, type PreviewRow } from './previewBench';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Math.max(5, Number(process.argv[2] ?? 7));
/** Each 50-photo run throttled 4x takes about 45 s here: the tiles get the minimum of five runs. */
const TILE_RUNS = 5;
const TARGETS = { vsNativeAtMost: 1.3, vsJsquashAtLeast: 4, wasmMb48mpAtMost: 32 };
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const log = (...parts: unknown[]) => console.error('[bench:photos]', ...parts);
/** bench:ci measures the Node part alone (BENCH_PHOTOS_PREVIEW_ONLY=1): the browser parts take minutes. */
const previewOnly = process.env.BENCH_PHOTOS_PREVIEW_ONLY === '1';
/**
 * bench:ci times the baseline files alone (BENCH_PHOTOS_BASELINE_ONLY=1): its figures are all on
 * baseline files, and the progressive ones doubled the step's time.
 */
const baselineOnly = process.env.BENCH_PHOTOS_BASELINE_ONLY === '1';
const loadBefore = loadNow();

const missing: string[] = [];
if (!djpegAvailable()) missing.push(DJPEG_MISSING);
if (spawnSync('jpegtran', ['-version']).error)
  missing.push("jpegtran not found: the progressive files need Debian's libjpeg-turbo-progs");
for (const message of missing) log(message);

const large: Record<number, LargeJpeg> = {
  24: await makeLargeJpeg(24),
  48: await makeLargeJpeg(48),
};
const files: PreviewFile[] = [24, 48].flatMap((mp) => {
  const made = large[mp]!;
  const file = (kind: string, path: string): PreviewFile => ({
    label: `${mp} MP ${kind}`,
    path,
    width: made.width,
    height: made.height,
    bytes: made.bytes,
  });
  return [
    file('baseline', made.baseline),
    ...(made.progressive && !baselineOnly ? [file('progressive', made.progressive)] : []),
  ];
});
log(
  `${RUNS} runs; ${cpus().length} cores; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const preview: PreviewRow[] = files.map((file) => benchPreview(file, RUNS, log));

let worker: Awaited<ReturnType<typeof compareWithCreateImageBitmap>> | null = null;
let tiles: Awaited<ReturnType<typeof timeTiles>> | null = null;
if (!previewOnly) {
  await buildHarness();
  const server = await startHarnessServer();
  const browser = await launchChromium();
  try {
    const files24 = [
      large[24]!.baseline,
      ...(large[24]!.progressive ? [large[24]!.progressive] : []),
    ];
    worker = await compareWithCreateImageBitmap(browser, server, files24, RUNS);
    tiles = await timeTiles(
      browser,
      server,
      large[24]!.baseline,
      `${root}out/bench/tiles`,
      TILE_RUNS,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

const base24 = preview.find((row) => row.file === '24 MP baseline')!;
const base48 = preview.find((row) => row.file === '48 MP baseline')!;
const headline = {
  vsNative: base24.codecOverDjpeg?.cpu ?? null,
  vsJsquash: base24.jsquashOverCodec.cpu,
  wasmMb48mp: base48.codec.wasmMb!,
};
const targets = {
  ...TARGETS,
  vsNativeMet: headline.vsNative === null ? null : headline.vsNative <= TARGETS.vsNativeAtMost,
  vsJsquashMet: headline.vsJsquash >= TARGETS.vsJsquashAtLeast,
  wasmMb48mpMet: headline.wasmMb48mp <= TARGETS.wasmMb48mpAtMost,
};
const report = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    model: cpus()[0]?.model,
    loadAverage: loadavg().map((l) => round(l, 2)),
    node: process.version,
    hardwareConcurrency: worker?.hardwareConcurrency,
    poolSize: worker?.poolSize,
  },
  runs: RUNS,
  missing,
  headline: {
    ...headline,
    basis:
      '24 MP baseline, CPU-time medians (wall ratios in preview[].codecOverDjpeg.wall / jsquashOverCodec.wall)',
  },
  targets,
  notes: [
    'preview: Node (same V8 for both WASM engines, one process per engine for its peak memory); time = decode + resize to fit 1024x1024 from the bytes in memory; all engines by turns in one process, after a warm-up, garbage collected before each run',
    'codec: decodeToFit as the photo worker calls it (DCT scaling to the smallest scale at or above the box, Lanczos-3); wasmMb = its WASM memory after the file (the peak: it never shrinks)',
    "jsquash: @jsquash/jpeg decode (MozJPEG, full size) + @jsquash/resize with its defaults (lanczos3, premultiplied, linear RGB); wasmMb = both modules' memories",
    "djpeg: native libjpeg-turbo at the codec's DCT scale, decode only, PPM to /dev/null, process start included; peakRssMb = the whole djpeg process",
    "peakRssGrowthMb: the Node process's peak resident set minus its resident set with the engine loaded (the file bytes and the result included)",
    'tiles: fresh page per run (cold worker pool); cdp4x reaches the main thread only, process4x the workers too',
  ],
  preview,
  worker,
  tiles,
};
mkdirSync(`${root}out/bench`, { recursive: true });
writeFileSync(`${root}out/bench/photos.json`, `${JSON.stringify(report, null, 2)}\n`);

for (const row of preview) {
  const native = row.djpeg
    ? `djpeg ${row.djpeg.cpuMs}/${row.djpeg.wallMs} ms ${row.djpeg.peakRssMb} MB`
    : 'djpeg -';
  console.log(
    `${row.file.padEnd(20)} ${row.output} ${row.dctScale}  codec ${row.codec.cpuMs}/${row.codec.wallMs} ms ${row.codec.wasmMb} MB wasm  ` +
      `jsquash ${row.jsquash.cpuMs}/${row.jsquash.wallMs} ms ${row.jsquash.wasmMb} MB wasm  ${native}  (cpu/wall)`,
  );
}
for (const [key, value] of Object.entries(tiles ?? {}))
  console.log(`tiles ${key.padEnd(14)} ${value.medianMs} ms (${value.perPhotoMs} ms per photo)`);
console.log(JSON.stringify({ targets, workerRatios: worker?.ratios }));
if (missing.length) process.exitCode = 1;
emitFigures(
  'photos',
  {
    ...(headline.vsNative === null ? {} : { vs_native: { value: headline.vsNative, unit: 'x' } }),
    vs_jsquash: { value: headline.vsJsquash, unit: 'x' },
    wasm_mb_48mp: { value: headline.wasmMb48mp, unit: 'MB' },
  },
  loadBefore,
);
console.log(
  `photos vs_native=${headline.vsNative ?? 'missing'} vs_jsquash=${headline.vsJsquash} wasm_mb_48mp=${headline.wasmMb48mp}`,
);
