/** 206 "Polaroids" (lotte, basic/retro): instant prints taped to a wooden table, captions by hand. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import { fillPaint, withPaint, type ArtContext } from '../art/core';
import { wood } from '../art/materials';
import { shadowUnder, tape } from '../art/paperCraft';
import { fillNoise, vignette } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 40;
const SIDE = 0.9;
const BOTTOM = 3.4;

interface Instant {
  photo: Rect;
  rotation: number;
  tape: string;
}

const INSTANTS: Instant[] = [
  { photo: { x: 4.6, y: 4.4, width: 14, height: 14 }, rotation: -4, tape: '#f2b8a2' },
  { photo: { x: 23.4, y: 3.6, width: 10.5, height: 10.5 }, rotation: 3.5, tape: '#a8d0c8' },
  { photo: { x: 37.6, y: 5.6, width: 9, height: 9 }, rotation: -3, tape: '#f3d98b' },
  { photo: { x: 7.6, y: 25.6, width: 8.8, height: 8.8 }, rotation: 3, tape: '#c9b8e0' },
  { photo: { x: 23.8, y: 21.4, width: 10.5, height: 10.5 }, rotation: -2.5, tape: '#f2b8a2' },
  { photo: { x: 38.2, y: 22.4, width: 8.4, height: 8.4 }, rotation: 4.5, tape: '#a8d0c8' },
];

function card(instant: Instant): Rect {
  const { photo: p } = instant;
  return {
    x: p.x - SIDE,
    y: p.y - SIDE,
    width: p.width + 2 * SIDE,
    height: p.height + SIDE + BOTTOM,
  };
}

/** The caption strip under a print's photo, placed as the print is turned (rotating about its own centre). */
function caption(instant: Instant, height: number): Rect & { rotation: number } {
  const p = instant.photo;
  const cx = p.x + p.width / 2;
  const cy = p.y + p.height / 2;
  const localY = p.height / 2 + SIDE * 0.15 + height / 2;
  const angle = (instant.rotation * Math.PI) / 180;
  const x = cx - Math.sin(angle) * localY;
  const y = cy + Math.cos(angle) * localY;
  const width = p.width + SIDE;
  return { x: x - width / 2, y: y - height / 2, width, height, rotation: instant.rotation };
}

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  const all = FULL({ widthCm: W, heightCm: H });
  wood(ctx, all, { base: '#d5b187', plankWidth: 8.4, seed: 61 });
  vignette(ctx, all, '#3b2514', 0.35);
  INSTANTS.forEach((instant, index) => {
    const rect = card(instant);
    canvas.save();
    canvas.rotate(
      instant.rotation,
      instant.photo.x + instant.photo.width / 2,
      instant.photo.y + instant.photo.height / 2,
    );
    const shape = new ck.PathBuilder()
      .addRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height))
      .detachAndDelete();
    shadowUnder(ctx, shape, 0.3, 0.5, 0.15, 0.3);
    const shader = ck.Shader.MakeLinearGradient(
      [rect.x, rect.y],
      [rect.x + rect.width, rect.y + rect.height],
      [color(ck, '#fdfcf8'), color(ck, '#ece8df')],
      null,
      ck.TileMode.Clamp,
    );
    withPaint(new ck.Paint(), (paint) => {
      paint.setShader(shader);
      canvas.drawPath(shape, paint);
    });
    shader.delete();
    fillNoise(ctx, rect, {
      frequency: 3,
      octaves: 2,
      seed: 70 + index,
      tint: '#b8b0a0',
      gain: 0.4,
      bias: -0.2,
    });
    withPaint(fillPaint(ctx, '#2d2a26'), (paint) =>
      canvas.drawRect(
        ck.XYWHRect(instant.photo.x, instant.photo.y, instant.photo.width, instant.photo.height),
        paint,
      ),
    );
    shape.delete();
    canvas.restore();
  });
}

function foreground(ctx: ArtContext): void {
  INSTANTS.forEach((instant, index) => {
    const rect = card(instant);
    const cx = rect.x + rect.width / 2 + (index % 2 === 0 ? -0.8 : 0.8);
    tape(
      ctx,
      cx,
      rect.y + 0.1,
      5,
      1.55,
      instant.rotation + (index % 2 === 0 ? -5 : 6),
      instant.tape,
      0.78,
      '#ffffff',
    );
  });
}

export const polaroids: Design = {
  id: '206',
  slug: 'polaroids-5040',
  widthCm: W,
  heightCm: H,
  designer: 'lotte',
  design: 'polaroids',
  backgroundColor: '#d5b187',
  artwork: [
    { file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background },
    { file: 'tape.png', rect: FULL({ widthCm: W, heightCm: H }), draw: foreground },
  ],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    INSTANTS.forEach((instant, index) =>
      layers.push(photo(`img${index + 1}`, instant.photo, instant.rotation)),
    );
    layers.push(overlay(url('tape.png'), FULL({ widthCm: W, heightCm: H })));
    const title = caption(INSTANTS[0]!, 3.2);
    const subtitle = caption(INSTANTS[4]!, 3);
    layers.push(
      text(
        'txt1',
        title,
        { font: 'Indie Flower', fontSize: 1.693, color: '#2f3e5c', valign: 'middle' },
        'Mooie dagen',
        title.rotation,
      ),
    );
    layers.push(
      text(
        'txt2',
        subtitle,
        { font: 'Indie Flower', fontSize: 1.3, color: '#2f3e5c', valign: 'middle' },
        'met jou',
        subtitle.rotation,
      ),
    );
    return layers;
  },
};
