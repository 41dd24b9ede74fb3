/** Chalkboard: slate with wiped smudges, chalk lines with a grainy edge, hand-drawn doodles, a wooden frame. */
import type { Paint } from 'canvaskit-wasm';
import type { Rect } from '../../../src/model/layout/types';
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
import { wood } from './materials';
import { fillNoise, grain, noisePaint } from './texture';

export function slate(ctx: ArtContext, rect: Rect, seed: number): void {
  const { ck, canvas, random } = ctx;
  withPaint(fillPaint(ctx, '#2c3834'), (paint) =>
    canvas.drawRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint),
  );
  fillNoise(ctx, rect, { frequency: 0.08, seed, tint: '#5d6c66', gain: 0.9, bias: -0.35 });
  grain(ctx, rect, seed + 1, 0.5);
  // Wiped chalk: wide, faint arcs where a sponge went over the board.
  withPaint(strokePaint(ctx, '#ffffff', 2.4, 0.035), (paint) => {
    paint.setMaskFilter(ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, 0.6, true));
    for (let index = 0; index < 9; index++) {
      const cx = rect.x + random() * rect.width;
      const cy = rect.y + random() * rect.height;
      const radius = 4 + random() * 8;
      const start = random() * 360;
      const arc = new ck.PathBuilder()
        .addArc(
          ck.XYWHRect(cx - radius, cy - radius, 2 * radius, 2 * radius),
          start,
          70 + random() * 90,
        )
        .detachAndDelete();
      canvas.drawPath(arc, paint);
      arc.delete();
    }
  });
}

/** Draws with chalk: everything drawn inside gets a broken, grainy edge. */
export function chalk(
  ctx: ArtContext,
  seed: number,
  draw: (stroke: (tint: string, width: number) => Paint) => void,
): void {
  const { ck, canvas } = ctx;
  canvas.saveLayer(undefined, null, null, 0);
  draw((tint, width) => {
    const paint = strokePaint(ctx, tint, width, 0.9);
    paint.setPathEffect(ck.PathEffect.MakeDiscrete(0.35, 0.035, seed));
    return paint;
  });
  withPaint(
    noisePaint(ctx, { frequency: 9, octaves: 2, seed, tint: '#000000', gain: 2.6, bias: -0.75 }),
    (paint) => {
      paint.setBlendMode(ck.BlendMode.DstIn);
      canvas.drawRect(ck.XYWHRect(0, 0, ctx.widthCm, ctx.heightCm), paint);
    },
  );
  canvas.restore();
}

/** A rectangle drawn twice by hand, never quite closing. */
export function sketchRect(ctx: ArtContext, rect: Rect, paint: Paint): void {
  const { random } = ctx;
  for (let pass = 0; pass < 2; pass++) {
    const j = () => (random() - 0.5) * 0.35;
    const points: Point[] = [
      [rect.x + j() - 0.3, rect.y + j()],
      [rect.x + rect.width + j(), rect.y + j()],
      [rect.x + rect.width + j(), rect.y + rect.height + j()],
      [rect.x + j(), rect.y + rect.height + j()],
      [rect.x + j(), rect.y - 0.4 + j()],
    ];
    drawPath(ctx, polygon(ctx, points, false), paint);
  }
}

