/**
 * Photo codec benchmark: decode + resize to fit 1024x1024 on the camera fixtures and a
 * generated 24 MP JPEG (baseline and progressive), for
 *   - codec:      wasm/photo-codec (DCT scaling + Lanczos-3), through workers/codec/photoCodec.ts
 *   - canvaskit:  CanvasKit full build, decode + mipmapped draw into the fitted size
 *   - djpeg:      native libjpeg-turbo `djpeg -scale s/8` at the codec's DCT scale, decode
 *                 only (Debian libjpeg-turbo-progs; skipped when not installed)
 * Medians of RUNS (>= 5) runs after a warm-up, wall and CPU time, peak memory, ratios, and the
 * resampling quality (PSNR against a float Lanczos-3 of the full-size decode).
 *
 *   node --import tsx tests/bench/codec.bench.ts [runs=7]
 * Writes out/bench/codec.json; the last stdout line is
 *   codec decode_ms=<x> alt_ms=<y> ratio=<r> peak_mb=<m>   (24 MP baseline, wall medians)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { FIXTURES } from '../../workers/codec/test/support';
import { median, type EngineResult, type FileResult, type QualityResult } from './codecEngines';
import { makeLargeJpeg } from './makeLargeJpeg';
import { DJPEG_MISSING, djpegAvailable, timeDjpeg } from './nativeDjpeg';

const root = fileURLToPath(new URL('../../', import.meta.url));
const engines = fileURLToPath(new URL('./codecEngines.ts', import.meta.url));
const RUNS = Math.max(5, Number(process.argv[2] ?? 7));

function child<T>(args: string[]): T {
  const run = spawnSync(process.execPath, ['--import', 'tsx', engines, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.status !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

const summary = (r: { wallMs: number[]; cpuMs: number[] }) => ({
  wallMs: round(median(r.wallMs)),
  cpuMs: round(median(r.cpuMs)),
  runs: r.wallMs.length,
});
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / 2 ** 20);
const name = (file: string) => file.replace(`${FIXTURES}/`, '').replace(root, '');

const large = await makeLargeJpeg(24);
const cameras = readdirSync(`${FIXTURES}/cameras`)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => `${FIXTURES}/cameras/${f}`);
const largeFiles = [large.baseline, ...(large.progressive ? [large.progressive] : [])];

if (!djpegAvailable()) console.error(DJPEG_MISSING);
console.error(
  `codec bench: ${RUNS} runs, ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const results: Record<string, { fixtures: EngineResult; large: EngineResult[] }> = {};
for (const engine of ['codec', 'canvaskit']) {
  results[engine] = {
    fixtures: child<EngineResult>([engine, String(RUNS), ...cameras]),
    large: largeFiles.map((file) => child<EngineResult>([engine, String(RUNS), file])),
  };
}

const rows = [...cameras, ...largeFiles].map((file) => {
  const pick = (engine: string): { r: FileResult; rss: number } => {
    const group = results[engine]!;
    const own = group.large.find((e) => e.files[0]!.file === file);
    return {
      r: (own ?? group.fixtures).files.find((f) => f.file === file)!,
      rss: own?.rssGrowthBytes ?? NaN,
    };
  };
  const codec = pick('codec');
  const canvaskit = pick('canvaskit');
  const native = timeDjpeg(file, codec.r.scaleEighths ?? 8, RUNS);
  const c = summary(codec.r);
  const k = summary(canvaskit.r);
  const n = native && summary(native);
  return {
    file: name(file),
    output: `${codec.r.width}x${codec.r.height}`,
    dctScale: `${codec.r.scaleEighths}/8`,
    codec: { ...c, wasmMb: mb(codec.r.wasmBytes), rssGrowthMb: mb(codec.rss) },
    canvaskit: { ...k, wasmMb: mb(canvaskit.r.wasmBytes), rssGrowthMb: mb(canvaskit.rss) },
    djpeg: n,
    canvaskitOverCodec: { wall: round(k.wallMs / c.wallMs, 2), cpu: round(k.cpuMs / c.cpuMs, 2) },
    codecOverDjpeg: n
      ? { wall: round(c.wallMs / n.wallMs, 2), cpu: round(c.cpuMs / n.cpuMs, 2) }
      : null,
  };
});

const qualityFiles = [
  'orientation/Landscape_1.jpg',
  'cameras/hdr_iphone_hdr_YES.jpg',
  'cameras/mobile_HMD_Nokia_8.3_5G.jpg',
];
const quality = child<QualityResult[]>([
  'quality',
  '0',
  ...qualityFiles.map((f) => `${FIXTURES}/${f}`),
]).map((q) => ({
  ...q,
  file: name(q.file),
  codecDb: round(q.codecDb, 2),
  canvasKitDb: round(q.canvasKitDb, 2),
  dctBilinearDb: round(q.dctBilinearDb, 2),
}));

const report = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    model: cpus()[0]?.model,
    loadAverage: loadavg().map((l) => round(l, 2)),
    node: process.version,
  },
  box: '1024x1024',
  runs: RUNS,
  notes: [
    'wall/cpu: medians after one warm-up run; cpu = user + system time of the process, steadier than wall on a shared machine',
    'codec wasmMb: WASM memory after the file (the peak: it never shrinks); input streamed from JS, not copied in',
    'canvaskit wasmMb: CanvasKit heap (starts at 128 MB); rssGrowthMb: peak RSS minus RSS after loading the engine (own process per large file)',
    'djpeg: decode only at the codec DCT scale, PPM to /dev/null, no resize: the native lower bound',
    'quality: PSNR (dB) against a float Lanczos-3 of the full-size decode; higher is closer',
  ],
  large: { width: large.width, height: large.height, megabytes: round(large.bytes / 1e6, 2) },
  rows,
  quality,
};
mkdirSync(`${root}out/bench`, { recursive: true });
writeFileSync(`${root}out/bench/codec.json`, `${JSON.stringify(report, null, 2)}\n`);

for (const row of rows) {
  const native = row.djpeg ? `djpeg ${row.djpeg.wallMs}/${row.djpeg.cpuMs}` : 'djpeg -';
  console.log(
    `${row.file.padEnd(44)} ${row.output.padStart(9)} ${row.dctScale}  codec ${row.codec.wallMs}/${row.codec.cpuMs} ms ${row.codec.wasmMb} MB  ` +
      `canvaskit ${row.canvaskit.wallMs}/${row.canvaskit.cpuMs} ms  ${native}  (wall/cpu)`,
  );
}
for (const q of quality)
  console.log(
    `quality ${q.file}: codec ${q.codecDb} dB, canvaskit ${q.canvasKitDb} dB, DCT+bilinear ${q.dctBilinearDb} dB`,
  );
const headline = rows.find((row) => row.file === name(large.baseline))!;
console.log(
  `codec decode_ms=${headline.codec.wallMs} alt_ms=${headline.canvaskit.wallMs} ratio=${headline.canvaskitOverCodec.wall} peak_mb=${headline.codec.wasmMb}`,
);
