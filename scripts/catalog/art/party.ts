/** Party things: confetti of paper and foil, curled streamers, balloons. */
import type { Random } from '../ck';
import { color } from '../ck';
import {
  drawPath,
  fillPaint,
  polygon,
  smoothCurve,
  strokePaint,
  withPaint,
  type ArtContext,
  type Point,
} from './core';
import { shadowUnder } from './paperCraft';

export const PARTY_COLOURS = [
  '#ef476f',
  '#ffd166',
  '#06d6a0',
  '#118ab2',
  '#f78c6b',
  '#9b5de5',
  '#ff99c8',
];

export interface ConfettiOptions {
  count: number;
  /** Whether a piece may land at (x, y): keeps the photos and the title clear, or thins the middle. */
  accept(x: number, y: number, random: Random): boolean;
  size?: number;
  colours?: readonly string[];
  gold?: boolean;
}

export function confetti(ctx: ArtContext, options: ConfettiOptions): void {
  const { ck, canvas, random } = ctx;
  const size = options.size ?? 0.45;
  const colours = options.colours ?? PARTY_COLOURS;
  let placed = 0;
  for (let tries = 0; placed < options.count && tries < options.count * 40; tries++) {
    const x = random() * ctx.widthCm;
    const y = random() * ctx.heightCm;
    if (!options.accept(x, y, random)) continue;
    placed++;
    const kind = random();
    const scale = size * (0.6 + random() * 0.8);
    const gold = options.gold === true && random() < 0.22;
    const tint = gold ? '#d4af37' : colours[Math.floor(random() * colours.length)]!;
    canvas.save();
    canvas.rotate(random() * 360, x, y);
    const paint = fillPaint(ctx, tint);
    if (gold) {
      const shader = ck.Shader.MakeLinearGradient(
        [x - scale, y - scale],
        [x + scale, y + scale],
        ['#a67c2d', '#f6e27a', '#b8862b', '#fff3b0'].map((stop) => color(ck, stop)),
        null,
        ck.TileMode.Mirror,
      );
      paint.setShader(shader);
      shader.delete();
    }
    let shape;
    if (kind < 0.45) {
      // A paper strip, foreshortened as it turns in the air.
      const squash = 0.35 + random() * 0.65;
      shape = new ck.PathBuilder()
        .addRect(
          ck.XYWHRect(x - scale * 0.3 * squash, y - scale * 0.7, scale * 0.6 * squash, scale * 1.4),
        )
        .detachAndDelete();
    } else if (kind < 0.75) {
      const squash = 0.45 + random() * 0.55;
      shape = new ck.PathBuilder()
        .addOval(
          ck.XYWHRect(x - scale * 0.4, y - scale * 0.4 * squash, scale * 0.8, scale * 0.8 * squash),
        )
        .detachAndDelete();
    } else if (kind < 0.9) {
      shape = polygon(ctx, [
        [x, y - scale * 0.55],
        [x + scale * 0.5, y + scale * 0.35],
        [x - scale * 0.5, y + scale * 0.35],
      ]);
    } else {
      shape = squiggle(ctx, x, y, scale);
      paint.setStyle(ck.PaintStyle.Stroke);
      paint.setStrokeWidth(scale * 0.22);
      paint.setStrokeCap(ck.StrokeCap.Round);
    }
    if (kind < 0.9) shadowUnder(ctx, shape, 0.05, 0.16, 0.03, 0.05);
    canvas.drawPath(shape, paint);
    shape.delete();
    paint.delete();
    canvas.restore();
  }
}

function squiggle(ctx: ArtContext, x: number, y: number, scale: number) {
  const points: Point[] = [];
  for (let index = 0; index <= 6; index++)
    points.push([x - scale + (index * scale) / 3, y + (index % 2 === 0 ? -0.3 : 0.3) * scale]);
  return smoothCurve(ctx, points);
}

