/** 203 "Oud papier" (lotte, vintage): deckle-edged prints with album corners on a torn, aged sheet. */
import type { Rect } from '../../../src/model/layout/types';
import { color } from '../ck';
import {
  drawPath,
  fillPaint,
  mix,
  rotated,
  strokePaint,
  withPaint,
  type ArtContext,
} from '../art/core';
import { deckledRect, photoCorners, shadowUnder, tape, tornRect } from '../art/paperCraft';
import { fillNoise, paper, stain, vignette } from '../art/texture';
import { FULL, overlay, photo, text, type Design } from './types';

const W = 50;
const H = 40;
const INK = '#4a3523';
const SHEET: Rect = { x: 1.3, y: 1.2, width: 47.4, height: 37.6 };

interface Print {
  rect: Rect;
  rotation: number;
  finish: 'corners' | 'tape';
}

const PRINTS: Print[] = [
  { rect: { x: 4.6, y: 4.4, width: 15.5, height: 11.5 }, rotation: -2.5, finish: 'corners' },
  { rect: { x: 23.2, y: 3.6, width: 10.5, height: 14 }, rotation: 1.8, finish: 'tape' },
  { rect: { x: 36.8, y: 5.2, width: 9.2, height: 9.2 }, rotation: 3.2, finish: 'tape' },
  { rect: { x: 5.4, y: 20.6, width: 10.5, height: 14 }, rotation: 2.2, finish: 'tape' },
  { rect: { x: 31.6, y: 20.2, width: 14.5, height: 11 }, rotation: -2.2, finish: 'corners' },
];
const LABEL: Rect = { x: 17.4, y: 21.8, width: 14.8, height: 10.6 };
const BORDER = 0.75;

function outset(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: rect.width + 2 * by,
    height: rect.height + 2 * by,
  };
}

