/** 201 "Waterverf" (anna, painting): soft watercolour washes behind rounded photos. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { fillPaint, withPaint, type ArtContext } from '../art/core';
import { fillNoise, grain } from '../art/texture';
import { blob, splatter, wash } from '../art/watercolour';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 40;
const PLUM = '#6d4c6f';

const PHOTOS: Rect[] = [
  { x: 3.5, y: 3.5, width: 24.5, height: 17.5 },
  { x: 30.5, y: 3.5, width: 16, height: 11 },
  { x: 30.5, y: 16.5, width: 16, height: 11 },
  { x: 3.5, y: 23.5, width: 12, height: 13 },
  { x: 17.5, y: 23.5, width: 10.5, height: 13 },
];
const TITLE: Rect = { x: 29.5, y: 28.6, width: 18, height: 5.6 };
const SUBTITLE: Rect = { x: 29.5, y: 34.0, width: 18, height: 2.8 };

/** Washes: [centre x, centre y, radius x, radius y, colour]. */
const WASHES: [number, number, number, number, string][] = [
  [8, 6, 13, 9, '#f0b9ae'],
  [42, 8, 12, 9, '#a9cbd8'],
  [44, 31, 11, 9, '#d8b9dc'],
  [35, 33, 9, 6, '#f6d1ae'],
  [10, 33, 12, 8, '#b3d3bb'],
  [24, 20, 12, 9, '#f7dcc2'],
  [27, 3, 7, 4, '#c8d8ee'],
  [2, 20, 5, 8, '#e9c3d5'],
];

function background(ctx: ArtContext): void {
  const { ck, canvas, random } = ctx;
  const all = FULL({ widthCm: W, heightCm: H });
  withPaint(fillPaint(ctx, '#fcfaf5'), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  // Cold-pressed paper: a gentle tooth before the paint.
  fillNoise(ctx, all, {
    frequency: 2.2,
    octaves: 3,
    seed: 11,
    tint: '#d9cfc0',
    gain: 0.6,
    bias: -0.3,
  });
  WASHES.forEach(([cx, cy, rx, ry, tint]) =>
    wash(ctx, {
      shape: blob(cx, cy, rx, ry, random, 9),
      tint,
      layers: 34,
      alpha: 0.05,
      wildness: 1.1,
    }),
  );
  // A second, smaller glaze in the deeper tones.
  WASHES.slice(0, 5).forEach(([cx, cy, rx, ry, tint]) =>
    wash(ctx, {
      shape: blob(cx + rx * 0.2, cy - ry * 0.1, rx * 0.45, ry * 0.45, random, 7),
      tint,
      layers: 20,
      alpha: 0.06,
      wildness: 1.4,
    }),
  );
  // A calm wash behind the title.
  wash(ctx, {
    shape: blob(TITLE.x + TITLE.width / 2, TITLE.y + 4, 10, 4.5, random, 8),
    tint: '#fdf1e6',
    layers: 24,
    alpha: 0.12,
    wildness: 0.7,
  });
  splatter(ctx, 46, 25, 2.2, '#b58bb8', 26);
  splatter(ctx, 3, 12, 1.6, '#e49a8c', 18);
  splatter(ctx, 26, 38, 2, '#8fb7c5', 16);
  grain(ctx, all, 12, 0.5);
  // Fine pale margins round the photos, as if left unpainted with masking tape.
  withPaint(fillPaint(ctx, '#fffdf9', 0.85), (paint) => {
    PHOTOS.forEach((rect) =>
      canvas.drawRRect(
        ck.RRectXY(
          ck.XYWHRect(rect.x - 0.45, rect.y - 0.45, rect.width + 0.9, rect.height + 0.9),
          1.1,
          1.1,
        ),
        paint,
      ),
    );
  });
}

export const watercolour: Design = {
  id: '201',
  slug: 'waterverf-5040',
  widthCm: W,
  heightCm: H,
  designer: 'anna',
  design: 'waterverf',
  backgroundColor: '#fcfaf5',
  artwork: [{ file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background }],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    PHOTOS.forEach((rect, index) => {
      layers.push({
        kind: 'clip',
        name: `rounded${index + 1}`,
        ...rect,
        shape: 'rect',
        radiusCm: 0.8,
      });
      layers.push(photo(`img${index + 1}`, rect, 0, `rounded${index + 1}`));
    });
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'Indie Flower', fontSize: 2.54, color: PLUM, valign: 'bottom' },
        'Onze zomer',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        {
          font: 'Nunito',
          fontSize: 0.917,
          color: '#8a7486',
          valign: 'top',
          letterSpacing: 0.12,
          caps: true,
        },
        'Lief en leed',
      ),
    );
    return layers;
  },
};
