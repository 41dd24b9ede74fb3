/** 207 "Feest" (joost, illustration/modern): confetti, streamers and balloons round round and rounded photos. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { fillPaint, withPaint, type ArtContext } from '../art/core';
import { bunting, confetti, streamer } from '../art/party';
import { grain } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 60;
const H = 40;
const NAVY = '#23305a';

interface Frame {
  rect: Rect;
  shape: 'circle' | 'rounded';
  ring: string;
}

const FRAMES: Frame[] = [
  { rect: { x: 4.2, y: 6.2, width: 13.5, height: 13.5 }, shape: 'circle', ring: '#ffd166' },
  { rect: { x: 4.2, y: 22.2, width: 13.5, height: 13.5 }, shape: 'rounded', ring: '#06d6a0' },
  { rect: { x: 21.5, y: 6.2, width: 17, height: 17.4 }, shape: 'rounded', ring: '#ef476f' },
  { rect: { x: 42.3, y: 6.2, width: 13.5, height: 13.5 }, shape: 'rounded', ring: '#118ab2' },
  { rect: { x: 42.3, y: 22.2, width: 13.5, height: 13.5 }, shape: 'circle', ring: '#f78c6b' },
];
const TITLE: Rect = { x: 19.5, y: 24.3, width: 21, height: 7.4 };
const SUBTITLE: Rect = { x: 19.5, y: 31.5, width: 21, height: 3.6 };
const RING = 0.55;
const RADIUS = 2;

function clear(x: number, y: number, margin: number): boolean {
  const inside = (rect: Rect) =>
    x > rect.x - margin &&
    x < rect.x + rect.width + margin &&
    y > rect.y - margin &&
    y < rect.y + rect.height + margin;
  return (
    !FRAMES.some((frame) => inside(frame.rect)) &&
    !inside({
      x: TITLE.x + 1,
      y: TITLE.y + 1,
      width: TITLE.width - 2,
      height: SUBTITLE.y + SUBTITLE.height - TITLE.y - 1.5,
    })
  );
}

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  withPaint(fillPaint(ctx, '#fff6ee'), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  // Soft polka dots in the paper.
  withPaint(fillPaint(ctx, '#fde6da'), (paint) => {
    for (let y = 1; y < H; y += 2.4)
      for (let x = (y / 2.4) % 2 < 1 ? 1 : 2.2; x < W; x += 2.4)
        canvas.drawCircle(x, y, 0.32, paint);
  });
  grain(ctx, FULL({ widthCm: W, heightCm: H }), 71, 0.3);
  streamer(ctx, [0.3, 37], -0.5, 7, 0.32, '#9b5de5');
  streamer(ctx, [W - 0.3, 38.5], -2.7, 7, 0.32, '#ffd166');
  streamer(ctx, [19.8, H - 0.3], -1.3, 4, 0.3, '#06d6a0');
  streamer(ctx, [40.2, H - 0.3], -1.9, 4, 0.3, '#118ab2');
  FRAMES.forEach((frame) => {
    withPaint(fillPaint(ctx, frame.ring), (paint) => {
      const r = frame.rect;
      if (frame.shape === 'circle')
        canvas.drawCircle(r.x + r.width / 2, r.y + r.height / 2, r.width / 2 + RING, paint);
      else
        canvas.drawRRect(
          ck.RRectXY(
            ck.XYWHRect(r.x - RING, r.y - RING, r.width + 2 * RING, r.height + 2 * RING),
            RADIUS + RING,
            RADIUS + RING,
          ),
          paint,
        );
    });
  });
  confetti(ctx, {
    count: 330,
    size: 0.6,
    gold: true,
    accept: (x, y, random) =>
      clear(x, y, 0.9) &&
      y > 3.6 &&
      random() < 0.55 + 0.45 * Math.min(1, Math.hypot(x - W / 2, y - H / 2) / 24),
  });
  bunting(ctx, [0, 20, 40, 60], 0.7, 2.2, [
    '#ef476f',
    '#ffd166',
    '#06d6a0',
    '#118ab2',
    '#f78c6b',
    '#9b5de5',
  ]);
}

function foreground(ctx: ArtContext): void {
  // A few pieces that landed on the photos' edges.
  confetti(ctx, {
    count: 26,
    gold: true,
    size: 0.5,
    accept: (x, y) =>
      FRAMES.some(({ rect }) => {
        const nearX = Math.abs(x - rect.x) < 0.8 || Math.abs(x - rect.x - rect.width) < 0.8;
        const nearY = Math.abs(y - rect.y) < 0.8 || Math.abs(y - rect.y - rect.height) < 0.8;
        const withinX = x > rect.x && x < rect.x + rect.width;
        const withinY = y > rect.y && y < rect.y + rect.height;
        return (nearX && withinY) || (nearY && withinX);
      }),
  });
}

export const party: Design = {
  id: '207',
  slug: 'feest-6040',
  widthCm: W,
  heightCm: H,
  designer: 'joost',
  design: 'feest',
  backgroundColor: '#fff6ee',
  artwork: [
    { file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background },
    { file: 'confetti.png', rect: FULL({ widthCm: W, heightCm: H }), draw: foreground },
  ],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    FRAMES.forEach((frame, index) => {
      const name = `${frame.shape}${index + 1}`;
      layers.push(
        frame.shape === 'circle'
          ? { kind: 'clip', name, ...frame.rect, shape: 'circle' }
          : { kind: 'clip', name, ...frame.rect, shape: 'rect', radiusCm: RADIUS },
      );
      layers.push(photo(`img${index + 1}`, frame.rect, 0, name));
    });
    layers.push(overlay(url('confetti.png'), FULL({ widthCm: W, heightCm: H })));
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'McLaren', fontSize: 2.54, color: NAVY, valign: 'bottom' },
        'Hoera!',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        {
          font: 'Nunito',
          fontSize: 0.917,
          color: '#ef476f',
          valign: 'middle',
          letterSpacing: 0.2,
          caps: true,
        },
        'Het is feest',
      ),
    );
    return layers;
  },
};