/** A curled paper streamer from (x, y) along a direction, as a ribbon that twists. */
export function streamer(
  ctx: ArtContext,
  start: Point,
  angle: number,
  length: number,
  width: number,
  tint: string,
): void {
  const { random } = ctx;
  const points: Point[] = [];
  let [x, y] = start;
  let heading = angle;
  const steps = 40;
  for (let index = 0; index <= steps; index++) {
    points.push([x, y]);
    heading += Math.sin(index * 0.55 + random() * 0.3) * 0.35;
    x += (Math.cos(heading) * length) / steps;
    y += (Math.sin(heading) * length) / steps;
  }
  const path = smoothCurve(ctx, points);
  shadowUnder(ctx, path, 0.06, 0, 0, 0);
  withPaint(strokePaint(ctx, '#000000', width * 1.05, 0.12), (paint) => {
    ctx.canvas.save();
    ctx.canvas.translate(0.05, 0.08);
    ctx.canvas.drawPath(path, paint);
    ctx.canvas.restore();
  });
  withPaint(strokePaint(ctx, tint, width), (paint) => ctx.canvas.drawPath(path, paint));
  withPaint(strokePaint(ctx, '#ffffff', width * 0.25, 0.35), (paint) => drawPath(ctx, path, paint));
}

/** A garland of triangular flags hung between pegs at the given x positions along the top. */
export function bunting(
  ctx: ArtContext,
  pegs: readonly number[],
  top: number,
  sag: number,
  colours: readonly string[],
): void {
  const { ck, canvas } = ctx;
  let flag = 0;
  for (let index = 0; index + 1 < pegs.length; index++) {
    const x0 = pegs[index]!;
    const x1 = pegs[index + 1]!;
    const at = (t: number): Point => [x0 + (x1 - x0) * t, top + sag * 4 * t * (1 - t)];
    withPaint(strokePaint(ctx, '#7a6a5a', 0.06), (paint) => {
      const cord = new ck.PathBuilder();
      cord.moveTo(x0, top);
      cord.quadTo((x0 + x1) / 2, top + sag * 2, x1, top);
      drawPath(ctx, cord.detachAndDelete(), paint);
    });
    const flags = 7;
    for (let n = 0; n < flags; n++) {
      const a = at((n + 0.15) / flags);
      const b = at((n + 0.85) / flags);
      const mid = at((n + 0.5) / flags);
      const length = 1.7;
      const tip: Point = [mid[0], mid[1] + length];
      const shape = polygon(ctx, [a, b, tip]);
      shadowUnder(ctx, shape, 0.08, 0.2, 0.05, 0.1);
      withPaint(fillPaint(ctx, colours[flag % colours.length]!), (paint) =>
        canvas.drawPath(shape, paint),
      );
      withPaint(fillPaint(ctx, '#ffffff', 0.35), (paint) =>
        canvas.drawCircle(mid[0], mid[1] + length * 0.35, 0.16, paint),
      );
      shape.delete();
      flag++;
    }
  }
}

export function balloon(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  tint: string,
): void {
  const { ck, canvas } = ctx;
  const body = new ck.PathBuilder();
  body.moveTo(cx, cy + radius * 1.2);
  body.cubicTo(
    cx - radius * 1.35,
    cy + radius * 0.7,
    cx - radius * 1.1,
    cy - radius * 1.15,
    cx,
    cy - radius * 1.15,
  );
  body.cubicTo(
    cx + radius * 1.1,
    cy - radius * 1.15,
    cx + radius * 1.35,
    cy + radius * 0.7,
    cx,
    cy + radius * 1.2,
  );
  body.close();
  const path = body.detachAndDelete();
  shadowUnder(ctx, path, 0.25, 0.22, 0.2, 0.3);
  const shader = ck.Shader.MakeRadialGradient(
    [cx - radius * 0.4, cy - radius * 0.5],
    radius * 1.8,
    [color(ck, '#ffffff', 1), color(ck, tint), color(ck, tint)],
    [0, 0.25, 1],
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setAntiAlias(true);
    paint.setShader(shader);
    canvas.drawPath(path, paint);
  });
  shader.delete();
  path.delete();
  withPaint(fillPaint(ctx, tint), (paint) =>
    drawPath(
      ctx,
      polygon(ctx, [
        [cx, cy + radius * 1.15],
        [cx - radius * 0.16, cy + radius * 1.38],
        [cx + radius * 0.16, cy + radius * 1.38],
      ]),
      paint,
    ),
  );
  withPaint(strokePaint(ctx, '#8a8a8a', 0.05, 0.8), (paint) => {
    const string = new ck.PathBuilder();
    string.moveTo(cx, cy + radius * 1.38);
    string.cubicTo(
      cx + radius * 0.4,
      cy + radius * 2.2,
      cx - radius * 0.4,
      cy + radius * 2.9,
      cx + radius * 0.1,
      cy + radius * 3.8,
    );
    drawPath(ctx, string.detachAndDelete(), paint);
  });
}
