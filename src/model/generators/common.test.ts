import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_BLEED_CM,
  FONT_SIZES_CM,
  HasText,
  backgroundLayer,
  buildLayout,
  contentArea,
  control,
  designOffsetCm,
  fontSizeFor,
  frameLayer,
  layoutFromRects,
  mulberry32,
  printableArea,
  readNumber,
  readingOrder,
  snapToStep,
  splitGrid,
  textBands,
  titleUnitCm,
} from './common';
import type { GeneratorInput } from './types';

const input = (over: Partial<GeneratorInput> = {}): GeneratorInput => ({
  settings: {},
  size: { widthCm: 50, heightCm: 40 },
  material: '',
  seed: 1,
  ...over,
});

describe('printable area and background', () => {
  it('takes the material margin off every side', () => {
    expect(printableArea({ widthCm: 50, heightCm: 40 }, 'CANVAS4CM')).toEqual({
      x: 5,
      y: 5,
      width: 40,
      height: 30,
    });
    expect(printableArea({ widthCm: 50, heightCm: 40 }, '')).toEqual({
      x: 0,
      y: 0,
      width: 50,
      height: 40,
    });
  });

  it('reaches 5 mm past the printable edge and covers the whole sheet', () => {
    for (const material of ['', 'POSTER', 'CANVAS2CM', 'CANVAS4CM', 'PLEXI'] as const) {
      const bg = backgroundLayer({ widthCm: 50, heightCm: 40 }, material);
      const printable = printableArea({ widthCm: 50, heightCm: 40 }, material);
      expect(bg.role).toBe('background');
      expect(bg.fill).toBe('#ffffff');
      expect(bg.x).toBeLessThanOrEqual(Math.min(0, printable.x - BACKGROUND_BLEED_CM) + 1e-9);
      expect(bg.x + bg.width).toBeGreaterThanOrEqual(
        Math.max(50, printable.x + printable.width + BACKGROUND_BLEED_CM) - 1e-9,
      );
      expect(bg.y + bg.height).toBeGreaterThanOrEqual(40);
    }
  });

  it('adds a frame only for materials with a margin', () => {
    expect(frameLayer({ widthCm: 50, heightCm: 40 }, '')).toBeUndefined();
    expect(frameLayer({ widthCm: 50, heightCm: 40 }, 'TILES')).toBeUndefined();
    expect(frameLayer({ widthCm: 50, heightCm: 40 }, 'CANVAS2CM')).toMatchObject({
      marginCm: 2.5,
      color: '#000000',
      fill: '#fcfaf2',
    });
  });

  it('offsets designer generated simple/happy/modern designs by 0.2 cm', () => {
    expect(designOffsetCm('generated', 'happy')).toBe(0.2);
    expect(designOffsetCm('generated', 'classic')).toBe(0);
    expect(designOffsetCm('someone', 'modern')).toBe(0);
    expect(contentArea(input({ designer: 'generated', design: 'modern' }))).toEqual({
      x: 0.2,
      y: 0.2,
      width: 49.6,
      height: 39.6,
    });
  });

  it('draws a box around the content when the design asks and keeps photos inside it', () => {
    const content = contentArea(input({ settings: { box: '1' } }));
    const layout = buildLayout(input({ settings: { box: '1' } }), { photos: [], content });
    const box = layout.layers.find((l) => l.kind === 'box');
    expect(box).toBeDefined();
    expect(box!.x + (box as { borderWidthCm: number }).borderWidthCm).toBeCloseTo(content.x, 6);
    expect(buildLayout(input(), { photos: [], content }).layers.some((l) => l.kind === 'box')).toBe(
      false,
    );
  });
});

