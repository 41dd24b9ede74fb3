/** 209 "Krijtbord" (lotte, illustration/vintage): a framed school chalkboard with chalk frames and doodles. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { banner, chalk, heart, sketchRect, slate, star, sun, swirl, woodFrame } from '../art/chalk';
import type { ArtContext } from '../art/core';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 40;
const FRAME = 2;
const TOP = [4.6, 18.9, 33.2].map((x, index) => ({
  rect: { x, y: 4.7, width: 12.2, height: 9.4 },
  rotation: [-1.5, 1, -1][index]!,
}));
const BOTTOM = [4.8, 25.7].map((x, index) => ({
  rect: { x, y: 25.3, width: 19.5, height: 10.1 },
  rotation: [1.2, -1.2][index]!,
}));
const PHOTOS = [...TOP, ...BOTTOM];
const BANNER: Rect = { x: 11, y: 15.4, width: 28, height: 5.2 };
const TITLE: Rect = { x: 11.5, y: 15.3, width: 27, height: 6.4 };
const SUBTITLE: Rect = { x: 12, y: 21.7, width: 26, height: 2.9 };

function outset(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: rect.width + 2 * by,
    height: rect.height + 2 * by,
  };
}

function background(ctx: ArtContext): void {
  const board = { x: FRAME, y: FRAME, width: W - 2 * FRAME, height: H - 2 * FRAME };
  slate(ctx, board, 91);
  chalk(ctx, 92, (stroke) => {
    const white = stroke('#f4f1e8', 0.12);
    PHOTOS.forEach(({ rect, rotation }) => {
      ctx.canvas.save();
      ctx.canvas.rotate(rotation, rect.x + rect.width / 2, rect.y + rect.height / 2);
      sketchRect(ctx, outset(rect, 0.45), white);
      ctx.canvas.restore();
    });
    const yellow = stroke('#f3e29a', 0.13);
    banner(ctx, BANNER, yellow);
    const pink = stroke('#f2b5c4', 0.12);
    heart(ctx, 6.2, 23, 1.4, pink);
    heart(ctx, 43.8, 23, 1.4, pink);
    sun(ctx, 5.9, 18.4, 0.8, yellow);
    star(ctx, 44.2, 17.6, 0.9, white);
    star(ctx, 45.1, 19.8, 0.5, white);
    const blue = stroke('#a9d3e6', 0.08);
    swirl(ctx, 24.95, 37, 0.7, 2.2, blue);
    [
      [24.95, 27],
      [24.95, 30.2],
      [24.95, 33.4],
    ].forEach(([x, y]) => ctx.canvas.drawCircle(x!, y!, 0.12, white));
    white.delete();
    yellow.delete();
    pink.delete();
    blue.delete();
  });
  woodFrame(ctx, FULL({ widthCm: W, heightCm: H }), FRAME, 93);
}

export const chalkboard: Design = {
  id: '209',
  slug: 'krijtbord-5040',
  widthCm: W,
  heightCm: H,
  designer: 'lotte',
  design: 'krijtbord',
  backgroundColor: '#2c3834',
  artwork: [{ file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background }],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    PHOTOS.forEach(({ rect, rotation }, index) =>
      layers.push(photo(`img${index + 1}`, rect, rotation)),
    );
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'Indie Flower', fontSize: 2.54, color: '#f7f4ec', valign: 'middle' },
        'Wat een jaar!',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        { font: 'Indie Flower', fontSize: 1.2, color: '#f3e29a', valign: 'middle' },
        'klas 8b',
      ),
    );
    return layers;
  },
};
