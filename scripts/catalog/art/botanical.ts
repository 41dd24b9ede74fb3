/** Illustrated foliage: leaves, sprigs, berries, little flowers and a wreath of them. */
import { color, rng, type Random } from '../ck';
import {
  drawPath,
  fillPaint,
  mix,
  strokePaint,
  withPaint,
  type ArtContext,
  type Point,
} from './core';

export type LeafKind = 'lance' | 'round' | 'olive';

export interface LeafStyle {
  kind: LeafKind;
  tint: string;
}

/** One leaf from its base along `angle` (radians). */
export function leaf(
  ctx: ArtContext,
  base: Point,
  angle: number,
  length: number,
  style: LeafStyle,
): void {
  const { ck, canvas } = ctx;
  const widthRatio = style.kind === 'round' ? 0.42 : style.kind === 'olive' ? 0.16 : 0.26;
  const width = length * widthRatio;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const nx = -dy;
  const ny = dx;
  const at = (along: number, across: number): [number, number] => [
    base[0] + dx * length * along + nx * across,
    base[1] + dy * length * along + ny * across,
  ];
  const tip = at(1, 0);
  const bulge = style.kind === 'round' ? [0.05, 0.95] : [0.2, 0.75];
  const outline = new ck.PathBuilder();
  outline.moveTo(base[0], base[1]);
  outline.cubicTo(...at(bulge[0]!, width * 1.25), ...at(bulge[1]!, width * 1.1), ...tip);
  outline.cubicTo(
    ...at(bulge[1]!, -width * 1.1),
    ...at(bulge[0]!, -width * 1.25),
    base[0],
    base[1],
  );
  outline.close();
  const path = outline.detachAndDelete();
  const shader = ck.Shader.MakeLinearGradient(
    [base[0], base[1]],
    [tip[0], tip[1]],
    [color(ck, mix(style.tint, '#1e2b1e', 0.25)), color(ck, mix(style.tint, '#f4f1e6', 0.18))],
    null,
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setAntiAlias(true);
    paint.setShader(shader);
    canvas.drawPath(path, paint);
  });
  shader.delete();
  // One half in shade: the leaf folds along its midrib.
  canvas.save();
  canvas.clipPath(path, ck.ClipOp.Intersect, true);
  const half = new ck.PathBuilder();
  half.moveTo(base[0], base[1]);
  half.lineTo(...tip);
  half.lineTo(...at(1, -width * 3));
  half.lineTo(...at(0, -width * 3));
  half.close();
  withPaint(fillPaint(ctx, '#1e2b1e', 0.14), (paint) =>
    drawPath(ctx, half.detachAndDelete(), paint),
  );
  canvas.restore();
  withPaint(
    strokePaint(ctx, mix(style.tint, '#f4f1e6', 0.45), Math.max(0.025, length * 0.018), 0.7),
    (paint) => {
      const rib = new ck.PathBuilder();
      rib.moveTo(base[0], base[1]);
      rib.quadTo(...at(0.5, width * 0.08), ...at(0.88, 0));
      drawPath(ctx, rib.detachAndDelete(), paint);
    },
  );
  path.delete();
}

export interface SprigOptions {
  start: Point;
  /** Direction of the stem (radians). */
  angle: number;
  length: number;
  /** Bend of the stem: radians turned over its length. */
  bend: number;
  leaves: LeafStyle;
  stem: string;
  /** Leaves per side. */
  count: number;
  leafLength: number;
}

export function sprig(ctx: ArtContext, options: SprigOptions, random: Random): void {
  const { ck } = ctx;
  const steps = 24;
  const points: Point[] = [];
  let [x, y] = options.start;
  for (let step = 0; step <= steps; step++) {
    points.push([x, y]);
    const angle = options.angle + (options.bend * step) / steps;
    x += (Math.cos(angle) * options.length) / steps;
    y += (Math.sin(angle) * options.length) / steps;
  }
  withPaint(strokePaint(ctx, options.stem, Math.max(0.05, options.leafLength * 0.045)), (paint) => {
    const stem = new ck.PathBuilder();
    points.forEach(([px, py], index) => (index === 0 ? stem.moveTo(px, py) : stem.lineTo(px, py)));
    drawPath(ctx, stem.detachAndDelete(), paint);
  });
  const opposite = options.leaves.kind === 'round';
  for (let index = 0; index < options.count * 2; index++) {
    const pair = Math.floor(index / 2);
    const t = 0.12 + (0.8 * (pair + (opposite ? 0 : (index % 2) * 0.5))) / options.count;
    const at = Math.min(steps, Math.round(t * steps));
    const stemAngle = options.angle + options.bend * (at / steps);
    const side = index % 2 === 0 ? 1 : -1;
    const spread = (opposite ? 0.95 : 0.75) + (random() - 0.5) * 0.3;
    const size = options.leafLength * (1 - 0.45 * t) * (0.85 + random() * 0.3);
    leaf(ctx, points[at]!, stemAngle + side * spread, size, options.leaves);
  }
  leaf(ctx, points[steps]!, options.angle + options.bend, options.leafLength * 0.6, options.leaves);
}

