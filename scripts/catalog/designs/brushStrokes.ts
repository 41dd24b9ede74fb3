/** 208 "Penseelstreken" (anna, painting/modern): photos laid on broad acrylic brush strokes on linen. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { brushStroke, paintedBlock } from '../art/brush';
import type { ArtContext } from '../art/core';
import { linen } from '../art/materials';
import { splatter } from '../art/watercolour';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 40;
const H = 50;
const PHOTOS: Rect[] = [
  { x: 5, y: 4.5, width: 30, height: 19 },
  { x: 4.2, y: 27.2, width: 14.5, height: 13.5 },
  { x: 21.3, y: 27.2, width: 14.5, height: 13.5 },
];
const TITLE: Rect = { x: 3, y: 42.6, width: 34, height: 5.8 };

/** Painted blocks behind the photos and the title: rect, colour, number of strokes. */
const BLOCKS: [Rect, string, number][] = [
  [{ x: 1.6, y: 2.2, width: 36.8, height: 23.8 }, '#2f6f73', 5],
  [{ x: 1.2, y: 25.4, width: 19.2, height: 17.6 }, '#e07a5f', 4],
  [{ x: 19.6, y: 25.8, width: 19.2, height: 17 }, '#e9b44c', 4],
];

function background(ctx: ArtContext): void {
  linen(ctx, FULL({ widthCm: W, heightCm: H }), '#f3efe6', 81);
  BLOCKS.forEach(([rect, tint, strokes]) => paintedBlock(ctx, rect, tint, strokes));
  brushStroke(ctx, {
    points: [
      [3, 46],
      [20, 45.3],
      [37, 45.8],
    ],
    width: 4.6,
    tint: '#a8bfa3',
    dryness: 0.7,
  });
  splatter(ctx, 36, 40, 1.8, '#2f6f73', 14);
  splatter(ctx, 3, 3, 1.5, '#e07a5f', 10);
}

function foreground(ctx: ArtContext): void {
  // A dry sweep of paint that crosses the corners of the photos, as if painted after.
  brushStroke(ctx, {
    points: [
      [2.2, 22.5],
      [5.5, 23.8],
      [9, 25],
    ],
    width: 1.1,
    tint: '#e07a5f',
    dryness: 0.8,
    bristles: 18,
  });
  brushStroke(ctx, {
    points: [
      [31.5, 26.8],
      [35, 25.9],
      [38.2, 26.5],
    ],
    width: 0.9,
    tint: '#2f6f73',
    dryness: 0.8,
    bristles: 14,
  });
  splatter(ctx, 35.5, 41.5, 0.8, '#e9b44c', 6);
}

export const brushStrokes: Design = {
  id: '208',
  slug: 'penseelstreken-4050',
  widthCm: W,
  heightCm: H,
  designer: 'anna',
  design: 'penseelstreken',
  backgroundColor: '#f3efe6',
  artwork: [
    { file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background },
    { file: 'strokes.png', rect: FULL({ widthCm: W, heightCm: H }), draw: foreground },
  ],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    PHOTOS.forEach((rect, index) => layers.push(photo(`img${index + 1}`, rect)));
    layers.push(overlay(url('strokes.png'), FULL({ widthCm: W, heightCm: H })));
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'Rasa', fontSize: 2.54, color: '#26323a', valign: 'middle' },
        'Kleur je leven',
      ),
    );
    return layers;
  },
};
