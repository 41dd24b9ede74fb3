/**
 * A photo slot: border (card, glow, shadow) behind, then the photo covering the slot through its
 * clip (rectangle with rounded corners, circle, SVG path in cm, or an image's alpha), the text
 * written on the photo, or the empty slot's look (the camera icon in the editor only). Drawn in
 * the slot's own frame: the caller has moved the origin to the slot's top-left and turned it by
 * the slot's rotation.
 */
import type { Canvas, CanvasKit, Image } from 'canvaskit-wasm';
import type { ClipLayer, PhotoSlotLayer, Rect } from '../model/layout/types';
import { drawModernBorder, type BlurredRects } from './border';
import { photoPart, type ImageSource } from './cache';
import { BLACK, parseColor } from './color';
import { cover } from './geometry';
import { clipRectInSlot } from './hitTest';
import { CAMERA_MAX_PX, drawCamera } from './icons';
import { saved, withPaint, withPath } from './paint';
import type { ScenePhoto } from './scene';
import type { TextPainter } from './text';

/** The spec's photo background (0x000000): what shows while a chosen photo is still loading. */
export const PHOTO_BACKGROUND = BLACK;
export const EMPTY_SLOT_FILL = parseColor('#e3e4e5')!;
export const EMPTY_SLOT_ICON = parseColor('#a3a6a9')!;

export type Sampling = 'fast' | 'high';

export interface PhotoDrawContext {
  ck: CanvasKit;
  canvas: Canvas;
  pxPerCm: number;
  images: ImageSource;
  text: TextPainter;
  blurs: BlurredRects;
  /** Tiles are flat: no borders or shadows. */
  flat: boolean;
  sampling: Sampling;
  /**
   * An empty slot in the editor prompts for a photo (grey with the camera icon); in the print and
   * the screenshot it is plain grey: the icon is the editor's call to act, not part of the design.
   */
  emptySlot: 'placeholder' | 'plain';
}

/**
 * `image` is the photo at the level of detail chosen by photoImage (chosen by the caller, so the
 * layer's signature names the very image drawn); null while a chosen photo is loading.
 */
export function drawPhotoSlot(
  ctx: PhotoDrawContext,
  layer: PhotoSlotLayer,
  photo: ScenePhoto | undefined,
  clip: ClipLayer | undefined,
  image: Image | null,
): void {
  const { ck, canvas, pxPerCm } = ctx;
  const own: Rect = { x: 0, y: 0, width: layer.width * pxPerCm, height: layer.height * pxPerCm };
  if (layer.border && !ctx.flat)
    drawModernBorder(ck, canvas, ctx.blurs, own, layer.border, pxPerCm);
  // a part placed on the sheet's pixels: those wholly inside the slot are copied before its clip
  const onSheet =
    !clip && photo && photo.imageKey !== '' && image ? photoPart(image).onSheet : null;
  const copied = onSheet ? wholePixelsIn(canvas, ck, own) : null;
  if (onSheet && copied)
    saved(canvas, () => {
      canvas.clipRect(copied, ck.ClipOp.Intersect, false);
      drawOnSheet(ctx, image!, onSheet);
    });
  saved(canvas, () => {
    const mask = clip
      ? clipToShape(ctx, clip, layer)
      : (canvas.clipRect(ck.XYWHRect(0, 0, own.width, own.height), ck.ClipOp.Intersect, true),
        null);
    const layerCount = mask
      ? canvas.saveLayer(undefined, ck.XYWHRect(0, 0, own.width, own.height))
      : -1;
    if (photo && photo.imageKey !== '' && image) drawCover(ctx, image, own, photo, copied);
    else if (photo && photo.imageKey !== '')
      withPaint(ck, { color: PHOTO_BACKGROUND }, (paint) =>
        canvas.drawRect(ck.XYWHRect(0, 0, own.width, own.height), paint),
      );
    else drawEmptySlot(ctx, own, ctx.emptySlot === 'placeholder');
    if (photo?.text && photo.text.text !== '')
      ctx.text.draw(canvas, own, photo.text.text, photo.text.style, pxPerCm);
    if (mask) {
      const rect = clipRectInSlot(clip!, layer);
      withPaint(ck, { color: BLACK }, (paint) => {
        paint.setBlendMode(ck.BlendMode.DstIn);
        canvas.drawImageRect(
          mask,
          ck.XYWHRect(0, 0, mask.width(), mask.height()),
          scaled(ck, rect, pxPerCm),
          paint,
        );
      });
      canvas.restoreToCount(layerCount);
    }
  });
}