function background(ctx: ArtContext): void {
  const { ck, canvas } = ctx;
  // Dark kraft board under the sheet.
  withPaint(fillPaint(ctx, '#5b4330'), (paint) => canvas.drawRect(ck.XYWHRect(0, 0, W, H), paint));
  fillNoise(ctx, FULL({ widthCm: W, heightCm: H }), {
    frequency: 0.5,
    frequencyY: 3,
    seed: 31,
    tint: '#2e2117',
    gain: 0.9,
    bias: -0.35,
  });
  fillNoise(ctx, FULL({ widthCm: W, heightCm: H }), {
    frequency: 6,
    seed: 32,
    tint: '#8a6a4c',
    gain: 0.6,
    bias: -0.25,
  });
  // The torn sheet, its fibrous rim lighter than its face.
  rotated(ctx, -0.5, W / 2, H / 2, () => {
    const sheet = tornRect(ctx, SHEET, 0.3);
    shadowUnder(ctx, sheet, 0.45, 0.5, 0.2, 0.3);
    withPaint(strokePaint(ctx, '#f7efdc', 0.18, 0.9), (paint) => {
      paint.setPathEffect(ck.PathEffect.MakeDiscrete(0.12, 0.08, 5));
      canvas.drawPath(sheet, paint);
    });
    canvas.save();
    canvas.clipPath(sheet, ck.ClipOp.Intersect, true);
    paper(ctx, SHEET, { base: '#ecd9b0', stain: '#9a6a35', seed: 33, mottle: 1.1 });
    vignette(ctx, SHEET, '#8a5a25', 0.6);
    stain(ctx, 44.5, 35.5, 3.2, '#8a5a2b', 0.18);
    stain(ctx, 2.5, 17, 2.1, '#8a5a2b', 0.12);
    for (let i = 0; i < 40; i++)
      stain(
        ctx,
        1.5 + ctx.random() * 47,
        1.5 + ctx.random() * 37,
        0.05 + ctx.random() * 0.18,
        '#7a4a20',
        0.25,
      );
    canvas.restore();
    sheet.delete();
  });
  // The title label: a lighter scrap of paper.
  rotated(ctx, -1.5, LABEL.x + LABEL.width / 2, LABEL.y + LABEL.height / 2, () => {
    const label = tornRect(ctx, LABEL, 0.18);
    shadowUnder(ctx, label, 0.2, 0.3, 0.08, 0.14);
    canvas.save();
    canvas.clipPath(label, ck.ClipOp.Intersect, true);
    paper(ctx, LABEL, { base: '#f5eddb', stain: '#a08058', seed: 34, mottle: 0.4, fibres: 0.5 });
    withPaint(strokePaint(ctx, INK, 0.05, 0.55), (paint) => {
      canvas.drawLine(
        LABEL.x + 3,
        LABEL.y + 6.55,
        LABEL.x + LABEL.width - 3,
        LABEL.y + 6.55,
        paint,
      );
      canvas.drawCircle(LABEL.x + LABEL.width / 2, LABEL.y + 6.55, 0.16, paint);
    });
    canvas.restore();
    label.delete();
  });
  // Deckle-edged prints; the photos lie in their windows.
  PRINTS.forEach((print, index) => {
    rotated(
      ctx,
      print.rotation,
      print.rect.x + print.rect.width / 2,
      print.rect.y + print.rect.height / 2,
      () => {
        const card = deckledRect(ctx, outset(print.rect, BORDER), 0.09);
        shadowUnder(ctx, card, 0.25, 0.45, 0.12, 0.2);
        const cardRect = outset(print.rect, BORDER);
        const shader = ck.Shader.MakeLinearGradient(
          [cardRect.x, cardRect.y],
          [cardRect.x + cardRect.width, cardRect.y + cardRect.height],
          [color(ck, '#f8f1e1'), color(ck, mix('#f8f1e1', '#d9c6a0', 0.5))],
          null,
          ck.TileMode.Clamp,
        );
        withPaint(new ck.Paint(), (paint) => {
          paint.setAntiAlias(true);
          paint.setShader(shader);
          canvas.drawPath(card, paint);
        });
        shader.delete();
        canvas.save();
        canvas.clipPath(card, ck.ClipOp.Intersect, true);
        fillNoise(ctx, cardRect, {
          frequency: 0.5,
          seed: 40 + index,
          tint: '#a07a45',
          gain: 0.5,
          bias: -0.2,
        });
        canvas.restore();
        card.delete();
        withPaint(fillPaint(ctx, '#3a3028'), (paint) =>
          canvas.drawRect(
            ck.XYWHRect(print.rect.x, print.rect.y, print.rect.width, print.rect.height),
            paint,
          ),
        );
      },
    );
  });
  postageStamp(ctx, 29.2, 35.2, -8);
}

