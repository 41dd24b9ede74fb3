/**
 * Test material for the render proofs: synthetic photos whose orientation, crop and colours are
 * obvious at a glance (a red top-left corner, a blue disc on the right, stripes along the bottom),
 * artwork with transparency, and scenes that exercise every layer kind.
 */
import type { CanvasKit, Image } from 'canvaskit-wasm';
import type {
  Layout,
  PhotoSlotLayer,
  TextSlotLayer,
  TextStyle,
} from '../../src/model/layout/types';
import { ImageCache } from '../../src/render/cache';
import { makeRasterSurface } from '../../src/render/canvaskit';

/** A photo `width` x `height` px; `hue` 0..360 tints its background so neighbours differ. */
export function testPhoto(ck: CanvasKit, width: number, height: number, hue: number): Image {
  const surface = makeRasterSurface(ck, width, height);
  const canvas = surface.getCanvas();
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  const top = hsl(ck, hue, 0.55, 0.75);
  const bottom = hsl(ck, hue + 40, 0.5, 0.4);
  const shader = ck.Shader.MakeLinearGradient(
    [0, 0],
    [0, height],
    [top, bottom],
    null,
    ck.TileMode.Clamp,
  );
  paint.setShader(shader);
  canvas.drawRect(ck.XYWHRect(0, 0, width, height), paint);
  paint.setShader(null);
  shader.delete();
  const unit = Math.min(width, height);
  paint.setColor(ck.Color(220, 30, 40));
  canvas.drawRect(ck.XYWHRect(0, 0, unit * 0.3, unit * 0.3), paint);
  paint.setColor(ck.Color(30, 60, 220));
  canvas.drawCircle(width - unit * 0.25, height / 2, unit * 0.18, paint);
  paint.setColor(ck.Color(255, 255, 255));
  for (let x = 0; x < width; x += unit * 0.1)
    canvas.drawRect(ck.XYWHRect(x, height - unit * 0.12, unit * 0.05, unit * 0.12), paint);
  paint.delete();
  const image = surface.surface.makeImageSnapshot();
  surface.delete();
  return image;
}

function hsl(ck: CanvasKit, hue: number, s: number, l: number) {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return ck.Color4f(r + m, g + m, b + m, 1);
}

/** A golden ring with a transparent middle: overlay artwork and an image mask. */
export function testArtwork(ck: CanvasKit, size = 200): Image {
  const surface = makeRasterSurface(ck, size, size);
  const canvas = surface.getCanvas();
  canvas.clear(ck.TRANSPARENT);
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  paint.setColor(ck.Color(212, 160, 23, 0.9));
  paint.setStyle(ck.PaintStyle.Stroke);
  paint.setStrokeWidth(size * 0.12);
  canvas.drawCircle(size / 2, size / 2, size * 0.38, paint);
  paint.delete();
  const image = surface.surface.makeImageSnapshot();
  surface.delete();
  return image;
}

/** An image cache holding photos p0..p(n-1) of varied proportions, the ring artwork and a star mask. */
export function testImages(ck: CanvasKit, count = 8): ImageCache {
  const cache = new ImageCache(ck);
  const shapes = [
    [400, 300],
    [300, 400],
    [500, 250],
    [320, 320],
  ] as const;
  for (let i = 0; i < count; i += 1) {
    const [w, h] = shapes[i % shapes.length]!;
    cache.putPhoto(`p${i}`, 'none', testPhoto(ck, w, h, i * 47));
  }
  cache.putArtwork('art/ring.png', testArtwork(ck));
  cache.putArtwork('art/mask.png', testArtwork(ck, 120));
  return cache;
}

export const BASE_TEXT: TextStyle = {
  font: 'Roboto',
  fontSize: 1.693,
  color: '#202020',
  align: 'center',
  valign: 'middle',
  style: 'normal',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  background: 'none',
};

export function photoLayer(
  slot: string,
  x: number,
  y: number,
  width: number,
  height: number,
  extra: Partial<PhotoSlotLayer> = {},
): PhotoSlotLayer {
  return { kind: 'photo', slot, x, y, width, height, rotation: 0, ...extra };
}

export function textLayer(
  slot: string,
  x: number,
  y: number,
  width: number,
  height: number,
  style: Partial<TextStyle> = {},
): TextSlotLayer {
  return {
    kind: 'text',
    slot,
    x,
    y,
    width,
    height,
    rotation: 0,
    style: { ...BASE_TEXT, ...style },
  };
}

export function layoutOf(
  widthCm: number,
  heightCm: number,
  layers: Layout['layers'],
  extra: Partial<Layout> = {},
): Layout {
  return {
    widthCm,
    heightCm,
    layers,
    backgroundColor: '#ffffff',
    isFlat: false,
    material: '',
    marginCm: 0,
    ...extra,
  };
}
