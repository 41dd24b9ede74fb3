/** The looks of the quote images: each draws a whole 1024 px square in cm-like units (30 px each). */
import type { Paint } from 'canvaskit-wasm';
import { FOLIAGE, sprig } from './art/botanical';
import { chalk, heart as chalkHeart, slate, star, swirl } from './art/chalk';
import { fillPaint, strokePaint, withPaint, type ArtContext } from './art/core';
import { goldPaint } from './art/materials';
import { confetti } from './art/party';
import { rings, sunburst } from './art/retro';
import { grain, paper } from './art/texture';
import { blob, wash } from './art/watercolour';
import { color } from './ck';
import type { Fonts } from './fonts';
import { drawQuote, setQuote, type QuoteType } from './quoteText';

export const UNITS = 1024 / 30;
const C = UNITS / 2;

export interface QuoteStyle {
  name: string;
  draw(ctx: ArtContext, fonts: Fonts, text: string, variant: number): void;
}

function fill(ctx: ArtContext, tint: string): void {
  withPaint(fillPaint(ctx, tint), (paint) =>
    ctx.canvas.drawRect(ctx.ck.XYWHRect(0, 0, UNITS, UNITS), paint),
  );
}

function type(
  ctx: ArtContext,
  fonts: Fonts,
  text: string,
  spec: QuoteType,
  box: { width: number; height: number; cx?: number; cy?: number },
  paint: Paint,
): void {
  const set = setQuote(ctx.ck, fonts, text, spec, box.width, box.height);
  drawQuote(ctx.ck, ctx.canvas, fonts, set, spec, box.cx ?? C, box.cy ?? C, paint);
  paint.delete();
}

const FIELDS = [
  ['#2f6f73', '#f6efe2'],
  ['#d9694e', '#fff4ea'],
  ['#324a6d', '#f3e9d2'],
  ['#e9b44c', '#3a2b1a'],
];
const GRADIENTS = [
  ['#ffd8c2', '#f7a9b8'],
  ['#c9ecdf', '#9cc3e6'],
  ['#fbe7a1', '#f6b38e'],
];
const WASHES = ['#9ec3d6', '#e8a7a0', '#b3d3bb'];
const DARKS = ['#1f2f4a', '#23392f'];

