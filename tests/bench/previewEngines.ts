/**
 * Child process of the preview benchmark (tests/bench/previewBench.ts): one large JPEG to a preview
 * that fits 1024x1024, in Node, by
 *   - codec:    this project's pipeline, the way the photo worker calls it: wasm/photo-codec's
 *               decodeToFit (DCT scaling to the smallest scale at or above the box, Lanczos-3)
 *   - jsquash:  @jsquash/jpeg full decode + @jsquash/resize (tests/bench/jsquashPreview.ts)
 *   - djpeg:    native `djpeg -scale M/8` at the codec's DCT scale (tests/bench/nativeDjpeg.ts)
 *
 *   node --expose-gc --import tsx tests/bench/previewEngines.ts time <runs> <file>
 *     all three by turns (the order turns round every run, so a busy machine slows all alike),
 *     after one warm-up each; garbage collected before each timed run
 *   node --import tsx tests/bench/previewEngines.ts memory <codec|jsquash> <file>
 *     one engine alone in a fresh process: its peak resident growth and WASM memory for this file
 * Prints JSON.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadPhotoCodec, type PhotoCodec } from '../../workers/codec/photoCodec';
import { WASM_PATH } from '../../workers/codec/test/support';
import { loadJsquash, type JsquashEngine } from './jsquashPreview';
import { djpegAvailable, djpegOnce } from './nativeDjpeg';

export const BOX = 1024;
export type Engine = 'codec' | 'jsquash' | 'djpeg';

export interface Samples {
  wallMs: number[];
  cpuMs: number[];
}

export interface TimeResult {
  output: { width: number; height: number; scaleEighths: number };
  codec: Samples;
  jsquash: Samples & { decodeMs: number[]; resizeMs: number[] };
  /** Null when djpeg is not installed. */
  djpeg: Samples | null;
}

export interface MemoryResult {
  engine: Engine;
  /** Peak resident set of the process minus its resident set with the engine loaded, before the file was read. */
  peakGrowthBytes: number;
  peakRssBytes: number;
  wasmBytes: number;
}

function codecPreview(codec: PhotoCodec, bytes: Uint8Array) {
  // The worker passes the EXIF orientation; the generated files have none (1).
  const result = codec.decodeToFit(bytes, BOX, BOX, 1);
  if (!result.ok) throw new Error(`codec: ${result.error.code} ${result.error.message}`);
  return result.value;
}

export async function timed<T>(
  run: () => T | Promise<T>,
): Promise<{ wallMs: number; cpuMs: number; value: T }> {
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await run();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, value };
}

async function timeAll(runs: number, file: string): Promise<TimeResult> {
  const bytes = new Uint8Array(readFileSync(file));
  const codec = await loadPhotoCodec(readFileSync(WASM_PATH));
  const jsquash: JsquashEngine = await loadJsquash();
  const first = codecPreview(codec, bytes);
  await jsquash.preview(bytes, BOX);
  const native = djpegAvailable();
  if (native) djpegOnce(file, first.scaleEighths);

  const result: TimeResult = {
    output: { width: first.width, height: first.height, scaleEighths: first.scaleEighths },
    codec: { wallMs: [], cpuMs: [] },
    jsquash: { wallMs: [], cpuMs: [], decodeMs: [], resizeMs: [] },
    djpeg: native ? { wallMs: [], cpuMs: [] } : null,
  };
  const engines: Engine[] = native ? ['codec', 'jsquash', 'djpeg'] : ['codec', 'jsquash'];
  for (let run = 0; run < runs; run++) {
    const order = [
      ...engines.slice(run % engines.length),
      ...engines.slice(0, run % engines.length),
    ];
    for (const engine of order) {
      if (engine === 'codec') {
        const { wallMs, cpuMs } = await timed(() => codecPreview(codec, bytes));
        result.codec.wallMs.push(wallMs);
        result.codec.cpuMs.push(cpuMs);
      } else if (engine === 'jsquash') {
        const { wallMs, cpuMs, value } = await timed(() => jsquash.preview(bytes, BOX));
        if (value.width !== first.width || value.height !== first.height)
          throw new Error(
            `jsquash made ${value.width}x${value.height}, the codec ${first.width}x${first.height}`,
          );
        result.jsquash.wallMs.push(wallMs);
        result.jsquash.cpuMs.push(cpuMs);
        result.jsquash.decodeMs.push(value.decodeMs);
        result.jsquash.resizeMs.push(value.resizeMs);
      } else {
        // Its own process: bash's `time` measures it, not this one.
        const { wallMs, cpuMs } = djpegOnce(file, first.scaleEighths);
        result.djpeg!.wallMs.push(wallMs);
        result.djpeg!.cpuMs.push(cpuMs);
      }
    }
  }
  return result;
}

async function memory(engine: Engine, file: string): Promise<MemoryResult> {
  // The codec keeps all its memory here (the worker gives back above 192 MiB), so memoryBytes() is the peak.
  const codec =
    engine === 'codec'
      ? await loadPhotoCodec(readFileSync(WASM_PATH), { maxRetainedBytes: Infinity })
      : null;
  const jsquash = engine === 'jsquash' ? await loadJsquash() : null;
  const loaded = process.memoryUsage().rss;
  const bytes = new Uint8Array(readFileSync(file));
  if (codec) codecPreview(codec, bytes);
  else await jsquash!.preview(bytes, BOX);
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  return {
    engine,
    peakGrowthBytes: peakRssBytes - loaded,
    peakRssBytes,
    wasmBytes: codec ? codec.memoryBytes() : jsquash!.wasmBytes(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [mode, arg, file] = process.argv.slice(2);
  const result =
    mode === 'time' ? await timeAll(Number(arg), file!) : await memory(arg as Engine, file!);
  process.stdout.write(JSON.stringify(result));
}
