/** Paper things that lie on the design: torn sheets, deckle-edged prints, photo corners, tape. */
import type { Path } from 'canvaskit-wasm';
import type { Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import { corners } from '../designs/types';
import {
  drawPath,
  fillPaint,
  polygon,
  valueNoise1D,
  withPaint,
  type ArtContext,
  type Point,
} from './core';

/** Points along a rect's outline every `step` cm, pushed in or out by `offset(t, side)`. */
function roughOutline(rect: Rect, step: number, offset: (distance: number) => number): Point[] {
  const points: Point[] = [];
  const sides: [Point, Point, Point][] = [
    [
      [rect.x, rect.y],
      [1, 0],
      [0, -1],
    ],
    [
      [rect.x + rect.width, rect.y],
      [0, 1],
      [1, 0],
    ],
    [
      [rect.x + rect.width, rect.y + rect.height],
      [-1, 0],
      [0, 1],
    ],
    [
      [rect.x, rect.y + rect.height],
      [0, -1],
      [-1, 0],
    ],
  ];
  let distance = 0;
  sides.forEach(([start, direction, normal], index) => {
    const length = index % 2 === 0 ? rect.width : rect.height;
    const count = Math.max(2, Math.round(length / step));
    for (let i = 0; i < count; i++) {
      const along = (i / count) * length;
      const out = offset(distance + along);
      points.push([
        start[0] + direction[0] * along + normal[0] * out,
        start[1] + direction[1] * along + normal[1] * out,
      ]);
    }
    distance += length;
  });
  return points;
}

/** A torn sheet's outline: ragged at two scales, as paper tears. */
export function tornRect(ctx: ArtContext, rect: Rect, amplitude = 0.25): Path {
  const coarse = valueNoise1D(ctx.random);
  const fine = valueNoise1D(ctx.random);
  return polygon(
    ctx,
    roughOutline(
      rect,
      0.08,
      (d) =>
        amplitude * (0.7 * coarse(d / 2.5) + 0.3 * fine(d / 0.35)) +
        (ctx.random() - 0.5) * amplitude * 0.25,
    ),
  );
}

/** A deckle-edged print's outline: small regular scallops. */
export function deckledRect(ctx: ArtContext, rect: Rect, depth = 0.1): Path {
  return polygon(
    ctx,
    roughOutline(
      rect,
      0.09,
      (d) => -depth * (0.5 + 0.5 * Math.sin(d * 9)) * (0.6 + 0.4 * ctx.random()),
    ),
  );
}

/** A soft drop shadow under a path: light from the top left. */
export function shadowUnder(
  ctx: ArtContext,
  path: Path,
  blurCm = 0.35,
  alpha = 0.35,
  dx = 0.15,
  dy = 0.25,
): void {
  withPaint(fillPaint(ctx, '#1a120b', alpha), (paint) => {
    paint.setMaskFilter(ctx.ck.MaskFilter.MakeBlur(ctx.ck.BlurStyle.Normal, blurCm, true));
    ctx.canvas.save();
    ctx.canvas.translate(dx, dy);
    ctx.canvas.drawPath(path, paint);
    ctx.canvas.restore();
  });
}

/** Classic black album corners on the four corners of a (rotated) photo. */
export function photoCorners(
  ctx: ArtContext,
  rect: Rect,
  rotation: number,
  size = 1.6,
  tint = '#1f1a16',
): void {
  const points = corners(rect, rotation);
  points.forEach((corner, index) => {
    const previous = points[(index + 3) % 4]!;
    const next = points[(index + 1) % 4]!;
    const toward = (target: Point, length: number): Point => {
      const dx = target[0] - corner[0];
      const dy = target[1] - corner[1];
      const norm = Math.hypot(dx, dy);
      return [corner[0] + (dx / norm) * length, corner[1] + (dy / norm) * length];
    };
    // The pocket extends a little beyond the photo's corner, as a real corner does.
    const outward = (point: Point, by: number): Point => {
      const cx = rect.x + rect.width / 2;
      const cy = rect.y + rect.height / 2;
      const dx = point[0] - cx;
      const dy = point[1] - cy;
      const norm = Math.hypot(dx, dy);
      return [point[0] + (dx / norm) * by, point[1] + (dy / norm) * by];
    };
    const tip = outward(corner, 0.35);
    const a = outward(toward(previous, size), 0.12);
    const b = outward(toward(next, size), 0.12);
    const shape = polygon(ctx, [tip, a, b]);
    shadowUnder(ctx, shape, 0.12, 0.4, 0.05, 0.08);
    const shader = ctx.ck.Shader.MakeLinearGradient(
      [tip[0], tip[1]],
      [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      [color(ctx.ck, tint), color(ctx.ck, '#4a423b')],
      null,
      ctx.ck.TileMode.Clamp,
    );
    withPaint(fillPaint(ctx, tint), (paint) => {
      paint.setShader(shader);
      ctx.canvas.drawPath(shape, paint);
    });
    shader.delete();
    shape.delete();
  });
}

/** A strip of translucent tape centred at (cx, cy), with torn ends. */
export function tape(
  ctx: ArtContext,
  cx: number,
  cy: number,
  length: number,
  width: number,
  degrees: number,
  tint: string,
  alpha = 0.72,
  stripes?: string,
): void {
  const { canvas, random } = ctx;
  canvas.save();
  canvas.rotate(degrees, cx, cy);
  const left = cx - length / 2;
  const top = cy - width / 2;
  const points: Point[] = [];
  const teeth = Math.max(4, Math.round(width / 0.18));
  for (let i = 0; i <= teeth; i++)
    points.push([left + (random() - 0.5) * 0.16, top + (i / teeth) * width]);
  for (let i = teeth; i >= 0; i--)
    points.push([left + length + (random() - 0.5) * 0.16, top + (i / teeth) * width]);
  // Left edge top to bottom, then right edge bottom to top: one closed outline.
  const shape = polygon(ctx, points);
  shadowUnder(ctx, shape, 0.08, 0.18, 0.03, 0.06);
  withPaint(fillPaint(ctx, tint, alpha), (paint) => canvas.drawPath(shape, paint));
  if (stripes) {
    canvas.save();
    canvas.clipPath(shape, ctx.ck.ClipOp.Intersect, true);
    withPaint(fillPaint(ctx, stripes, alpha * 0.7), (paint) => {
      for (let x = left - width; x < left + length + width; x += 0.7)
        drawPath(
          ctx,
          polygon(ctx, [
            [x, top],
            [x + 0.3, top],
            [x + 0.3 + width * 0.6, top + width],
            [x + width * 0.6, top + width],
          ]),
          paint,
        );
    });
    canvas.restore();
  }
  // A lighter sheen along one edge: plastic tape catches the light.
  withPaint(fillPaint(ctx, '#ffffff', 0.18), (paint) =>
    canvas.drawRect(ctx.ck.XYWHRect(left, top + width * 0.08, length, width * 0.18), paint),
  );
  shape.delete();
  canvas.restore();
}
