/** 204 "Zonnestralen" (joost, retro): a seventies sunburst with rainbow rings round a round photo. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { fillPaint, strokePaint, withPaint, type ArtContext } from '../art/core';
import { halftone, rings, sparkle, sunburst } from '../art/retro';
import { fillNoise, grain, vignette } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 40;
const H = 50;
const CREAM = '#f4e4c1';
const BROWN = '#5a3a26';
const SUN = { cx: 20, cy: 16, radius: 10 };
const RING_BANDS: [string, number][] = [
  [CREAM, 0.45],
  ['#2f7f7a', 0.9],
  ['#e0a526', 0.9],
  ['#d9692b', 0.9],
  ['#a8432a', 0.9],
];
const MAIN: Rect = {
  x: SUN.cx - SUN.radius,
  y: SUN.cy - SUN.radius,
  width: 2 * SUN.radius,
  height: 2 * SUN.radius,
};
const ROW: Rect[] = [0, 1, 2].map((index) => ({
  x: 3.2 + index * 11.65,
  y: 39.4,
  width: 10.3,
  height: 8,
}));
const TITLE: Rect = { x: 3, y: 30.6, width: 34, height: 5.6 };
const SUBTITLE: Rect = { x: 3, y: 35.9, width: 34, height: 2.8 };

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  const all = FULL({ widthCm: W, heightCm: H });
  withPaint(fillPaint(ctx, CREAM), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  sunburst(ctx, SUN.cx, SUN.cy, 36, ['#edc88a', CREAM], 80, 0.04);
  // The bottom third calms down into a plain band for the title and the row of photos.
  const shader = ck.Shader.MakeLinearGradient(
    [0, 27],
    [0, 31],
    [ck.Color(244, 228, 193, 0), ck.Color(244, 228, 193, 1)],
    null,
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setShader(shader);
    canvas.drawRect(ck.XYWHRect(0, 27, W, H - 27), paint);
  });
  shader.delete();
  halftone(
    ctx,
    { x: 0, y: 43, width: W, height: 7 },
    0.55,
    '#e0a526',
    (_x, y) => Math.max(0, (y - 44) / 6) * 0.9,
  );
  withPaint(fillPaint(ctx, CREAM), (paint) =>
    canvas.drawCircle(SUN.cx, SUN.cy, SUN.radius + 4.3, paint),
  );
  rings(ctx, SUN.cx, SUN.cy, SUN.radius, RING_BANDS);
  // Seventies stripes along the bottom edge.
  ['#a8432a', '#d9692b', '#e0a526', '#2f7f7a'].forEach((tint, index) => {
    withPaint(fillPaint(ctx, tint), (paint) =>
      canvas.drawRect(ck.XYWHRect(0, H - 1.6 + index * 0.4, W, 0.4), paint),
    );
  });
  // Rounded "television" frames for the row of photos.
  withPaint(fillPaint(ctx, BROWN), (paint) => {
    ROW.forEach((rect) =>
      canvas.drawRRect(
        ck.RRectXY(
          ck.XYWHRect(rect.x - 0.35, rect.y - 0.35, rect.width + 0.7, rect.height + 0.7),
          1.9,
          1.9,
        ),
        paint,
      ),
    );
  });
  withPaint(strokePaint(ctx, BROWN, 0.08), (paint) => {
    canvas.drawLine(8, SUBTITLE.y + 1.35, 13.2, SUBTITLE.y + 1.35, paint);
    canvas.drawLine(26.8, SUBTITLE.y + 1.35, 32, SUBTITLE.y + 1.35, paint);
  });
  sparkle(ctx, 4.5, 4.2, 1.3, '#fff6e0');
  sparkle(ctx, 36.2, 27.5, 1.1, '#fff6e0');
  sparkle(ctx, 35, 3.5, 0.7, '#fff6e0');
  // Risograph-like print: speckle and a slight unevenness of the ink.
  fillNoise(ctx, all, { frequency: 0.12, seed: 41, tint: '#c47a2c', gain: 0.5, bias: -0.22 });
  grain(ctx, all, 42, 0.9);
  vignette(ctx, all, '#7a4a20', 0.25);
}

export const retroSun: Design = {
  id: '204',
  slug: 'zonnestralen-4050',
  widthCm: W,
  heightCm: H,
  designer: 'joost',
  design: 'zonnestralen',
  backgroundColor: CREAM,
  artwork: [{ file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background }],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    layers.push({ kind: 'clip', name: 'sun', ...MAIN, shape: 'circle' });
    layers.push(photo('img1', MAIN, 0, 'sun'));
    ROW.forEach((rect, index) => {
      layers.push({ kind: 'clip', name: `tv${index + 1}`, ...rect, shape: 'rect', radiusCm: 1.6 });
      layers.push(photo(`img${index + 2}`, rect, 0, `tv${index + 1}`));
    });
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'McLaren', fontSize: 2.54, color: BROWN, valign: 'bottom' },
        'Goede tijden',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        {
          font: 'Montserrat',
          fontSize: 0.706,
          color: '#2f7f7a',
          valign: 'middle',
          letterSpacing: 0.3,
          caps: true,
        },
        'Zomer 2025',
      ),
    );
    return layers;
  },
};
