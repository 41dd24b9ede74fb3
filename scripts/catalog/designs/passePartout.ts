/** 210 "Passe-partout" (lotte, classic): a deep green mat with bevelled windows and gold rules. */
import type { Layer, Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import { fillPaint, withPaint, type ArtContext } from '../art/core';
import { goldPaint } from '../art/materials';
import { fillNoise, grain } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 40;
const H = 50;
const MAT = '#2f4a3f';
const BEVEL = 0.32;
const ARCH: Rect = { x: 8, y: 4.6, width: 24, height: 23.9 };
const SMALL: Rect[] = [7.2, 16.4, 25.6].map((x) => ({ x, y: 38.9, width: 7.2, height: 7.2 }));
const TITLE: Rect = { x: 5, y: 29.2, width: 30, height: 5.6 };
const SUBTITLE: Rect = { x: 5, y: 34.4, width: 30, height: 2.8 };

/** An arch: straight sides and a round top, in cm from the rect's top-left. */
export function archPath(rect: Rect): string {
  const r = rect.width / 2;
  return `M0 ${rect.height} L0 ${r} A${r} ${r} 0 0 1 ${rect.width} ${r} L${rect.width} ${rect.height} Z`;
}

function outset(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: rect.width + 2 * by,
    height: rect.height + 2 * by,
  };
}

/** The window's bevel: the mat's white core shows along the cut, lit from the top left. */
function bevel(
  ctx: ArtContext,
  shape: (rect: Rect) => InstanceType<ArtContext['ck']['Path']>,
  window: Rect,
): void {
  const { ck, canvas } = ctx;
  const outer = shape(outset(window, BEVEL));
  const shader = ck.Shader.MakeLinearGradient(
    [window.x, window.y],
    [window.x + window.width, window.y + window.height],
    [color(ck, '#fbf7ee'), color(ck, '#efe7d6'), color(ck, '#cfc4ad')],
    [0, 0.55, 1],
    ck.TileMode.Clamp,
  );
  withPaint(new ck.Paint(), (paint) => {
    paint.setAntiAlias(true);
    paint.setShader(shader);
    canvas.drawPath(outer, paint);
  });
  shader.delete();
  outer.delete();
  const inner = shape(window);
  withPaint(fillPaint(ctx, '#1d2a24'), (paint) => canvas.drawPath(inner, paint));
  inner.delete();
}

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  const all = FULL({ widthCm: W, heightCm: H });
  withPaint(fillPaint(ctx, MAT), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  fillNoise(ctx, all, { frequency: 0.2, seed: 101, tint: '#1d3029', gain: 0.7, bias: -0.3 });
  grain(ctx, all, 102, 0.6);
  const archShape = (rect: Rect) => {
    const path = ck.Path.MakeFromSVGString(archPath(rect))!;
    const moved = new ck.PathBuilder(path).offset(rect.x, rect.y).detachAndDelete();
    path.delete();
    return moved;
  };
  const circleShape = (rect: Rect) =>
    new ck.PathBuilder()
      .addOval(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height))
      .detachAndDelete();
  bevel(ctx, archShape, ARCH);
  SMALL.forEach((rect) => bevel(ctx, circleShape, rect));
  withPaint(goldPaint(ctx, 0.06), (paint) => {
    canvas.drawRect(ck.XYWHRect(2.2, 2.2, W - 4.4, H - 4.4), paint);
    canvas.drawRect(ck.XYWHRect(2.6, 2.6, W - 5.2, H - 5.2), paint);
    const ring = archShape(outset(ARCH, BEVEL + 0.6));
    canvas.drawPath(ring, paint);
    ring.delete();
    SMALL.forEach((rect) =>
      canvas.drawCircle(
        rect.x + rect.width / 2,
        rect.y + rect.height / 2,
        rect.width / 2 + BEVEL + 0.45,
        paint,
      ),
    );
    canvas.drawLine(14.5, SUBTITLE.y + 0.15, 25.5, SUBTITLE.y + 0.15, paint);
  });
  withPaint(goldPaint(ctx), (paint) => {
    const y = SUBTITLE.y + 0.15;
    canvas.save();
    canvas.rotate(45, W / 2, y);
    canvas.drawRect(ck.XYWHRect(W / 2 - 0.22, y - 0.22, 0.44, 0.44), paint);
    canvas.restore();
  });
}

export const passePartout: Design = {
  id: '210',
  slug: 'passe-partout-4050',
  widthCm: W,
  heightCm: H,
  designer: 'lotte',
  design: 'passe-partout',
  backgroundColor: MAT,
  artwork: [{ file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background }],
  layers: (url) => {
    const layers: Layer[] = [overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H }))];
    layers.push({ kind: 'clip', name: 'arch', ...ARCH, shape: 'path', path: archPath(ARCH) });
    layers.push(photo('img1', ARCH, 0, 'arch'));
    SMALL.forEach((rect, index) => {
      layers.push({ kind: 'clip', name: `oval${index + 1}`, ...rect, shape: 'circle' });
      layers.push(photo(`img${index + 2}`, rect, 0, `oval${index + 1}`));
    });
    layers.push(
      text(
        'txt1',
        TITLE,
        { font: 'Crimson Text', fontSize: 2.54, color: '#f3ecdc', valign: 'bottom' },
        'Ons trouwfeest',
      ),
    );
    layers.push(
      text(
        'txt2',
        SUBTITLE,
        { font: 'Rasa', fontSize: 0.917, color: '#d2b879', valign: 'top', letterSpacing: 0.15 },
        '12 juni 2025',
      ),
    );
    return layers;
  },
};
