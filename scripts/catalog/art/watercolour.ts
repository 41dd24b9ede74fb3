/**
 * Watercolour washes: many translucent layers of a recursively deformed polygon (each layer
 * deformed again), which gives soft, uneven edges and pigment pooling where layers overlap.
 */
import type { Random } from '../ck';
import { color } from '../ck';
import {
  fillPaint,
  gaussian,
  polygon,
  strokePaint,
  withPaint,
  type ArtContext,
  type Point,
} from './core';
import { fillNoise, noisePaint } from './texture';

interface Vertex {
  point: Point;
  /** How much the edge after this vertex may wander (varies along the outline). */
  variance: number;
}

function deform(vertices: Vertex[], rounds: number, random: Random): Vertex[] {
  let current = vertices;
  for (let round = 0; round < rounds; round++) {
    const next: Vertex[] = [];
    current.forEach((vertex, index) => {
      const following = current[(index + 1) % current.length]!;
      const [x1, y1] = vertex.point;
      const [x2, y2] = following.point;
      const length = Math.hypot(x2 - x1, y2 - y1);
      // Pushed mostly along the edge's normal: the outline wanders without folding over itself.
      const spread = vertex.variance * length * 0.4;
      const clampTo = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
      const normal = clampTo(gaussian(random, 0, spread), 0.45 * length);
      const along = clampTo(gaussian(random, 0, spread * 0.25), 0.12 * length);
      const nx = length > 0 ? -(y2 - y1) / length : 0;
      const ny = length > 0 ? (x2 - x1) / length : 0;
      const midpoint: Point = [
        (x1 + x2) / 2 + nx * normal + ny * along,
        (y1 + y2) / 2 + ny * normal - nx * along,
      ];
      next.push(vertex, { point: midpoint, variance: vertex.variance * (0.7 + random() * 0.5) });
    });
    current = next;
  }
  return current;
}

export interface WashOptions {
  /** Polygon of the wash's rough shape (cm). */
  shape: readonly Point[];
  tint: string;
  layers?: number;
  alpha?: number;
  /** Edge wandering: 0.5 calm, 1.5 wild. */
  wildness?: number;
  /** How far each layer strays from the wash's outline (0.3 crisp, 1 diffuse). */
  bleed?: number;
  /** Pigment granulation inside the wash (0 none). */
  granulation?: number;
}

export function wash(ctx: ArtContext, options: WashOptions): void {
  const { ck, canvas, random } = ctx;
  const wildness = options.wildness ?? 1;
  const bleed = options.bleed ?? 0.45;
  const base = deform(
    options.shape.map((point) => ({ point, variance: wildness * (0.5 + random()) })),
    4,
    random,
  );
  const layers = options.layers ?? 30;
  const rawOutline = polygon(
    ctx,
    base.map((vertex) => vertex.point),
  );
  // Simplified: a self-crossing outline would draw its crossings as lines in the rim.
  const outlinePath =
    ck.Path.MakeFromOp(rawOutline, rawOutline, ck.PathOp.Union) ?? rawOutline.copy();
  rawOutline.delete();
  canvas.saveLayer(undefined, null, null, 0);
  withPaint(fillPaint(ctx, options.tint, options.alpha ?? 0.06), (paint) => {
    paint.setMaskFilter(ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, 0.05, true));
    for (let layer = 0; layer < layers; layer++) {
      const outline = deform(
        base.map((vertex) => ({ point: vertex.point, variance: vertex.variance * bleed })),
        2,
        random,
      ).map((vertex) => vertex.point);
      const path = polygon(ctx, outline);
      canvas.drawPath(path, paint);
      path.delete();
    }
  });
  // Blooms: the pigment thins unevenly where the water pooled.
  const bounds = outlinePath.getBounds();
  const box = {
    x: bounds[0]! - 1,
    y: bounds[1]! - 1,
    width: bounds[2]! - bounds[0]! + 2,
    height: bounds[3]! - bounds[1]! + 2,
  };
  withPaint(
    noisePaint(ctx, {
      frequency: 0.22,
      octaves: 3,
      seed: Math.floor(random() * 1000),
      tint: '#000000',
      gain: 1.6,
      bias: -0.62,
    }),
    (paint) => {
      paint.setBlendMode(ck.BlendMode.DstOut);
      canvas.drawRect(ck.XYWHRect(box.x, box.y, box.width, box.height), paint);
    },
  );
  // The dried edge: pigment gathers in a darker rim.
  withPaint(strokePaint(ctx, options.tint, 0.1, 0.4), (paint) => {
    paint.setMaskFilter(ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, 0.04, true));
    canvas.drawPath(outlinePath, paint);
  });
  // Granulation: pigment settles in the paper's tooth.
  const granulation = options.granulation ?? 0.5;
  if (granulation > 0) {
    canvas.save();
    canvas.clipPath(outlinePath, ck.ClipOp.Intersect, true);
    fillNoise(ctx, box, {
      frequency: 1.6,
      octaves: 3,
      seed: Math.floor(random() * 1000),
      tint: options.tint,
      gain: 1.1 * granulation,
      bias: -0.45 * granulation,
    });
    fillNoise(ctx, box, {
      frequency: 0.25,
      octaves: 3,
      seed: Math.floor(random() * 1000),
      tint: options.tint,
      gain: 0.9 * granulation,
      bias: -0.35 * granulation,
    });
    canvas.restore();
  }
  canvas.restore();
  outlinePath.delete();
}

/** A rough blob outline around (cx, cy). */
export function blob(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  random: Random,
  sides = 18,
): Point[] {
  return Array.from({ length: sides }, (_, index) => {
    const angle = (index / sides) * Math.PI * 2;
    const wobble = 0.85 + random() * 0.3;
    return [cx + Math.cos(angle) * rx * wobble, cy + Math.sin(angle) * ry * wobble] as Point;
  });
}

/** Splatters: a few drops of varying size, with a soft edge. */
export function splatter(
  ctx: ArtContext,
  cx: number,
  cy: number,
  spread: number,
  tint: string,
  count: number,
): void {
  const { ck, canvas, random } = ctx;
  for (let i = 0; i < count; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.abs(gaussian(random, 0, spread));
    const radius = 0.04 + random() ** 3 * 0.35;
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance;
    const shader = ck.Shader.MakeRadialGradient(
      [x, y],
      radius,
      [color(ck, tint, 0.55), color(ck, tint, 0.35), color(ck, tint, 0)],
      [0, 0.8, 1],
      ck.TileMode.Clamp,
    );
    withPaint(new ck.Paint(), (paint) => {
      paint.setAntiAlias(true);
      paint.setShader(shader);
      canvas.drawCircle(x, y, radius, paint);
    });
    shader.delete();
  }
}