export const QUOTE_STYLES: QuoteStyle[] = [
  {
    name: 'kleurvlak',
    draw(ctx, fonts, text, variant) {
      const [field, ink] = FIELDS[variant % FIELDS.length]!;
      fill(ctx, field!);
      grain(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 200 + variant, 0.6);
      withPaint(strokePaint(ctx, ink!, 0.08, 0.8), (paint) => {
        ctx.canvas.drawLine(C - 4, 7, C + 4, 7, paint);
        ctx.canvas.drawLine(C - 4, UNITS - 7, C + 4, UNITS - 7, paint);
      });
      type(
        ctx,
        fonts,
        text,
        {
          family: 'Montserrat',
          weight: 600,
          caps: true,
          spacing: 0.12,
          leading: 1.3,
          maxSize: 3.2,
        },
        { width: 25, height: 16 },
        fillPaint(ctx, ink!),
      );
    },
  },
  {
    name: 'verloop',
    draw(ctx, fonts, text, variant) {
      const [from, to] = GRADIENTS[variant % GRADIENTS.length]!;
      const shader = ctx.ck.Shader.MakeLinearGradient(
        [0, 0],
        [UNITS, UNITS],
        [color(ctx.ck, from!), color(ctx.ck, to!)],
        null,
        ctx.ck.TileMode.Clamp,
      );
      withPaint(new ctx.ck.Paint(), (paint) => {
        paint.setShader(shader);
        ctx.canvas.drawRect(ctx.ck.XYWHRect(0, 0, UNITS, UNITS), paint);
      });
      shader.delete();
      grain(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 300 + variant, 0.4);
      type(
        ctx,
        fonts,
        text,
        { family: 'Indie Flower', leading: 1.2, maxSize: 4.6 },
        { width: 26, height: 17, cy: C - 1 },
        fillPaint(ctx, '#3b3050'),
      );
      withPaint(strokePaint(ctx, '#3b3050', 0.12), (paint) =>
        chalkHeart(ctx, C, UNITS - 6.2, 1.8, paint),
      );
    },
  },
  {
    name: 'waterverf',
    draw(ctx, fonts, text, variant) {
      fill(ctx, '#fcfaf5');
      const tint = WASHES[variant % WASHES.length]!;
      wash(ctx, { shape: blob(C, C, 13, 11, ctx.random), tint, layers: 30, alpha: 0.05 });
      wash(ctx, {
        shape: blob(C + 5, C + 6, 6, 5, ctx.random),
        tint: '#f3cfae',
        layers: 20,
        alpha: 0.05,
      });
      grain(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 400 + variant, 0.4);
      type(
        ctx,
        fonts,
        text,
        { family: 'Crimson Text', weight: 600, leading: 1.2, maxSize: 3.8 },
        { width: 22, height: 16 },
        fillPaint(ctx, '#2e3440'),
      );
    },
  },
  {
    name: 'goud',
    draw(ctx, fonts, text, variant) {
      fill(ctx, DARKS[variant % DARKS.length]!);
      grain(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 500 + variant, 0.5);
      withPaint(goldPaint(ctx, 0.07), (paint) => {
        ctx.canvas.drawRect(ctx.ck.XYWHRect(2, 2, UNITS - 4, UNITS - 4), paint);
        ctx.canvas.drawRect(ctx.ck.XYWHRect(2.5, 2.5, UNITS - 5, UNITS - 5), paint);
      });
      type(
        ctx,
        fonts,
        text,
        { family: 'Rasa', weight: 500, leading: 1.2, maxSize: 3.8 },
        { width: 23, height: 17 },
        goldPaint(ctx),
      );
    },
  },
  {
    name: 'retro',
    draw(ctx, fonts, text) {
      fill(ctx, '#f4e4c1');
      sunburst(ctx, C, C, 32, ['#edc88a', '#f4e4c1'], 40);
      rings(ctx, C, C, 12.2, [
        ['#f4e4c1', 0.4],
        ['#2f7f7a', 0.6],
        ['#e0a526', 0.6],
        ['#d9692b', 0.6],
      ]);
      grain(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 600, 0.7);
      type(
        ctx,
        fonts,
        text,
        { family: 'McLaren', leading: 1.25, maxSize: 3.4 },
        { width: 19, height: 16 },
        fillPaint(ctx, '#5a3a26'),
      );
    },
  },
  {
    name: 'botanisch',
    draw(ctx, fonts, text) {
      paper(
        ctx,
        { x: 0, y: 0, width: UNITS, height: UNITS },
        { base: '#f6f0e4', stain: '#b8a47e', seed: 700, mottle: 0.25, fibres: 0.3 },
      );
      sprig(
        ctx,
        {
          start: [-0.5, 9],
          angle: -0.55,
          length: 10,
          bend: 0.5,
          leaves: FOLIAGE[0]!,
          stem: '#5b6b48',
          count: 5,
          leafLength: 2.4,
        },
        ctx.random,
      );
      sprig(
        ctx,
        {
          start: [1, 2],
          angle: 0.4,
          length: 8,
          bend: 0.3,
          leaves: FOLIAGE[1]!,
          stem: '#5b6b48',
          count: 4,
          leafLength: 1.8,
        },
        ctx.random,
      );
      sprig(
        ctx,
        {
          start: [UNITS + 0.5, UNITS - 9],
          angle: Math.PI - 0.55,
          length: 10,
          bend: 0.5,
          leaves: FOLIAGE[3]!,
          stem: '#5b6b48',
          count: 5,
          leafLength: 2.4,
        },
        ctx.random,
      );
      sprig(
        ctx,
        {
          start: [UNITS - 1, UNITS - 2],
          angle: Math.PI + 0.4,
          length: 8,
          bend: 0.3,
          leaves: FOLIAGE[2]!,
          stem: '#5b6b48',
          count: 4,
          leafLength: 1.8,
        },
        ctx.random,
      );
      type(
        ctx,
        fonts,
        text,
        { family: 'Crimson Text', leading: 1.2, maxSize: 3.8 },
        { width: 22, height: 15 },
        fillPaint(ctx, '#2f4b3a'),
      );
    },
  },
  {
    name: 'confetti',
    draw(ctx, fonts, text) {
      fill(ctx, '#fffaf4');
      confetti(ctx, {
        count: 260,
        size: 0.7,
        gold: true,
        accept: (x, y) => Math.max(Math.abs(x - C), Math.abs(y - C)) > 10.5,
      });
      type(
        ctx,
        fonts,
        text,
        { family: 'Nunito', weight: 800, leading: 1.2, maxSize: 3.6 },
        { width: 19, height: 17 },
        fillPaint(ctx, '#23305a'),
      );
    },
  },
  {
    name: 'krijtbord',
    draw(ctx, fonts, text) {
      slate(ctx, { x: 0, y: 0, width: UNITS, height: UNITS }, 800);
      chalk(ctx, 801, (stroke) => {
        const white = stroke('#f4f1e8', 0.12);
        swirl(ctx, 5, 5, 1.6, 2.5, white);
        star(ctx, UNITS - 5, 5.5, 1.3, white);
        star(ctx, UNITS - 7.5, 3.6, 0.6, white);
        const pink = stroke('#f2b5c4', 0.12);
        chalkHeart(ctx, C, UNITS - 5, 2, pink);
        white.delete();
        pink.delete();
      });
      type(
        ctx,
        fonts,
        text,
        { family: 'Indie Flower', leading: 1.15, maxSize: 4.4 },
        { width: 25, height: 18, cy: C - 0.5 },
        fillPaint(ctx, '#f7f4ec'),
      );
    },
  },
];
