/** Retro graphics: sunbursts, concentric rainbow rings, halftone dots, sparkles. */
import { drawPath, fillPaint, polygon, withPaint, type ArtContext, type Point } from './core';

/** Alternating rays from (cx, cy) to beyond the canvas. */
export function sunburst(
  ctx: ArtContext,
  cx: number,
  cy: number,
  rays: number,
  tints: readonly string[],
  reach: number,
  twist = 0,
): void {
  for (let index = 0; index < rays; index++) {
    const start = twist + (index / rays) * Math.PI * 2;
    const end = twist + ((index + 1) / rays) * Math.PI * 2;
    withPaint(fillPaint(ctx, tints[index % tints.length]!), (paint) => {
      drawPath(
        ctx,
        polygon(ctx, [
          [cx, cy],
          [cx + Math.cos(start) * reach, cy + Math.sin(start) * reach],
          [cx + Math.cos(end) * reach, cy + Math.sin(end) * reach],
        ]),
        paint,
      );
    });
  }
}

/** Concentric rings, outermost first; widths in cm. */
export function rings(
  ctx: ArtContext,
  cx: number,
  cy: number,
  innerRadius: number,
  bands: readonly [string, number][],
): void {
  let radius = innerRadius + bands.reduce((sum, [, width]) => sum + width, 0);
  for (const [tint, width] of [...bands].reverse()) {
    withPaint(fillPaint(ctx, tint), (paint) => ctx.canvas.drawCircle(cx, cy, radius, paint));
    radius -= width;
  }
}

/** Halftone dots on a grid, growing along a direction: a printed gradient. */
export function halftone(
  ctx: ArtContext,
  rect: { x: number; y: number; width: number; height: number },
  spacing: number,
  tint: string,
  size: (x: number, y: number) => number,
): void {
  withPaint(fillPaint(ctx, tint), (paint) => {
    for (let row = 0; row * spacing * 0.866 <= rect.height; row++) {
      const y = rect.y + row * spacing * 0.866;
      for (let x = rect.x + (row % 2) * spacing * 0.5; x <= rect.x + rect.width; x += spacing) {
        const radius = size(x, y) * spacing * 0.5;
        if (radius > 0.01) ctx.canvas.drawCircle(x, y, radius, paint);
      }
    }
  });
}

/** A four-pointed sparkle. */
export function sparkle(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  tint: string,
): void {
  const points: Point[] = [];
  for (let index = 0; index < 8; index++) {
    const angle = (index / 8) * Math.PI * 2 - Math.PI / 2;
    const r = index % 2 === 0 ? radius : radius * 0.22;
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  withPaint(fillPaint(ctx, tint), (paint) => drawPath(ctx, polygon(ctx, points), paint));
}