describe('text bands', () => {
  const area = { x: 0, y: 0, width: 50, height: 40 };
  it('reserves nothing without text', () => {
    expect(textBands(area, HasText.None)).toEqual({ texts: [], photoArea: area });
  });

  it('puts the title on top or at the bottom and doubles it with a subtitle', () => {
    const unit = titleUnitCm(area);
    const top = textBands(area, HasText.Top);
    expect(top.texts.map((t) => t.slot)).toEqual(['txt1']);
    expect(top.texts[0]!.y).toBe(0);
    expect(top.photoArea.y).toBeCloseTo(unit, 4);
    const bottomSub = textBands(area, HasText.BottomWithSubtitle);
    expect(bottomSub.texts.map((t) => t.slot)).toEqual(['txt1', 'txt2']);
    expect(bottomSub.texts[0]!.height).toBeCloseTo(2 * bottomSub.texts[1]!.height, 4);
    expect(bottomSub.texts[1]!.y + bottomSub.texts[1]!.height).toBeCloseTo(40, 4);
    expect(bottomSub.photoArea.height).toBeCloseTo(40 - 3 * unit, 4);
    const topSub = textBands(area, HasText.TopWithSubtitle);
    expect(topSub.texts[1]!.y).toBeCloseTo(2 * unit, 4);
  });

  it('styles generated texts: futura-pt, centre, bottom, black, no background, the 16 % margin left to the fitting box', () => {
    const [title] = textBands(area, HasText.Bottom).texts;
    expect(title!.style).toMatchObject({
      font: 'futura-pt',
      align: 'center',
      valign: 'bottom',
      color: '#000000',
      background: 'none',
    });
    expect(title!.style.paddingCm).toBe(0);
    expect(title!.style.fontSize).toBe(fontSizeFor(title!.height * (1 - 2 * 0.16)));
    expect(FONT_SIZES_CM).toContain(title!.style.fontSize);
  });

  it('picks the largest fitting font size, at least the smallest', () => {
    expect(fontSizeFor(0.1)).toBe(0.564);
    expect(fontSizeFor(2)).toBe(1.693);
    expect(fontSizeFor(10)).toBe(3.387);
  });

  it('treats unknown options as none', () => {
    expect(textBands(area, 9).texts).toEqual([]);
  });
});

describe('grid splitting', () => {
  it('splits exactly, with spacing and margin to 0.01 cm', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (cols, rows, spacingTenths, marginTenths) => {
          const spacing = spacingTenths / 10;
          const margin = marginTenths / 10;
          const rect = { x: 1, y: 2, width: 100, height: 80 };
          const cells = splitGrid(rect, cols, rows, spacing, margin);
          expect(cells).toHaveLength(cols * rows);
          expect(cells[0]!.x).toBeCloseTo(1 + margin, 2);
          const last = cells[cells.length - 1]!;
          expect(last.x + last.width).toBeCloseTo(101 - margin, 2);
          expect(last.y + last.height).toBeCloseTo(82 - margin, 2);
          if (cols > 1)
            expect(cells[1]!.x - (cells[0]!.x + cells[0]!.width)).toBeCloseTo(spacing, 2);
          if (rows > 1)
            expect(cells[cols]!.y - (cells[0]!.y + cells[0]!.height)).toBeCloseTo(spacing, 2);
        },
      ),
    );
  });

  it('sorts into reading order', () => {
    const rects = [
      { x: 5, y: 5, width: 1, height: 1 },
      { x: 0, y: 5, width: 1, height: 1 },
      { x: 9, y: 0, width: 1, height: 1 },
    ];
    expect(readingOrder(rects).map((r) => [r.x, r.y])).toEqual([
      [9, 0],
      [0, 5],
      [5, 5],
    ]);
  });

  it('refuses slots smaller than 1 cm', () => {
    const tiny = layoutFromRects(input(), [{ x: 0, y: 0, width: 0.5, height: 3 }]);
    expect(tiny).toEqual({ ok: false, refusal: { key: 'generators.tooSmall' } });
    expect(layoutFromRects(input(), []).ok).toBe(false);
  });
});

describe('PRNG and settings', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const next = mulberry32(seed)();
        return next >= 0 && next < 1;
      }),
    );
  });

  it('reads numbers with comma or point, falls back on junk', () => {
    expect(readNumber({ a: '0,5' }, 'a', 1)).toBe(0.5);
    expect(readNumber({ a: ' 3 ' }, 'a', 1)).toBe(3);
    expect(readNumber({ a: 'x' }, 'a', 1)).toBe(1);
    expect(readNumber({ a: '' }, 'a', 1)).toBe(1);
    expect(readNumber({}, 'a', 7)).toBe(7);
  });

  it('clamps and snaps controls', () => {
    const spec = { name: 'borderCM', label: 'controls.spacing', min: 0.5, max: 2, step: 0.1 };
    expect(control(spec, { borderCM: '9' }, 1).current).toBe(2);
    expect(control(spec, { borderCM: '0.73' }, 1).current).toBe(0.7);
    expect(control(spec, {}, 1).current).toBe(1);
    expect(control({ ...spec, max: 0 }, {}, 1)).toMatchObject({ min: 0.5, max: 0.5, current: 0.5 });
    expect(snapToStep(0.30000000000000004, 0, 0.1)).toBe(0.3);
    expect(snapToStep(3, 0, 0)).toBe(3);
  });
});