function postageStamp(ctx: ArtContext, cx: number, cy: number, degrees: number): void {
  const { ck, canvas } = ctx;
  const w = 3.4;
  const h = 4.2;
  rotated(ctx, degrees, cx, cy, () => {
    const outline = new ck.PathBuilder();
    outline.addRect(ck.XYWHRect(cx - w / 2, cy - h / 2, w, h));
    for (let x = cx - w / 2; x <= cx + w / 2 + 0.01; x += 0.34) {
      outline.addCircle(x, cy - h / 2, 0.1);
      outline.addCircle(x, cy + h / 2, 0.1);
    }
    for (let y = cy - h / 2; y <= cy + h / 2 + 0.01; y += 0.35) {
      outline.addCircle(cx - w / 2, y, 0.1);
      outline.addCircle(cx + w / 2, y, 0.1);
    }
    outline.setFillType(ck.FillType.EvenOdd);
    const stamp = outline.detachAndDelete();
    shadowUnder(ctx, stamp, 0.08, 0.35, 0.04, 0.07);
    withPaint(fillPaint(ctx, '#f3ead3'), (paint) => canvas.drawPath(stamp, paint));
    stamp.delete();
    const inner = ck.XYWHRect(cx - w / 2 + 0.35, cy - h / 2 + 0.35, w - 0.7, h - 0.7);
    withPaint(fillPaint(ctx, '#8fa7a0'), (paint) => canvas.drawRect(inner, paint));
    withPaint(fillPaint(ctx, '#e0b25a'), (paint) =>
      canvas.drawCircle(cx + 0.55, cy - 0.6, 0.45, paint),
    );
    withPaint(fillPaint(ctx, '#5f7d62'), (paint) => {
      const hills = new ck.PathBuilder();
      hills.moveTo(inner[0]!, cy + 0.6);
      hills.quadTo(cx - 0.4, cy - 0.5, cx + 0.2, cy + 0.4);
      hills.quadTo(cx + 0.8, cy - 0.1, inner[2]!, cy + 0.3);
      hills.lineTo(inner[2]!, inner[3]!);
      hills.lineTo(inner[0]!, inner[3]!);
      hills.close();
      drawPath(ctx, hills.detachAndDelete(), paint);
    });
    withPaint(fillPaint(ctx, '#b4553a'), (paint) =>
      canvas.drawRect(ck.XYWHRect(inner[0]!, inner[3]! - 0.5, inner[2]! - inner[0]!, 0.5), paint),
    );
  });
  // A round postmark over its corner.
  withPaint(strokePaint(ctx, '#2f2a3a', 0.07, 0.55), (paint) => {
    canvas.drawCircle(cx - 1.9, cy - 1.3, 1.35, paint);
    canvas.drawCircle(cx - 1.9, cy - 1.3, 1.0, paint);
    for (let i = 0; i < 4; i++) {
      const y = cy - 2.0 + i * 0.45;
      const wave = new ck.PathBuilder();
      wave.moveTo(cx - 0.6, y);
      for (let x = 0; x < 5; x++)
        wave.quadTo(cx - 0.3 + x * 0.6, y + (x % 2 === 0 ? -0.2 : 0.2), cx + x * 0.6, y);
      drawPath(ctx, wave.detachAndDelete(), paint);
    }
  });
}

function foreground(ctx: ArtContext): void {
  PRINTS.forEach((print, index) => {
    if (print.finish === 'corners') {
      photoCorners(ctx, outset(print.rect, BORDER * 0.4), print.rotation, 2);
      return;
    }
    const cx = print.rect.x + print.rect.width / 2 + (index % 2 === 0 ? -1 : 1.2);
    const cy = print.rect.y - BORDER + 0.15;
    tape(ctx, cx, cy, 4.6, 1.5, print.rotation + (index % 2 === 0 ? -6 : 5), '#dccb9c', 0.7);
  });
  tape(ctx, LABEL.x + 1.2, LABEL.y + 0.6, 3.6, 1.3, -38, '#d8c596', 0.7);
}

export const vintagePaper: Design = {
  id: '203',
  slug: 'oud-papier-5040',
  widthCm: W,
  heightCm: H,
  designer: 'lotte',
  design: 'oud-papier',
  backgroundColor: '#5b4330',
  artwork: [
    { file: 'background.jpg', rect: FULL({ widthCm: W, heightCm: H }), draw: background },
    { file: 'overlay.png', rect: FULL({ widthCm: W, heightCm: H }), draw: foreground },
  ],
  layers: (url) => [
    overlay(url('background.jpg'), FULL({ widthCm: W, heightCm: H })),
    ...PRINTS.map((print, index) => photo(`img${index + 1}`, print.rect, print.rotation)),
    overlay(url('overlay.png'), FULL({ widthCm: W, heightCm: H })),
    text(
      'txt1',
      { x: LABEL.x, y: LABEL.y + 0.8, width: LABEL.width, height: 5.6 },
      { font: 'Rasa', fontSize: 1.693, color: INK, valign: 'bottom' },
      'Herinneringen',
      -1.5,
    ),
    text(
      'txt2',
      { x: LABEL.x, y: LABEL.y + 6.9, width: LABEL.width, height: 3.2 },
      {
        font: 'Crimson Text',
        fontSize: 0.917,
        color: mix(INK, '#eadcbf', 0.2),
        valign: 'top',
        letterSpacing: 0.08,
      },
      'zomer van toen',
      -1.5,
    ),
  ],
};
