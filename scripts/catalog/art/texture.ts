/** Surface textures from CanvasKit's fractal noise: paper grain, mottling, vignettes. */
import type { Paint } from 'canvaskit-wasm';
import type { Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import { fillPaint, withPaint, type ArtContext } from './core';

export interface NoiseOptions {
  /** Features per cm. */
  frequency: number;
  /** Frequency along y when different from x (stretched noise: wood, fibres). */
  frequencyY?: number;
  octaves?: number;
  seed: number;
  tint: string;
  /** Alpha = gain × noise + bias (noise about 0.2-0.8), clamped to 0-1. */
  gain: number;
  bias: number;
  turbulence?: boolean;
}

/** A paint whose colour is the tint and whose alpha follows the noise. */
export function noisePaint(ctx: ArtContext, options: NoiseOptions): Paint {
  const { ck } = ctx;
  const fy = options.frequencyY ?? options.frequency;
  const octaves = options.octaves ?? 4;
  const shader = options.turbulence
    ? ck.Shader.MakeTurbulence(options.frequency, fy, octaves, options.seed, 0, 0)
    : ck.Shader.MakeFractalNoise(options.frequency, fy, octaves, options.seed, 0, 0);
  const tint = color(ck, options.tint);
  const paint = new ck.Paint();
  paint.setShader(shader);
  paint.setColorFilter(
    ck.ColorFilter.MakeMatrix([
      0,
      0,
      0,
      0,
      tint[0]!,
      0,
      0,
      0,
      0,
      tint[1]!,
      0,
      0,
      0,
      0,
      tint[2]!,
      options.gain,
      0,
      0,
      0,
      options.bias,
    ]),
  );
  shader.delete();
  return paint;
}

export function fillNoise(ctx: ArtContext, rect: Rect, options: NoiseOptions): void {
  withPaint(noisePaint(ctx, options), (paint) =>
    ctx.canvas.drawRect(ctx.ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint),
  );
}

/** Fine grain of light and dark specks: printed paper rather than a flat screen colour. */
export function grain(ctx: ArtContext, rect: Rect, seed: number, strength = 1): void {
  fillNoise(ctx, rect, {
    frequency: 14,
    octaves: 2,
    seed,
    tint: '#000000',
    gain: 0.5 * strength,
    bias: -0.18 * strength,
  });
  fillNoise(ctx, rect, {
    frequency: 11,
    octaves: 2,
    seed: seed + 1,
    tint: '#ffffff',
    gain: 0.5 * strength,
    bias: -0.18 * strength,
  });
}

export interface PaperOptions {
  base: string;
  /** Colour of the age spots and mottling. */
  stain: string;
  seed: number;
  mottle?: number;
  grain?: number;
  fibres?: number;
}

export function paper(ctx: ArtContext, rect: Rect, options: PaperOptions): void {
  const { ck, canvas, random } = ctx;
  withPaint(fillPaint(ctx, options.base), (paint) =>
    canvas.drawRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint),
  );
  const mottle = options.mottle ?? 1;
  fillNoise(ctx, rect, {
    frequency: 0.06,
    seed: options.seed,
    tint: options.stain,
    gain: 0.9 * mottle,
    bias: -0.3 * mottle,
  });
  fillNoise(ctx, rect, {
    frequency: 0.35,
    seed: options.seed + 7,
    tint: options.stain,
    gain: 0.5 * mottle,
    bias: -0.22 * mottle,
  });
  grain(ctx, rect, options.seed + 3, options.grain ?? 0.8);
  const fibres = Math.round((options.fibres ?? 1) * rect.width * rect.height * 0.35);
  withPaint(fillPaint(ctx, options.stain, 0.12), (paint) => {
    paint.setStyle(ck.PaintStyle.Stroke);
    paint.setStrokeWidth(0.02);
    for (let index = 0; index < fibres; index++) {
      const x = rect.x + random() * rect.width;
      const y = rect.y + random() * rect.height;
      const angle = random() * Math.PI * 2;
      const length = 0.1 + random() * 0.4;
      const bend = (random() - 0.5) * 0.2;
      const builder = new ck.PathBuilder();
      builder.moveTo(x, y);
      builder.quadTo(
        x + Math.cos(angle) * length * 0.5 + bend,
        y + Math.sin(angle) * length * 0.5 - bend,
        x + Math.cos(angle) * length,
        y + Math.sin(angle) * length,
      );
      const path = builder.detachAndDelete();
      paint.setAlphaf(0.05 + random() * 0.12);
      canvas.drawPath(path, paint);
      path.delete();
    }
  });
}

/** Darkens towards the edges (old paper, photographs). */
export function vignette(ctx: ArtContext, rect: Rect, tint: string, strength: number): void {
  const { ck } = ctx;
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const radius = Math.hypot(rect.width, rect.height) / 2;
  const shader = ck.Shader.MakeRadialGradient(
    [cx, cy],
    radius,
    [color(ck, tint, 0), color(ck, tint, 0), color(ck, tint, strength)],
    [0, 0.55, 1],
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setShader(shader);
    ctx.canvas.drawRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint);
  });
  shader.delete();
}

/** Soft round stains (coffee, foxing): a faint disc with a darker rim. */
export function stain(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  tint: string,
  alpha: number,
): void {
  const { ck } = ctx;
  const shader = ck.Shader.MakeRadialGradient(
    [cx, cy],
    radius,
    [
      color(ck, tint, alpha * 0.35),
      color(ck, tint, alpha * 0.5),
      color(ck, tint, alpha),
      color(ck, tint, 0),
    ],
    [0, 0.75, 0.92, 1],
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setAntiAlias(true);
    paint.setShader(shader);
    ctx.canvas.drawCircle(cx, cy, radius, paint);
  });
  shader.delete();
}
