/** Shared drawing context and path helpers of the catalog artwork (all lengths in cm). */
import type { Canvas, CanvasKit, Paint, Path } from 'canvaskit-wasm';
import { color, type Random } from '../ck';

export interface ArtContext {
  ck: CanvasKit;
  /** Scaled so that one unit is one cm of the printed canvas. */
  canvas: Canvas;
  random: Random;
  pxPerCm: number;
  /** The whole design's size (an artwork file may cover only part of it). */
  widthCm: number;
  heightCm: number;
}

export type Point = readonly [number, number];

export function fillPaint(ctx: ArtContext, hex: string, alpha = 1): Paint {
  const paint = new ctx.ck.Paint();
  paint.setAntiAlias(true);
  paint.setColor(color(ctx.ck, hex, alpha));
  return paint;
}

export function strokePaint(ctx: ArtContext, hex: string, width: number, alpha = 1): Paint {
  const paint = fillPaint(ctx, hex, alpha);
  paint.setStyle(ctx.ck.PaintStyle.Stroke);
  paint.setStrokeWidth(width);
  paint.setStrokeCap(ctx.ck.StrokeCap.Round);
  paint.setStrokeJoin(ctx.ck.StrokeJoin.Round);
  return paint;
}

/** Draws with a paint made for the call and deletes it afterwards. */
export function withPaint(paint: Paint, draw: (paint: Paint) => void): void {
  try {
    draw(paint);
  } finally {
    paint.delete();
  }
}

export function polygon(ctx: ArtContext, points: readonly Point[], close = true): Path {
  const builder = new ctx.ck.PathBuilder();
  points.forEach(([x, y], index) => (index === 0 ? builder.moveTo(x, y) : builder.lineTo(x, y)));
  if (close) builder.close();
  return builder.detachAndDelete();
}

/** A smooth curve through the points (Catmull-Rom as cubic Béziers). */
export function smoothCurve(ctx: ArtContext, points: readonly Point[], closed = false): Path {
  const builder = new ctx.ck.PathBuilder();
  const count = points.length;
  const at = (index: number): Point =>
    closed ? points[(index + count) % count]! : points[Math.max(0, Math.min(count - 1, index))]!;
  builder.moveTo(points[0]![0], points[0]![1]);
  const segments = closed ? count : count - 1;
  for (let index = 0; index < segments; index++) {
    const [x0, y0] = at(index - 1);
    const [x1, y1] = at(index);
    const [x2, y2] = at(index + 1);
    const [x3, y3] = at(index + 2);
    builder.cubicTo(
      x1 + (x2 - x0) / 6,
      y1 + (y2 - y0) / 6,
      x2 - (x3 - x1) / 6,
      y2 - (y3 - y1) / 6,
      x2,
      y2,
    );
  }
  if (closed) builder.close();
  return builder.detachAndDelete();
}

export function drawPath(ctx: ArtContext, path: Path, paint: Paint): void {
  ctx.canvas.drawPath(path, paint);
  path.delete();
}

/** A normally distributed number (Box-Muller). */
export function gaussian(random: Random, mean = 0, deviation = 1): number {
  const u = Math.max(1e-9, random());
  const v = random();
  return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Smooth 1-D value noise in [-1, 1] from a table of random values (periodic over the table). */
export function valueNoise1D(random: Random, size = 256): (t: number) => number {
  const table = Array.from({ length: size }, () => random() * 2 - 1);
  return (t: number) => {
    const base = Math.floor(t);
    const fraction = t - base;
    const smooth = fraction * fraction * (3 - 2 * fraction);
    const a = table[((base % size) + size) % size]!;
    const b = table[(((base + 1) % size) + size) % size]!;
    return a + (b - a) * smooth;
  };
}

/** Runs draw with the canvas rotated by degrees around (cx, cy). */
export function rotated(
  ctx: ArtContext,
  degrees: number,
  cx: number,
  cy: number,
  draw: () => void,
): void {
  ctx.canvas.save();
  ctx.canvas.rotate(degrees, cx, cy);
  draw();
  ctx.canvas.restore();
}

/** Mixes two '#rrggbb' colours (t = 0 gives a, 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, shift: number) => (parseInt(hex.slice(1), 16) >> shift) & 255;
  const value = [16, 8, 0].map((shift) =>
    Math.round(channel(a, shift) * (1 - t) + channel(b, shift) * t),
  );
  return `#${value.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}