/**
 * The photo at the level of detail this slot needs: the longer side of the photo as it covers the
 * slot at this zoom, in pixels. The smallest level tells the proportions; the source then gives
 * the smallest level at least that large (and learns that a larger one is wanted, if it has none).
 */
export function photoImage(images: ImageSource, own: Rect, photo: ScenePhoto): Image | null {
  if (photo.imageKey === '') return null;
  let effect = photo.effect;
  let any = images.photo(photo.imageKey, effect, 0);
  // While an effect is being computed the plain photo stands in; the effect replaces it when it arrives.
  if (!any && effect !== 'none') {
    effect = 'none';
    any = images.photo(photo.imageKey, effect, 0);
  }
  if (!any) return null;
  const whole = photoPart(any);
  const placed = cover({
    slotWidth: own.width,
    slotHeight: own.height,
    imageWidth: whole.fullWidth,
    imageHeight: whole.fullHeight,
    zoom: photo.zoom,
    focusX: 0.5,
    focusY: 0.5,
    rotation: photo.rotation,
  });
  return (
    images.photo(photo.imageKey, effect, Math.ceil(Math.max(placed.width, placed.height))) ?? any
  );
}

/** `copied`: the sheet pixels of a placed part already drawn (drawPhotoSlot), left out here. */
function drawCover(
  ctx: PhotoDrawContext,
  image: Image,
  own: Rect,
  photo: ScenePhoto,
  copied: Float32Array | null,
): void {
  const { ck, canvas } = ctx;
  // the image may be only the part of the photo the slot shows (the print's): placed as the whole
  const part = photoPart(image);
  if (part.onSheet)
    return saved(canvas, () => {
      if (copied) canvas.clipRect(copied, ck.ClipOp.Difference, false);
      drawOnSheet(ctx, image, part.onSheet!);
    });
  const placed = cover({
    slotWidth: own.width,
    slotHeight: own.height,
    imageWidth: part.fullWidth,
    imageHeight: part.fullHeight,
    zoom: photo.zoom,
    focusX: photo.focusX,
    focusY: photo.focusY,
    rotation: photo.rotation,
  });
  saved(canvas, () => {
    canvas.translate(placed.centerX, placed.centerY);
    if (photo.rotation !== 0) canvas.rotate(photo.rotation, 0, 0);
    const w = part.fullWidth * placed.scale;
    const h = part.fullHeight * placed.scale;
    const src = ck.XYWHRect(0, 0, image.width(), image.height());
    const dest = ck.XYWHRect(
      -w / 2 + part.x * placed.scale,
      -h / 2 + part.y * placed.scale,
      image.width() * placed.scale,
      image.height() * placed.scale,
    );
    if (ctx.sampling === 'high') canvas.drawImageRectCubic(image, src, dest, 1 / 3, 1 / 3);
    // The image cache gives a level within a factor 2 of the drawn size: bilinear suffices, and
    // mipmaps of 150 photos would not fit Skia's resource cache (rebuilt every frame).
    else canvas.drawImageRectOptions(image, src, dest, ck.FilterMode.Linear, ck.MipmapMode.None);
  });
}

/**
 * A part already resampled onto the sheet's pixels, copied where it lies: the slot's frame is a
 * plain move on the sheet (placed parts are made for unturned slots only), so undoing that move
 * puts each image pixel on its sheet pixel, up to float rounding that nearest sampling absorbs.
 */
function drawOnSheet(ctx: PhotoDrawContext, image: Image, at: { x: number; y: number }): void {
  const { ck, canvas } = ctx;
  const [originX, originY] = deviceOrigin(canvas);
  const [x, y] = [at.x - originX, at.y - originY];
  canvas.drawImageOptions(image, x, y, ck.FilterMode.Nearest, ck.MipmapMode.None, null);
}