export function berries(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  tint: string,
  random: Random,
): void {
  const count = 3 + Math.floor(random() * 3);
  for (let index = 0; index < count; index++) {
    const angle = (index / count) * Math.PI * 2 + random();
    const x = cx + Math.cos(angle) * radius * 1.3;
    const y = cy + Math.sin(angle) * radius * 1.3;
    withPaint(strokePaint(ctx, '#6b5a45', radius * 0.18, 0.8), (paint) =>
      ctx.canvas.drawLine(cx, cy, x, y, paint),
    );
    withPaint(fillPaint(ctx, tint), (paint) =>
      ctx.canvas.drawCircle(x, y, radius * (0.8 + random() * 0.3), paint),
    );
    withPaint(fillPaint(ctx, '#ffffff', 0.45), (paint) =>
      ctx.canvas.drawCircle(x - radius * 0.3, y - radius * 0.3, radius * 0.25, paint),
    );
  }
}

export function blossom(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  petal: string,
  heart: string,
  turn: number,
): void {
  const { canvas } = ctx;
  withPaint(fillPaint(ctx, petal), (paint) => {
    for (let index = 0; index < 5; index++) {
      canvas.save();
      canvas.rotate(turn + index * 72, cx, cy);
      canvas.drawOval(
        ctx.ck.XYWHRect(cx - radius * 0.33, cy - radius, radius * 0.66, radius * 0.9),
        paint,
      );
      canvas.restore();
    }
  });
  withPaint(fillPaint(ctx, mix(petal, '#8a6a5a', 0.25), 0.4), (paint) =>
    canvas.drawCircle(cx, cy, radius * 0.42, paint),
  );
  withPaint(fillPaint(ctx, heart), (paint) => canvas.drawCircle(cx, cy, radius * 0.22, paint));
}

export const FOLIAGE: LeafStyle[] = [
  { kind: 'lance', tint: '#5f7f5a' },
  { kind: 'round', tint: '#86a3a0' },
  { kind: 'olive', tint: '#7d8c57' },
  { kind: 'lance', tint: '#3f6148' },
  { kind: 'round', tint: '#9fb5a0' },
];

export interface WreathOptions {
  cx: number;
  cy: number;
  radius: number;
  seed: number;
  sprigs: number;
  /** Which sprigs to draw (the same wreath is split between a layer under and one over the photo). */
  include(index: number): boolean;
  accents?: boolean;
}

/** A wreath of sprigs laid round a circle, all turning the same way, with berries and blossoms. */
export function wreath(ctx: ArtContext, options: WreathOptions): void {
  const random = rng(options.seed);
  for (let index = 0; index < options.sprigs; index++) {
    const angle = (index / options.sprigs) * Math.PI * 2 + (random() - 0.5) * 0.15;
    const radial = options.radius + (random() - 0.5) * options.radius * 0.12;
    const start: Point = [
      options.cx + Math.cos(angle) * radial,
      options.cy + Math.sin(angle) * radial,
    ];
    const style = FOLIAGE[index % FOLIAGE.length]!;
    const length = options.radius * (0.45 + random() * 0.15);
    const draw = options.include(index);
    const sprigRandom = rng(options.seed * 31 + index);
    const lean = (random() - 0.5) * 0.5;
    const accent = random();
    if (!draw) continue;
    sprig(
      ctx,
      {
        start,
        angle: angle + Math.PI / 2 + lean,
        length,
        bend: 0.35,
        leaves: style,
        stem: '#5b6b48',
        count: style.kind === 'round' ? 3 : 4,
        leafLength: options.radius * (style.kind === 'round' ? 0.13 : 0.2),
      },
      sprigRandom,
    );
    if (options.accents !== false && accent < 0.35)
      berries(ctx, start[0], start[1], options.radius * 0.025, '#b5654a', sprigRandom);
    else if (options.accents !== false && accent > 0.8)
      blossom(ctx, start[0], start[1], options.radius * 0.06, '#f6e7dc', '#d9a441', accent * 360);
  }
}
