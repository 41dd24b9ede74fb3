/**
 * The print master: a saved collage drawn by the same src/render as the editor, in Node, at the
 * print resolution (300 dpi unless asked otherwise), the whole sheet with the material's wrap
 * margins, as a JPEG at quality 92 whose JFIF header carries the dpi.
 *
 * Originals are decoded by the photo codec at the smallest DCT scale that still gives every slot
 * the pixels it covers at this resolution (never larger than needed, never enlarged), with the
 * photo's effect applied by the codec, then handed to CanvasKit. Originals are stored as shot;
 * the editor shows them upright (its web copies have the EXIF orientation applied) and the slot's
 * rotation is the customer's own turn on top. So the print decodes each original with its EXIF
 * orientation too, and what prints stands as it stood on screen.
 */
import exifr from 'exifr';
import type { CanvasKit, Image } from 'canvaskit-wasm';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { ImageCache, imageFromPixels } from '../../src/render/cache';
import { makeRasterSurface } from '../../src/render/canvaskit';
import { cover } from '../../src/render/geometry';
import type { PhotoEffect } from '../../src/render/scene';
import { SceneRenderer } from '../../src/render/sceneRenderer';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { loadNodeCanvasKit, type NodeCanvasKit } from './assets';
import { srgbProfile } from './iccProfile';
import { hasIccProfile, setJfifDensity, withIccProfile } from './jfif';

export const PRINT_DPI = 300;
export const PRINT_JPEG_QUALITY = 92;
const CM_PER_INCH = 2.54;
/** The codec converts every photo to sRGB and CanvasKit draws in sRGB: the master says so
 * (Skia's encoder writes its own sRGB profile; this one goes in when an encoder did not). */
const SRGB_PROFILE = srgbProfile();

export interface PrintInput {
  layout: Layout;
  slots: SlotData;
  backgroundColor?: string;
  /** The original photo files (JPEG) by photo id. */
  originals: Record<string, Uint8Array>;
  /** Catalog artwork (overlays, mask images) by URL, as encoded files. */
  artwork?: Record<string, Uint8Array>;
  /** Default 300. */
  dpi?: number;
  /** JPEG quality, default 92. */
  quality?: number;
  /** EXIF orientation (1-8) per photo id; read from the originals when absent. */
  orientations?: Record<string, number>;
}