export function star(ctx: ArtContext, cx: number, cy: number, radius: number, paint: Paint): void {
  const points: Point[] = [];
  for (let index = 0; index <= 10; index++) {
    const angle = (index / 10) * Math.PI * 2 - Math.PI / 2;
    const r = index % 2 === 0 ? radius : radius * 0.45;
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  drawPath(ctx, polygon(ctx, points, false), paint);
}

export function heart(ctx: ArtContext, cx: number, cy: number, size: number, paint: Paint): void {
  const { ck } = ctx;
  const builder = new ck.PathBuilder();
  builder.moveTo(cx, cy + size * 0.45);
  builder.cubicTo(
    cx - size * 0.9,
    cy - size * 0.1,
    cx - size * 0.45,
    cy - size * 0.75,
    cx,
    cy - size * 0.3,
  );
  builder.cubicTo(
    cx + size * 0.45,
    cy - size * 0.75,
    cx + size * 0.9,
    cy - size * 0.1,
    cx,
    cy + size * 0.45,
  );
  drawPath(ctx, builder.detachAndDelete(), paint);
}

export function sun(ctx: ArtContext, cx: number, cy: number, radius: number, paint: Paint): void {
  ctx.canvas.drawCircle(cx, cy, radius, paint);
  for (let index = 0; index < 10; index++) {
    const angle = (index / 10) * Math.PI * 2;
    ctx.canvas.drawLine(
      cx + Math.cos(angle) * radius * 1.35,
      cy + Math.sin(angle) * radius * 1.35,
      cx + Math.cos(angle) * radius * 1.9,
      cy + Math.sin(angle) * radius * 1.9,
      paint,
    );
  }
}

export function swirl(
  ctx: ArtContext,
  cx: number,
  cy: number,
  radius: number,
  turns: number,
  paint: Paint,
): void {
  const points: Point[] = [];
  for (let index = 0; index <= turns * 24; index++) {
    const angle = (index / 24) * Math.PI * 2;
    const r = (radius * index) / (turns * 24);
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  drawPath(ctx, smoothCurve(ctx, points), paint);
}

/** A banner with folded tails, as drawn on a menu board. */
export function banner(ctx: ArtContext, rect: Rect, paint: Paint): void {
  const { x, y, width, height } = rect;
  const sag = height * 0.18;
  const top = smoothCurve(ctx, [
    [x, y + sag],
    [x + width / 2, y],
    [x + width, y + sag],
  ]);
  const bottom = smoothCurve(ctx, [
    [x, y + height + sag],
    [x + width / 2, y + height],
    [x + width, y + height + sag],
  ]);
  drawPath(ctx, top, paint);
  drawPath(ctx, bottom, paint);
  ctx.canvas.drawLine(x, y + sag, x, y + height + sag, paint);
  ctx.canvas.drawLine(x + width, y + sag, x + width, y + height + sag, paint);
  const tail = height * 0.55;
  const fold = (edge: number, out: number) => {
    drawPath(
      ctx,
      polygon(
        ctx,
        [
          [edge, y + sag + height * 0.3],
          [edge + out * tail, y + sag + height * 0.3],
          [edge + out * tail * 0.6, y + sag + height * 0.8],
          [edge + out * tail, y + sag + height * 1.3],
          [edge, y + sag + height * 1.3],
        ],
        false,
      ),
      paint,
    );
  };
  fold(x, -1);
  fold(x + width, 1);
}

/** A wooden picture frame of the given width round the rect, mitred at the corners. */
export function woodFrame(ctx: ArtContext, rect: Rect, frame: number, seed: number): void {
  const { ck, canvas } = ctx;
  const outer = rect;
  const inner = {
    x: rect.x + frame,
    y: rect.y + frame,
    width: rect.width - 2 * frame,
    height: rect.height - 2 * frame,
  };
  const sides: { points: Point[]; vertical: boolean }[] = [
    {
      points: [
        [outer.x, outer.y],
        [outer.x + outer.width, outer.y],
        [inner.x + inner.width, inner.y],
        [inner.x, inner.y],
      ],
      vertical: false,
    },
    {
      points: [
        [outer.x, outer.y + outer.height],
        [outer.x + outer.width, outer.y + outer.height],
        [inner.x + inner.width, inner.y + inner.height],
        [inner.x, inner.y + inner.height],
      ],
      vertical: false,
    },
    {
      points: [
        [outer.x, outer.y],
        [inner.x, inner.y],
        [inner.x, inner.y + inner.height],
        [outer.x, outer.y + outer.height],
      ],
      vertical: true,
    },
    {
      points: [
        [outer.x + outer.width, outer.y],
        [inner.x + inner.width, inner.y],
        [inner.x + inner.width, inner.y + inner.height],
        [outer.x + outer.width, outer.y + outer.height],
      ],
      vertical: true,
    },
  ];
  sides.forEach((side, index) => {
    const path = polygon(ctx, side.points);
    canvas.save();
    canvas.clipPath(path, ck.ClipOp.Intersect, true);
    wood(ctx, outer, {
      base: index < 2 ? '#9a6a3c' : '#8e6035',
      plankWidth: side.vertical ? outer.width : outer.height,
      seed: seed + index,
      vertical: side.vertical,
    });
    // Light from the top left: the top and left bars are a little brighter.
    withPaint(fillPaint(ctx, index === 0 || index === 2 ? '#ffffff' : '#000000', 0.1), (paint) =>
      canvas.drawPath(path, paint),
    );
    canvas.restore();
    withPaint(strokePaint(ctx, '#3b2514', 0.05, 0.6), (paint) => canvas.drawPath(path, paint));
    path.delete();
  });
  // The board sits in the frame's rebate: a shadow along the inner edge.
  withPaint(strokePaint(ctx, '#000000', 0.5, 0.45), (paint) => {
    paint.setMaskFilter(ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, 0.25, true));
    canvas.save();
    canvas.clipRect(
      ck.XYWHRect(inner.x, inner.y, inner.width, inner.height),
      ck.ClipOp.Intersect,
      true,
    );
    canvas.drawRect(ck.XYWHRect(inner.x, inner.y, inner.width, inner.height), paint);
    canvas.restore();
  });
}
