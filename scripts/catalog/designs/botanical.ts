/** 202 "Botanische krans" (anna, illustration/classic): a leafy wreath round a round photo, arched side photos. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { fillPaint, strokePaint, withPaint, type ArtContext } from '../art/core';
import { FOLIAGE, sprig, wreath } from '../art/botanical';
import { grain } from '../art/texture';
import { blob, wash } from '../art/watercolour';
import { archPath } from './passePartout';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 50;
const GREEN = '#2f4b3a';
const CENTRE = { cx: 25, cy: 20.5, photoRadius: 10.5, wreathRadius: 12.8 };
const MAIN: Rect = {
  x: CENTRE.cx - CENTRE.photoRadius,
  y: CENTRE.cy - CENTRE.photoRadius,
  width: 2 * CENTRE.photoRadius,
  height: 2 * CENTRE.photoRadius,
};
const ARCHES: Rect[] = [
  { x: 3, y: 27.5, width: 9.5, height: 15.5 },
  { x: 37.5, y: 27.5, width: 9.5, height: 15.5 },
];
const ROUNDS: Rect[] = [
  { x: 3.2, y: 3.2, width: 8.6, height: 8.6 },
  { x: 38.2, y: 3.2, width: 8.6, height: 8.6 },
];
const TITLE: Rect = { x: 13.5, y: 36.2, width: 23, height: 6.4 };
const SUBTITLE: Rect = { x: 13.5, y: 42.4, width: 23, height: 3.4 };
const SPRIGS = 30;
const WREATH_SEED = 2020;

function frameLine(ctx: ArtContext, rect: Rect, shape: 'arch' | 'circle'): void {
  const { ck, canvas } = ctx;
  withPaint(strokePaint(ctx, '#b49a6a', 0.06), (paint) => {
    const gap = 0.55;
    if (shape === 'circle') {
      canvas.drawCircle(
        rect.x + rect.width / 2,
        rect.y + rect.height / 2,
        rect.width / 2 + gap,
        paint,
      );
      return;
    }
    const outer = {
      x: rect.x - gap,
      y: rect.y - gap,
      width: rect.width + 2 * gap,
      height: rect.height + 2 * gap,
    };
    const path = ck.Path.MakeFromSVGString(archPath(outer));
    if (!path) return;
    const moved = new ck.PathBuilder(path).offset(outer.x, outer.y).detachAndDelete();
    canvas.drawPath(moved, paint);
    moved.delete();
    path.delete();
  });
}

function background(ctx: ArtContext): void {
  const { ck, canvas, random } = ctx;
  withPaint(fillPaint(ctx, '#f6f0e4'), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  wash(ctx, {
    shape: blob(CENTRE.cx, CENTRE.cy, 17, 16, random),
    tint: '#dfe7d6',
    layers: 26,
    alpha: 0.05,
    wildness: 0.8,
    granulation: 0.3,
  });
  grain(ctx, FULL({ widthCm: W, heightCm: H }), 21, 0.45);
  wreath(ctx, {
    ...CENTRE,
    radius: CENTRE.wreathRadius,
    seed: WREATH_SEED,
    sprigs: SPRIGS,
    include: (index) => index % 3 !== 0,
  });
  ARCHES.forEach((rect) => frameLine(ctx, rect, 'arch'));
  ROUNDS.forEach((rect) => frameLine(ctx, rect, 'circle'));
  // Small sprigs that tuck under the side photos and the corner rounds.
  const sideRandom = ctx.random;
  sprig(
    ctx,
    {
      start: [14, 44.5],
      angle: -2.6,
      length: 4.2,
      bend: -0.4,
      leaves: FOLIAGE[0]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.9,
    },
    sideRandom,
  );
  sprig(
    ctx,
    {
      start: [36, 44.5],
      angle: -0.55,
      length: 4.2,
      bend: 0.4,
      leaves: FOLIAGE[3]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.9,
    },
    sideRandom,
  );
  // A thin double rule round the page.
  withPaint(strokePaint(ctx, '#b49a6a', 0.05), (paint) => {
    canvas.drawRect(ck.XYWHRect(1.4, 1.4, W - 2.8, H - 2.8), paint);
    canvas.drawRect(ck.XYWHRect(1.75, 1.75, W - 3.5, H - 3.5), paint);
  });
  withPaint(fillPaint(ctx, '#b49a6a'), (paint) =>
    canvas.drawCircle(W / 2, SUBTITLE.y + SUBTITLE.height + 0.9, 0.14, paint),
  );
}

function foreground(ctx: ArtContext): void {
  // The rest of the wreath lies over the photo's edge.
  wreath(ctx, {
    ...CENTRE,
    radius: CENTRE.wreathRadius,
    seed: WREATH_SEED,
    sprigs: SPRIGS,
    include: (index) => index % 3 === 0,
  });
  const random = ctx.random;
  sprig(
    ctx,
    {
      start: [3.5, 44.5],
      angle: -1.2,
      length: 4,
      bend: 0.5,
      leaves: FOLIAGE[1]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.3,
    },
    random,
  );
  sprig(
    ctx,
    {
      start: [46.5, 44.5],
      angle: -1.9,
      length: 4,
      bend: -0.5,
      leaves: FOLIAGE[4]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.3,
    },
    random,
  );
  sprig(
    ctx,
    {
      start: [12.2, 10.8],
      angle: -0.3,
      length: 3.2,
      bend: -0.5,
      leaves: FOLIAGE[2]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.5,
    },
    random,
  );
  sprig(
    ctx,
    {
      start: [37.8, 10.8],
      angle: Math.PI + 0.3,
      length: 3.2,
      bend: 0.5,
      leaves: FOLIAGE[2]!,
      stem: '#5b6b48',
      count: 3,
      leafLength: 1.5,
    },
    random,
  );
}

export const botanical: Design = {
  id: '202',
  slug: 'botanische-krans-5050',
  widthCm: W,
  heightCm: H,
  designer: 'anna',
  design: 'botanische-krans',
  backgroundColor: '#f6f0e4',
  artwork: [
    { file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background },
    { file: 'leaves.png', rect: FULL({ widthCm: W, heightCm: H }), draw: foreground },
  ],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    layers.push({ kind: 'clip', name: 'round', ...MAIN, shape: 'circle' });
    layers.push(photo('img1', MAIN, 0, 'round'));
    ARCHES.forEach((rect, index) => {
      layers.push({
        kind: 'clip',
        name: `arch${index + 1}`,
        ...rect,
        shape: 'path',
        path: archPath(rect),
      });
      layers.push(photo(`img${index + 2}`, rect, 0, `arch${index + 1}`));
    });
    ROUNDS.forEach((rect, index) => {
      layers.push({ kind: 'clip', name: `corner${index + 1}`, ...rect, shape: 'circle' });
      layers.push(photo(`img${index + 4}`, rect, 0, `corner${index + 1}`));
    });
    layers.push(overlay(url('leaves.png'), FULL({ widthCm: W, heightCm: H })));
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'Crimson Text', fontSize: 2.54, color: GREEN, valign: 'bottom' },
        'Ons gezin',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        {
          font: 'Montserrat',
          fontSize: 0.706,
          color: '#8a7350',
          valign: 'top',
          letterSpacing: 0.25,
          caps: true,
        },
        'Voor altijd samen',
      ),
    );
    return layers;
  },
};
