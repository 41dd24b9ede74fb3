/**
 * The spec's modern photo border: a white card round the photo (0.4 cm), a soft glow round the
 * card (0.15 cm) and a drop shadow (0.3 cm, 0 read as 0.3). Glow and shadow are blurred rectangles;
 * each is pre-rendered once per blur size as a small nine-patch image and stretched to any card,
 * so a frame with 150 bordered photos blurs nothing.
 */
import type { CanvasKit, Canvas, Image } from 'canvaskit-wasm';
import type { PhotoBorder, Rect } from '../model/layout/types';
import { BLACK, WHITE, withAlpha } from './color';
import { makeRasterSurface } from './canvaskit';
import { withPaint } from './paint';

const GLOW_ALPHA = 0.3;
const SHADOW_ALPHA = 0.45;
/** The glow spreads evenly; the shadow falls to the lower right, as lit from the upper left. */
const SHADOW_OFFSET_SHARE = 0.5;
/** Blur sizes are rounded to this many pixels, so nearby sizes share one pre-rendered image. */
const SIGMA_STEP_PX = 0.25;

export function shadowWidthCm(border: PhotoBorder): number {
  return border.shadowWidthCm > 0 ? border.shadowWidthCm : 0.3;
}

/** How far the border reaches beyond the photo on any side (card plus the wider of glow and shadow). */
export function borderReachCm(border: PhotoBorder): number {
  const shadow = shadowWidthCm(border);
  return border.cardWidthCm + Math.max(border.glowWidthCm, shadow * (1 + SHADOW_OFFSET_SHARE));
}

interface NinePatch {
  image: Image;
  /** Pixels the blur reaches outside the rectangle. */
  pad: number;
  /** Corner size of the nine-patch; the centre column and row (1 px) stretch. */
  corner: number;
}

/** Owns the pre-rendered blurred rectangles, one per blur size. */
export class BlurredRects {
  private readonly patches = new Map<number, NinePatch>();

  constructor(private readonly ck: CanvasKit) {}

  /** Draws `rect` blurred with `sigma` px in black at `alpha`. */
  draw(canvas: Canvas, rect: Rect, sigma: number, alpha: number): void {
    if (rect.width <= 0 || rect.height <= 0) return;
    const patch = this.patch(sigma);
    const dest = this.ck.XYWHRect(
      rect.x - patch.pad,
      rect.y - patch.pad,
      rect.width + 2 * patch.pad,
      rect.height + 2 * patch.pad,
    );
    withPaint(this.ck, { color: withAlpha(BLACK, alpha) }, (paint) => {
      paint.setAlphaf(alpha);
      const c = patch.corner;
      canvas.drawImageNine(
        patch.image,
        this.ck.XYWHiRect(c, c, 1, 1),
        dest,
        this.ck.FilterMode.Linear,
        paint,
      );
    });
  }

  dispose(): void {
    for (const patch of this.patches.values()) patch.image.delete();
    this.patches.clear();
  }

  private patch(sigmaPx: number): NinePatch {
    const sigma = Math.max(SIGMA_STEP_PX, Math.round(sigmaPx / SIGMA_STEP_PX) * SIGMA_STEP_PX);
    const cached = this.patches.get(sigma);
    if (cached) return cached;
    const reach = Math.ceil(3 * sigma);
    const corner = 2 * reach;
    const size = 2 * corner + 1;
    const raster = makeRasterSurface(this.ck, size, size);
    try {
      const canvas = raster.getCanvas();
      canvas.clear(this.ck.TRANSPARENT);
      withPaint(this.ck, { color: BLACK }, (paint) => {
        const blur = this.ck.MaskFilter.MakeBlur(this.ck.BlurStyle.Normal, sigma, false);
        paint.setMaskFilter(blur);
        canvas.drawRect(this.ck.XYWHRect(reach, reach, size - 2 * reach, size - 2 * reach), paint);
        blur.delete();
      });
      // A raster surface on memory it does not own always copies its pixels into a snapshot, so
      // the image outlives the surface freed below.
      const patch = { image: raster.surface.makeImageSnapshot(), pad: reach, corner };
      this.patches.set(sigma, patch);
      return patch;
    } finally {
      raster.delete();
    }
  }
}

/**
 * Draws glow, shadow and card behind a photo whose rect is `photo` (px, in the slot's own frame).
 * The photo itself is drawn afterwards, on top of the card.
 */
export function drawModernBorder(
  ck: CanvasKit,
  canvas: Canvas,
  blurs: BlurredRects,
  photo: Rect,
  border: PhotoBorder,
  pxPerCm: number,
): void {
  const card = border.cardWidthCm * pxPerCm;
  const cardRect = {
    x: photo.x - card,
    y: photo.y - card,
    width: photo.width + 2 * card,
    height: photo.height + 2 * card,
  };
  // A width is how far the blur reaches: three standard deviations, where it has faded out.
  const glowSigma = (border.glowWidthCm * pxPerCm) / 3;
  const shadow = shadowWidthCm(border) * pxPerCm;
  const offset = shadow * SHADOW_OFFSET_SHARE;
  if (glowSigma > 0.05) blurs.draw(canvas, cardRect, glowSigma, GLOW_ALPHA);
  blurs.draw(
    canvas,
    { ...cardRect, x: cardRect.x + offset, y: cardRect.y + offset },
    shadow / 3,
    SHADOW_ALPHA,
  );
  withPaint(ck, { color: WHITE }, (paint) =>
    canvas.drawRect(ck.XYWHRect(cardRect.x, cardRect.y, cardRect.width, cardRect.height), paint),
  );
}
