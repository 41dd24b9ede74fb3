/**
 * npm run photo:preview -- IN.jpg OUT.png [--px 1024]
 *
 * The editor's photo pipeline on the command line, for QA and support: the photo worker's own
 * processFile (head checks, EXIF orientation, the WASM codec's DCT-scaled decode, colour
 * conversion of an embedded ICC profile to sRGB, Lanczos-3 to fit --px, 1024 by default as
 * for a computer's photo) writes the preview the editor would show, as a lossless PNG instead
 * of the worker's quality-80 JPEG. Prints the sizes and what became of the colour profile.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { loadCanvasKit } from '../src/render/canvaskit';
import { MAX_FILE_BYTES } from '../src/model/photos/photoTypes';
import type { ColourOutcome, DecodedImage } from '../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../workers/codec/nodeCodec';
import { processFile, type JpegEncoder } from '../workers/ops/processFile';

export interface PhotoPreview {
  png: Uint8Array;
  width: number;
  height: number;
  /** The stored photo's size, upright. */
  orgWidth: number;
  orgHeight: number;
  colour: ColourOutcome;
  /** The preview's pixels (what the PNG holds). */
  image: DecodedImage;
  /** Why the photo's profile was ignored, when it was. */
  warnings: string[];
}

const USAGE = 'usage: npm run photo:preview -- IN.jpg OUT.png [--px 1024]';

async function pngEncoder(): Promise<JpegEncoder & { last?: DecodedImage }> {
  const ck = await loadCanvasKit();
  const encoder: JpegEncoder & { last?: DecodedImage } = async (image) => {
    encoder.last = image;
    const info = {
      width: image.width,
      height: image.height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    };
    const skImage = ck.MakeImage(info, image.rgba, image.width * 4);
    const png = skImage?.encodeToBytes(ck.ImageFormat.PNG, 100) ?? null;
    skImage?.delete();
    if (!png) throw new Error('CanvasKit could not encode the PNG');
    return new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' });
  };
  return encoder;
}

/** The preview of `jpeg` the editor would show, fitted inside `px` x `px`. */
export async function photoPreview(jpeg: Uint8Array, px = 1024): Promise<PhotoPreview> {
  const warnings: string[] = [];
  const codec = await loadNodePhotoCodec({ onWarning: (message) => warnings.push(message) });
  const encoder = await pngEncoder();
  const file = new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
  const processed = await processFile(file, px, {
    codec,
    encodeJpeg: encoder,
    allowPng: false,
    maxBytes: MAX_FILE_BYTES,
  });
  return {
    png: new Uint8Array(await processed.web.arrayBuffer()),
    width: processed.webWidth,
    height: processed.webHeight,
    orgWidth: processed.orgWidth,
    orgHeight: processed.orgHeight,
    colour: encoder.last!.colour ?? 'none',
    image: encoder.last!,
    warnings,
  };
}

function parseArgs(args: string[]): { input: string; output: string; px: number } {
  const positional: string[] = [];
  let px = 1024;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--px') px = Number(args[++i]);
    else if (args[i]!.startsWith('--px=')) px = Number(args[i]!.slice(5));
    else positional.push(args[i]!);
  }
  if (positional.length !== 2 || !Number.isInteger(px) || px < 1 || px > 16384)
    throw new Error(USAGE);
  return { input: positional[0]!, output: positional[1]!, px };
}

async function main(): Promise<void> {
  const { input, output, px } = parseArgs(process.argv.slice(2));
  const preview = await photoPreview(new Uint8Array(await readFile(input)), px);
  await writeFile(output, preview.png);
  for (const warning of preview.warnings) console.error(`warning: ${warning}`);
  console.log(
    `${output}: ${preview.width}x${preview.height} from ${preview.orgWidth}x${preview.orgHeight}, colour ${preview.colour}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
