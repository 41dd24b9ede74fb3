/**
 * Time to a ≤ 1024 px preview and peak memory, in Node, for this pipeline (the WASM codec), for
 * @jsquash/jpeg + @jsquash/resize and for native djpeg (see tests/bench/previewEngines.ts), on the
 * generated 24 and 48 MP JPEGs. Node rather than headless Chromium: the same V8 runs both WASM
 * engines, each engine's peak memory is its own process's, and djpeg runs beside them on the same
 * terms; the browser figures with the worker pool are in tests/bench/photoWorkerCompare.ts and
 * tests/bench/photoTiles.ts.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './codecEngines';
import { djpegPeakBytes } from './nativeDjpeg';
import type { Engine, MemoryResult, Samples, TimeResult } from './previewEngines';

const root = fileURLToPath(new URL('../../', import.meta.url));
const engines = fileURLToPath(new URL('./previewEngines.ts', import.meta.url));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number | null) => (bytes === null ? null : round(bytes / 2 ** 20));

function child<T>(nodeArgs: string[], args: string[]): T {
  const run = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', engines, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  if (run.status !== 0) throw new Error(`previewEngines ${args.join(' ')} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

export interface PreviewFile {
  label: string;
  path: string;
  width: number;
  height: number;
  bytes: number;
}

const summary = (samples: Samples) => ({
  wallMs: round(median(samples.wallMs)),
  cpuMs: round(median(samples.cpuMs)),
  minWallMs: round(Math.min(...samples.wallMs)),
  runs: samples.wallMs.length,
});

export type PreviewRow = ReturnType<typeof previewRow>;

function previewRow(
  file: PreviewFile,
  time: TimeResult,
  memory: Record<'codec' | 'jsquash', MemoryResult>,
  djpegPeak: number | null,
) {
  const codec = summary(time.codec);
  const jsquash = {
    ...summary(time.jsquash),
    decodeMs: round(median(time.jsquash.decodeMs)),
    resizeMs: round(median(time.jsquash.resizeMs)),
  };
  const djpeg = time.djpeg && summary(time.djpeg);
  const ratio = (a: number, b: number) => round(a / b, 2);
  return {
    file: file.label,
    input: {
      path: file.path.replace(root, ''),
      width: file.width,
      height: file.height,
      megabytes: round(file.bytes / 1e6, 2),
    },
    output: `${time.output.width}x${time.output.height}`,
    dctScale: `${time.output.scaleEighths}/8`,
    codec: {
      ...codec,
      wasmMb: mb(memory.codec.wasmBytes),
      peakRssGrowthMb: mb(memory.codec.peakGrowthBytes),
    },
    jsquash: {
      ...jsquash,
      wasmMb: mb(memory.jsquash.wasmBytes),
      peakRssGrowthMb: mb(memory.jsquash.peakGrowthBytes),
    },
    djpeg: djpeg && { ...djpeg, peakRssMb: mb(djpegPeak) },
    codecOverDjpeg: djpeg && {
      cpu: ratio(codec.cpuMs, djpeg.cpuMs),
      wall: ratio(codec.wallMs, djpeg.wallMs),
    },
    jsquashOverCodec: {
      cpu: ratio(jsquash.cpuMs, codec.cpuMs),
      wall: ratio(jsquash.wallMs, codec.wallMs),
    },
    /** The decode alone (MozJPEG at full size) against this whole pipeline: what a faster resize could not win back. */
    jsquashDecodeOverCodecWall: ratio(jsquash.decodeMs, codec.wallMs),
  };
}

/** One file: the three engines timed by turns in one child, then each WASM engine's memory in a fresh child. */
export function benchPreview(
  file: PreviewFile,
  runs: number,
  log: (...parts: unknown[]) => void,
): PreviewRow {
  const time = child<TimeResult>(['--expose-gc'], ['time', String(runs), file.path]);
  const memory = {
    codec: child<MemoryResult>([], ['memory', 'codec' satisfies Engine, file.path]),
    jsquash: child<MemoryResult>([], ['memory', 'jsquash' satisfies Engine, file.path]),
  };
  const row = previewRow(
    file,
    time,
    memory,
    time.djpeg ? djpegPeakBytes(file.path, time.output.scaleEighths) : null,
  );
  log(
    'preview',
    file.label,
    JSON.stringify({ codec: row.codec, jsquash: row.jsquash, djpeg: row.djpeg }),
  );
  return row;
}
