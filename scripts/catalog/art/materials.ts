/** Material surfaces: metallic gold, wood planks, linen canvas, slate. */
import type { Paint } from 'canvaskit-wasm';
import type { Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import { fillPaint, mix, strokePaint, withPaint, type ArtContext } from './core';
import { fillNoise, grain } from './texture';

/** A paint with a brushed-gold gradient across the whole design. */
export function goldPaint(ctx: ArtContext, stroke?: number): Paint {
  const { ck } = ctx;
  const paint =
    stroke === undefined ? fillPaint(ctx, '#c8a45c') : strokePaint(ctx, '#c8a45c', stroke);
  const stops = ['#a67c3d', '#e9d59c', '#b88e4a', '#f1e2b0', '#9c7436', '#d8bd7c'];
  const shader = ck.Shader.MakeLinearGradient(
    [0, 0],
    [ctx.widthCm * 0.6, ctx.heightCm],
    stops.map((stop) => color(ck, stop)),
    null,
    ck.TileMode.Mirror,
  );
  paint.setShader(shader);
  shader.delete();
  return paint;
}

export interface WoodOptions {
  base: string;
  plankWidth: number;
  seed: number;
  vertical?: boolean;
}

/** Planks of wood with grain along them, a little colour difference between planks, dark seams. */
export function wood(ctx: ArtContext, rect: Rect, options: WoodOptions): void {
  const { ck, canvas, random } = ctx;
  const vertical = options.vertical ?? true;
  const span = vertical ? rect.width : rect.height;
  const count = Math.ceil(span / options.plankWidth);
  for (let index = 0; index < count; index++) {
    const plank: Rect = vertical
      ? {
          x: rect.x + index * options.plankWidth,
          y: rect.y,
          width: options.plankWidth,
          height: rect.height,
        }
      : {
          x: rect.x,
          y: rect.y + index * options.plankWidth,
          width: rect.width,
          height: options.plankWidth,
        };
    const tint = mix(options.base, random() < 0.5 ? '#8a5a32' : '#f3dcb8', random() * 0.22);
    canvas.save();
    canvas.clipRect(
      ck.XYWHRect(plank.x, plank.y, plank.width, plank.height),
      ck.ClipOp.Intersect,
      true,
    );
    withPaint(fillPaint(ctx, tint), (paint) =>
      canvas.drawRect(ck.XYWHRect(plank.x, plank.y, plank.width, plank.height), paint),
    );
    const along = 0.03;
    const across = 1.1;
    fillNoise(ctx, plank, {
      frequency: vertical ? across : along,
      frequencyY: vertical ? along : across,
      octaves: 4,
      seed: options.seed + index,
      tint: mix(tint, '#4a2c14', 0.6),
      gain: 1.2,
      bias: -0.45,
    });
    fillNoise(ctx, plank, {
      frequency: vertical ? 3 : 0.08,
      frequencyY: vertical ? 0.08 : 3,
      octaves: 2,
      seed: options.seed + 50 + index,
      tint: mix(tint, '#3a200c', 0.5),
      gain: 0.8,
      bias: -0.38,
    });
    canvas.restore();
    // The seam: a dark gap with a light edge beside it.
    withPaint(strokePaint(ctx, '#3b2514', 0.12, 0.75), (paint) => {
      if (vertical) canvas.drawLine(plank.x, rect.y, plank.x, rect.y + rect.height, paint);
      else canvas.drawLine(rect.x, plank.y, rect.x + rect.width, plank.y, paint);
    });
    withPaint(strokePaint(ctx, '#fff3dc', 0.05, 0.25), (paint) => {
      if (vertical)
        canvas.drawLine(plank.x + 0.1, rect.y, plank.x + 0.1, rect.y + rect.height, paint);
      else canvas.drawLine(rect.x, plank.y + 0.1, rect.x + rect.width, plank.y + 0.1, paint);
    });
  }
  grain(ctx, rect, options.seed + 99, 0.6);
}

/** Linen or cotton canvas: a fine weave of threads. */
export function linen(ctx: ArtContext, rect: Rect, base: string, seed: number): void {
  const { ck, canvas } = ctx;
  withPaint(fillPaint(ctx, base), (paint) =>
    canvas.drawRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint),
  );
  fillNoise(ctx, rect, {
    frequency: 9,
    frequencyY: 0.4,
    octaves: 2,
    seed,
    tint: mix(base, '#6b5a40', 0.4),
    gain: 0.45,
    bias: -0.2,
  });
  fillNoise(ctx, rect, {
    frequency: 0.4,
    frequencyY: 9,
    octaves: 2,
    seed: seed + 1,
    tint: mix(base, '#6b5a40', 0.4),
    gain: 0.45,
    bias: -0.2,
  });
  fillNoise(ctx, rect, {
    frequency: 0.1,
    octaves: 3,
    seed: seed + 2,
    tint: mix(base, '#8a7a60', 0.5),
    gain: 0.5,
    bias: -0.2,
  });
  grain(ctx, rect, seed + 3, 0.5);
}
