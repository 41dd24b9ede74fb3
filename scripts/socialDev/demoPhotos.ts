/**
 * The demo account's photos: 60 JPEGs of different sizes and orientations, drawn with CanvasKit
 * (the catalog scripts' full build) from a seeded generator, so every run makes the same bytes.
 */
import { between, color, encodeImage, loadCanvasKit, makeSurface, pick, rng } from '../catalog/ck';

export const DEMO_PHOTO_COUNT = 60;
/** Landscape, portrait and square, phone and camera sizes. */
const SIZES: readonly [number, number][] = [
  [1080, 1080],
  [1080, 1350],
  [1350, 1080],
  [1600, 900],
  [900, 1600],
  [2048, 1536],
  [1536, 2048],
  [640, 640],
];
const PALETTE = [
  '#e76f51',
  '#f4a261',
  '#e9c46a',
  '#2a9d8f',
  '#264653',
  '#8ab17d',
  '#b56576',
  '#6d597a',
  '#355070',
  '#eaac8b',
];
const THUMB_SIDE = 320;

/** The photo's size: the sizes go round, so neighbours differ in shape. */
export function demoPhotoSize(index: number): { width: number; height: number } {
  const [width, height] = SIZES[index % SIZES.length]!;
  return { width, height };
}

export function demoPhotoId(index: number): string {
  return String(17_900_000_000 + index);
}

/** Draws photo `index` at `scale` (1: its full size) as a JPEG; the scene is vector, so a thumbnail is drawn small, not shrunk. */
async function drawPhoto(index: number, scale: number, quality: number): Promise<Uint8Array> {
  const ck = await loadCanvasKit();
  const random = rng(1000 + index);
  const { width, height } = demoPhotoSize(index);
  const surface = makeSurface(
    ck,
    Math.max(1, Math.round(width * scale)),
    Math.max(1, Math.round(height * scale)),
  );
  const canvas = surface.getCanvas();
  canvas.scale(scale, scale);
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  const sky = ck.Shader.MakeLinearGradient(
    [0, 0],
    [0, height],
    [color(ck, pick(random, PALETTE)), color(ck, pick(random, PALETTE))],
    null,
    ck.TileMode.Clamp,
  );
  paint.setShader(sky);
  canvas.drawRect(ck.LTRBRect(0, 0, width, height), paint);
  paint.setShader(null);
  sky.delete();
  for (let k = 0; k < 12; k++) {
    paint.setColor(color(ck, pick(random, PALETTE), between(random, 0.35, 0.9)));
    canvas.drawCircle(
      between(random, 0, width),
      between(random, 0, height),
      between(random, 0.04, 0.25) * Math.min(width, height),
      paint,
    );
  }
  // A horizon, so the orientation of each photo is plain to see.
  paint.setColor(color(ck, '#1d3557', 0.85));
  canvas.drawRect(ck.LTRBRect(0, height * 0.75, width, height), paint);
  paint.delete();
  const image = surface.makeImageSnapshot();
  try {
    return encodeImage(ck, image, 'jpeg', quality);
  } finally {
    image.delete();
    surface.delete();
  }
}

const photos = new Map<number, Promise<Uint8Array>>();
const thumbnails = new Map<number, Promise<Uint8Array>>();

/** The full-size JPEG of photo `index`, drawn the first time it is asked for (drawing all 60 takes a minute on a busy machine). */
export function demoPhoto(index: number): Promise<Uint8Array> {
  let photo = photos.get(index);
  if (!photo) photos.set(index, (photo = drawPhoto(index, 1, 85)));
  return photo;
}

/** A 320 px thumbnail of photo `index`. */
export function demoThumbnail(index: number): Promise<Uint8Array> {
  let thumbnail = thumbnails.get(index);
  if (!thumbnail) {
    const { width, height } = demoPhotoSize(index);
    thumbnails.set(index, (thumbnail = drawPhoto(index, THUMB_SIDE / Math.max(width, height), 80)));
  }
  return thumbnail;
}