export interface PrintMaster {
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

export type PrintErrorCode = 'MISSING_PHOTO' | 'BAD_PHOTO' | 'BAD_ARTWORK' | 'TOO_LARGE' | 'ENCODE_FAILED' | 'WORKER_FAILED' | 'QUEUE_CLOSED' | 'FAILED';

export class PrintError extends Error {
  constructor(
    readonly code: PrintErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PrintError';
  }
}

/** Beyond this a sheet is refused instead of exhausting memory (150x100 cm at 300 dpi is 209 MP). */
const MAX_PRINT_PIXELS = 260_000_000;

export function printSizePx(layout: Pick<Layout, 'widthCm' | 'heightCm'>, dpi: number): { widthPx: number; heightPx: number } {
  return { widthPx: Math.round((layout.widthCm / CM_PER_INCH) * dpi), heightPx: Math.round((layout.heightCm / CM_PER_INCH) * dpi) };
}

let tools: Promise<{ canvasKit: NodeCanvasKit; codec: PhotoCodec }> | null = null;

/** The /full CanvasKit (JPEG encoder), the fonts and the photo codec, loaded once per process or worker. */
function printTools(): Promise<{ canvasKit: NodeCanvasKit; codec: PhotoCodec }> {
  tools ??= (async () => {
    const [canvasKit, codec] = await Promise.all([loadNodeCanvasKit('full'), loadNodePhotoCodec()]);
    return { canvasKit, codec };
  })().catch((error: unknown) => {
    tools = null;
    throw error;
  });
  return tools;
}

export async function renderPrintMaster(input: PrintInput): Promise<PrintMaster> {
  const { canvasKit, codec } = await printTools();
  const { ck, fonts } = canvasKit;
  const dpi = input.dpi ?? PRINT_DPI;
  const pxPerCm = dpi / CM_PER_INCH;
  const { widthPx, heightPx } = printSizePx(input.layout, dpi);
  if (widthPx * heightPx > MAX_PRINT_PIXELS) throw new PrintError('TOO_LARGE', `A ${widthPx}x${heightPx} px print is larger than the print server draws`);
  const scene = sceneFromSlots(input.layout, input.slots, { backgroundColor: input.backgroundColor, purpose: 'print' });
  const images = new ImageCache(ck, { maxBytes: Number.POSITIVE_INFINITY, deriveLevels: false });
  const renderer = new SceneRenderer(ck, fonts, { sampling: 'high' });
  try {
    const orientations = input.orientations ?? (await readOrientations(input.originals));
    decodePhotos(ck, codec, input, orientations, pxPerCm, images);
    for (const [url, bytes] of Object.entries(input.artwork ?? {})) {
      const image = ck.MakeImageFromEncoded(bytes);
      if (!image) throw new PrintError('BAD_ARTWORK', `Artwork ${url} could not be decoded`);
      images.putArtwork(url, image);
    }
    const raster = makeRasterSurface(ck, widthPx, heightPx);
    let snapshot: Image | null = null;
    try {
      const canvas = raster.getCanvas();
      canvas.clear(ck.WHITE);
      renderer.draw(canvas, scene, { pxPerCm, offsetX: 0, offsetY: 0 }, images);
      raster.surface.flush();
      snapshot = raster.surface.makeImageSnapshot();
      const jpeg = snapshot.encodeToBytes(ck.ImageFormat.JPEG, input.quality ?? PRINT_JPEG_QUALITY);
      if (!jpeg) throw new PrintError('ENCODE_FAILED', 'CanvasKit could not encode the print as JPEG');
      const withDpi = setJfifDensity(jpeg, dpi, true);
      return { jpeg: hasIccProfile(withDpi) ? withDpi : withIccProfile(withDpi, SRGB_PROFILE), widthPx, heightPx, dpi };
    } finally {
      snapshot?.delete();
      raster.delete();
    }
  } finally {
    renderer.dispose();
    images.dispose();
  }
}

interface PhotoUse {
  /** Decoded pixels needed (upright photo, before the slot's turn), the largest over the slots that show it. */
  width: number;
  height: number;
  effects: Set<PhotoEffect>;
}

/** EXIF orientation per original; a file without a readable one stands as stored (1). */
export async function readOrientations(originals: Record<string, Uint8Array>): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(originals).map(async ([id, bytes]) => {
      const orientation = await exifr.orientation(bytes).catch(() => undefined);
      return [id, typeof orientation === 'number' && orientation >= 1 && orientation <= 8 ? orientation : 1] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Orientations 5-8 turn the photo a quarter: width and height trade places. */
function uprightSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** Decodes every photo the collage shows, once, upright, at the size its most demanding slot needs. */
function decodePhotos(ck: CanvasKit, codec: PhotoCodec, input: PrintInput, orientations: Record<string, number>, pxPerCm: number, images: ImageCache): void {
  const scene = sceneFromSlots(input.layout, input.slots);
  const uses = new Map<string, PhotoUse>();
  for (const layer of input.layout.layers) {
    if (layer.kind !== 'photo') continue;
    const photo = scene.photos[layer.slot];
    if (!photo) continue;
    const bytes = input.originals[photo.imageKey];
    if (!bytes) throw new PrintError('MISSING_PHOTO', `Photo ${photo.imageKey} (slot ${layer.slot}) is missing`);
    const header = codec.probe(bytes);
    if (!header.ok) throw new PrintError('BAD_PHOTO', `Photo ${photo.imageKey}: ${header.error.code} ${header.error.message}`);
    const { width, height } = uprightSize(header.value.width, header.value.height, orientations[photo.imageKey] ?? 1);
    const placed = cover({ slotWidth: layer.width * pxPerCm, slotHeight: layer.height * pxPerCm, imageWidth: width, imageHeight: height, zoom: photo.zoom, focusX: 0.5, focusY: 0.5, rotation: photo.rotation });
    const use = uses.get(photo.imageKey) ?? { width: 0, height: 0, effects: new Set<PhotoEffect>() };
    use.width = Math.max(use.width, Math.min(width, Math.ceil(width * placed.scale)));
    use.height = Math.max(use.height, Math.min(height, Math.ceil(height * placed.scale)));
    use.effects.add(photo.effect);
    uses.set(photo.imageKey, use);
  }
  for (const [id, use] of uses) {
    const decoded = codec.decodeScaled(input.originals[id]!, use.width, use.height, orientations[id] ?? 1);
    if (!decoded.ok) throw new PrintError('BAD_PHOTO', `Photo ${id}: ${decoded.error.code} ${decoded.error.message}`);
    for (const effect of use.effects) {
      const pixels = effect === 'none' ? decoded : codec.applyEffect(decoded.value, effect);
      if (!pixels.ok) throw new PrintError('BAD_PHOTO', `Photo ${id}: effect ${effect} failed: ${pixels.error.message}`);
      images.putPhoto(id, effect, imageFromPixels(ck, pixels.value));
    }
  }
}
