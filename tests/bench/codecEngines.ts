/**
 * One benchmark child process: decodes + resizes files to fit 1024x1024 with one engine and
 * prints JSON. Each engine runs in its own process so peak memory (maxRSS, WASM memory)
 * belongs to it alone. Used by codec.bench.ts:
 *   node --import tsx tests/bench/codecEngines.ts <codec|canvaskit|quality> <runs> <file>...
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import CanvasKitInit, { type CanvasKit } from 'canvaskit-wasm/bin/full/canvaskit.js';
import { loadPhotoCodec, type DecodedImage } from '../../workers/codec/photoCodec';
import {
  fitWithin,
  jpegSize,
  lanczosReference,
  psnr,
  WASM_PATH,
} from '../../workers/codec/test/support';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const BOX = 1024;

export interface FileResult {
  file: string;
  width: number;
  height: number;
  scaleEighths?: number;
  wallMs: number[];
  cpuMs: number[];
  /** Engine's WASM memory after this file (it only grows). */
  wasmBytes: number;
}

export interface EngineResult {
  engine: string;
  files: FileResult[];
  /** Peak resident set of the process minus the resident set once the engine was loaded. */
  rssGrowthBytes: number;
}

type Decode = (bytes: Uint8Array) => {
  width: number;
  height: number;
  rgba: Uint8Array | Uint8ClampedArray;
  scaleEighths?: number;
};

async function loadCanvasKit(): Promise<CanvasKit> {
  return CanvasKitInit({
    locateFile: (file: string) => `${root}node_modules/canvaskit-wasm/bin/full/${file}`,
  });
}

/** What a developer would write with CanvasKit: decode, draw with mipmaps into the fitted size, read back. */
export function canvasKitDecode(ck: CanvasKit): Decode {
  return (bytes) => {
    const image = ck.MakeImageFromEncoded(bytes);
    if (!image) throw new Error('CanvasKit could not decode');
    const [width, height] = fitWithin(image.width(), image.height(), BOX, BOX);
    const surface = ck.MakeSurface(width, height);
    if (!surface) throw new Error('no surface');
    const src = ck.XYWHRect(0, 0, image.width(), image.height());
    surface
      .getCanvas()
      .drawImageRectOptions(
        image,
        src,
        ck.XYWHRect(0, 0, width, height),
        ck.FilterMode.Linear,
        ck.MipmapMode.Linear,
        null,
      );
    const info = {
      width,
      height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    };
    const rgba = surface.getCanvas().readPixels(0, 0, info) as Uint8Array;
    image.delete();
    surface.delete();
    return { width, height, rgba };
  };
}

/** CanvasKit's Emscripten heap: present at runtime, missing from its type declarations. */
function heapBytes(ck: CanvasKit): number {
  return (ck as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer.byteLength;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
export { median };

function measure(decode: Decode, bytes: Uint8Array, runs: number) {
  const first = decode(bytes); // warm-up: compilation and first memory growth are not timed
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    decode(bytes);
    wallMs.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { first, wallMs, cpuMs };
}

async function runEngine(engine: string, runs: number, files: string[]): Promise<EngineResult> {
  const results: FileResult[] = [];
  if (engine === 'codec') {
    const module = await WebAssembly.compile(readFileSync(WASM_PATH));
    const baseline = process.memoryUsage().rss;
    for (const file of files) {
      // A fresh instance per file: its memory size afterwards is this file's peak.
      const codec = await loadPhotoCodec(module);
      const decode: Decode = (bytes) => {
        const result = codec.decodeToFit(bytes, BOX, BOX);
        if (!result.ok) throw new Error(`${file}: ${result.error.code} ${result.error.message}`);
        return result.value;
      };
      const { first, wallMs, cpuMs } = measure(decode, new Uint8Array(readFileSync(file)), runs);
      results.push({
        file,
        width: first.width,
        height: first.height,
        scaleEighths: first.scaleEighths,
        wallMs,
        cpuMs,
        wasmBytes: codec.memoryBytes(),
      });
    }
    return {
      engine,
      files: results,
      rssGrowthBytes: process.resourceUsage().maxRSS * 1024 - baseline,
    };
  }
  const ck = await loadCanvasKit();
  const baseline = process.memoryUsage().rss;
  const decode = canvasKitDecode(ck);
  for (const file of files) {
    const { first, wallMs, cpuMs } = measure(decode, new Uint8Array(readFileSync(file)), runs);
    results.push({
      file,
      width: first.width,
      height: first.height,
      wallMs,
      cpuMs,
      wasmBytes: heapBytes(ck),
    });
  }
  return {
    engine,
    files: results,
    rssGrowthBytes: process.resourceUsage().maxRSS * 1024 - baseline,
  };
}

export interface QualityResult {
  file: string;
  /** PSNR in dB against a float Lanczos-3 of this codec's full-size decode. */
  codecDb: number;
  canvasKitDb: number;
  /** The same DCT-scaled pixels as the codec, resized with plain bilinear interpolation. */
  dctBilinearDb: number;
}

function bilinear(image: DecodedImage, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  const at = (x: number, y: number, c: number) => image.rgba[(y * image.width + x) * 4 + c]!;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, ((y + 0.5) * image.height) / height - 0.5));
    const y0 = Math.min(Math.floor(sy), image.height - 2);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, ((x + 0.5) * image.width) / width - 0.5));
      const x0 = Math.min(Math.floor(sx), image.width - 2);
      const [fx, fy] = [sx - x0, sy - y0];
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[(y * width + x) * 4 + c] = top * (1 - fy) + bottom * fy;
      }
      out[(y * width + x) * 4 + 3] = 255;
    }
  }
  return out;
}

async function runQuality(files: string[]): Promise<QualityResult[]> {
  const codec = await loadPhotoCodec(readFileSync(WASM_PATH));
  const ck = await loadCanvasKit();
  const ok = (result: ReturnType<typeof codec.decodeToFit>): DecodedImage => {
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  return files.map((file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const preview = ok(codec.decodeToFit(bytes, BOX, BOX));
    const reference = lanczosReference(
      ok(codec.decodeScaled(bytes, 99999, 99999)),
      preview.width,
      preview.height,
    );
    const scaled = ok(codec.decodeScaled(bytes, preview.width, preview.height));
    const fromCanvasKit = canvasKitDecode(ck)(bytes);
    if (fromCanvasKit.width !== preview.width || fromCanvasKit.height !== preview.height)
      throw new Error('sizes differ');
    const size = jpegSize(bytes);
    return {
      file: `${file} (${size.width}x${size.height})`,
      codecDb: psnr(preview.rgba, reference),
      canvasKitDb: psnr(fromCanvasKit.rgba, reference),
      dctBilinearDb: psnr(bilinear(scaled, preview.width, preview.height), reference),
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [engine, runs, ...files] = process.argv.slice(2);
  const result =
    engine === 'quality' ? await runQuality(files) : await runEngine(engine!, Number(runs), files);
  process.stdout.write(JSON.stringify(result));
}
