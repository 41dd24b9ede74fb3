/** 205 "Gouden lijnen" (joost, modern/basic): a calm editorial grid drawn with hairlines of gold. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { fillPaint, withPaint, type ArtContext } from '../art/core';
import { goldPaint } from '../art/materials';
import { grain } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 40;
const INSET = 2;
const GAP = 1.2;
const LINE = 0.07;
/** The grid: one tall column left, a right column of photo pair, title cell and a wide photo. */
const SPLIT_X = 25.5;
const ROW1 = 16.2;
const ROW2 = 25.4;
const PHOTOS: Rect[] = [
  {
    x: INSET + GAP,
    y: INSET + GAP,
    width: SPLIT_X - INSET - 2 * GAP,
    height: H - 2 * INSET - 2 * GAP,
  },
  {
    x: SPLIT_X + GAP,
    y: INSET + GAP,
    width: (W - INSET - SPLIT_X - 3 * GAP) / 2,
    height: ROW1 - INSET - 2 * GAP,
  },
  {
    x: SPLIT_X + 2 * GAP + (W - INSET - SPLIT_X - 3 * GAP) / 2,
    y: INSET + GAP,
    width: (W - INSET - SPLIT_X - 3 * GAP) / 2,
    height: ROW1 - INSET - 2 * GAP,
  },
  {
    x: SPLIT_X + GAP,
    y: ROW2 + GAP,
    width: W - INSET - SPLIT_X - 2 * GAP,
    height: H - INSET - ROW2 - 2 * GAP,
  },
];
const TITLE: Rect = {
  x: SPLIT_X + GAP,
  y: ROW1 + 0.3,
  width: W - INSET - SPLIT_X - 2 * GAP,
  height: 5.6,
};
const SUBTITLE: Rect = {
  x: SPLIT_X + GAP,
  y: ROW1 + 5.6,
  width: W - INSET - SPLIT_X - 2 * GAP,
  height: 3.2,
};

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  withPaint(fillPaint(ctx, '#f8f6f1'), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  grain(ctx, FULL({ widthCm: W, heightCm: H }), 51, 0.35);
  withPaint(goldPaint(ctx, LINE), (paint) => {
    canvas.drawRect(ck.XYWHRect(INSET, INSET, W - 2 * INSET, H - 2 * INSET), paint);
    canvas.drawRect(
      ck.XYWHRect(INSET - 0.35, INSET - 0.35, W - 2 * INSET + 0.7, H - 2 * INSET + 0.7),
      paint,
    );
    canvas.drawLine(SPLIT_X, INSET, SPLIT_X, H - INSET, paint);
    canvas.drawLine(SPLIT_X, ROW1, W - INSET, ROW1, paint);
    canvas.drawLine(SPLIT_X, ROW2, W - INSET, ROW2, paint);
    const pairSplit = PHOTOS[2]!.x - GAP / 2;
    canvas.drawLine(pairSplit, INSET, pairSplit, ROW1, paint);
    // A small rule between title and subtitle.
    canvas.drawLine(SPLIT_X + 8.5, ROW1 + 5.85, W - INSET - 8.5, ROW1 + 5.85, paint);
  });
  withPaint(goldPaint(ctx), (paint) => {
    [INSET, W - INSET].forEach((x) =>
      [INSET, H - INSET].forEach((y) => canvas.drawCircle(x, y, 0.22, paint)),
    );
    canvas.drawCircle(SPLIT_X, ROW1, 0.16, paint);
    canvas.drawCircle(SPLIT_X, ROW2, 0.16, paint);
  });
}

export const modernGold: Design = {
  id: '205',
  slug: 'gouden-lijnen-5040',
  widthCm: W,
  heightCm: H,
  designer: 'joost',
  design: 'gouden-lijnen',
  backgroundColor: '#f8f6f1',
  artwork: [{ file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background }],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    PHOTOS.forEach((rect, index) => layers.push(photo(`img${index + 1}`, rect)));
    layers.push(
      text(
        'txt1',
        TITLE,
        {
          font: 'futura-pt',
          fontSize: 1.693,
          color: '#2b2b2b',
          valign: 'bottom',
          letterSpacing: 0.25,
          caps: true,
        },
        'Ons thuis',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        {
          font: 'Montserrat',
          fontSize: 0.706,
          color: '#a8864a',
          valign: 'middle',
          letterSpacing: 0.35,
          caps: true,
        },
        'Sinds 2015',
      ),
    );
    return layers;
  },
};