/**
 * The device pixels wholly inside the slot, in the slot's frame (a plain move on the sheet, as for
 * every placed part), or null when there are none. A placed part is copied there before the slot's
 * antialiased clip is set and only the rest is drawn through that clip: Skia copies an image row by
 * row (its sprite blitter) only where the clip is hard-edged; through an antialiased clip every
 * pixel went through its raster pipeline (seed, translate, gather, clamp, store): 45 % of a
 * 50x40 cm print's CPU time (issue 27 item 4). The two draws give the same pixels as one
 * (tests/render/placedPart.test.ts), and the same print master byte for byte.
 */
function wholePixelsIn(canvas: Canvas, ck: CanvasKit, own: Rect): Float32Array | null {
  const [originX, originY] = deviceOrigin(canvas);
  const left = Math.ceil(originX + own.x);
  const top = Math.ceil(originY + own.y);
  const right = Math.floor(originX + own.x + own.width);
  const bottom = Math.floor(originY + own.y + own.height);
  if (right <= left || bottom <= top) return null;
  return ck.LTRBRect(left - originX, top - originY, right - originX, bottom - originY);
}

/** Where the frame's origin lies on the device: its move (a placed part's frame has no turn or scale). */
function deviceOrigin(canvas: Canvas): [number, number] {
  const toDevice = canvas.getLocalToDevice();
  return [toDevice[3]!, toDevice[7]!];
}

function drawEmptySlot(ctx: PhotoDrawContext, own: Rect, withIcon: boolean): void {
  const { ck, canvas } = ctx;
  withPaint(ck, { color: EMPTY_SLOT_FILL }, (paint) =>
    canvas.drawRect(ck.XYWHRect(0, 0, own.width, own.height), paint),
  );
  if (!withIcon) return;
  const size = Math.min(CAMERA_MAX_PX, 0.4 * Math.min(own.width, own.height));
  drawCamera(ck, canvas, own.width / 2, own.height / 2, size, EMPTY_SLOT_ICON);
}

function scaled(ck: CanvasKit, rect: Rect, pxPerCm: number) {
  return ck.XYWHRect(
    rect.x * pxPerCm,
    rect.y * pxPerCm,
    rect.width * pxPerCm,
    rect.height * pxPerCm,
  );
}

/**
 * Clips to the clip layer's shape, placed at its offset from the slot (it turns with the slot).
 * Image masks cannot be a clip: their image is returned and applied with DstIn after drawing.
 */
function clipToShape(ctx: PhotoDrawContext, clip: ClipLayer, layer: PhotoSlotLayer): Image | null {
  const { ck, canvas, pxPerCm } = ctx;
  const rect = clipRectInSlot(clip, layer);
  const box = scaled(ck, rect, pxPerCm);
  switch (clip.shape) {
    case 'circle':
      withPath(
        ck,
        (path) => path.addOval(box),
        (path) => canvas.clipPath(path, ck.ClipOp.Intersect, true),
      );
      return null;
    case 'path': {
      const path = clip.path ? ck.Path.MakeFromSVGString(clip.path) : null;
      if (!path) {
        canvas.clipRect(box, ck.ClipOp.Intersect, true);
        return null;
      }
      try {
        // The path is in cm from the clip's top-left: scale and move it into the slot's pixels.
        withPath(
          ck,
          (builder) =>
            builder.addPath(
              path,
              pxPerCm,
              0,
              rect.x * pxPerCm,
              0,
              pxPerCm,
              rect.y * pxPerCm,
              0,
              0,
              1,
            ),
          (placed) => canvas.clipPath(placed, ck.ClipOp.Intersect, true),
        );
      } finally {
        path.delete();
      }
      return null;
    }
    case 'image': {
      canvas.clipRect(box, ck.ClipOp.Intersect, true);
      return clip.url ? ctx.images.artwork(clip.url) : null;
    }
    default: {
      const radius = Math.max(0, clip.radiusCm ?? 0) * pxPerCm;
      canvas.clipRRect(ck.RRectXY(box, radius, radius), ck.ClipOp.Intersect, true);
      return null;
    }
  }
}
