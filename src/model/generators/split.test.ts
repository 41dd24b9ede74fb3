import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODERN_PHOTO_BORDER, type Rect } from '../layout/types';
import {
  materialArb,
  seedArb,
  settingsWithin,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  boundingBox,
  gapBetween,
  layoutProblems,
  photoLayers,
  smallestGap,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, insetRect, textBands } from './common';
import { borderProblems } from '../../../tests/support/model/rotatedChecks';
import {
  MIDDLE_SPLITS,
  SPLIT_REFUSAL,
  bordersplit,
  fillPart,
  normalsplit,
  splitParts,
  tooSmallForSplit,
} from './split';
import type { Generator, GeneratorInput, GeneratorResult } from './types';

function inRange(g: Generator): fc.Arbitrary<GeneratorInput> {
  return fc
    .tuple(sizeArb, materialArb, seedArb, fc.integer({ min: 0, max: 3 }))
    .chain(([size, material, seed, middleSplit]) => {
      // The photo count's minimum follows the middle split: draw that first, as a customer would set it.
      const base = { ...g.defaults(size, material), middleSplit: String(middleSplit) };
      return settingsWithin(g.controls(base, size, material)).map((settings) => ({
        settings,
        size,
        material,
        seed,
      }));
    });
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

describe.each([
  [normalsplit, false],
  [bordersplit, true],
] as const)('$name', (g, bordered) => {
  const card = bordered ? MODERN_PHOTO_BORDER.cardWidthCm : 0;

  it('splits every in-range setting with exact spacing and margins, or refuses only for photos under the limits', () => {
    let laidOut = 0;
    fc.assert(
      fc.property(inRange(g), (input) => {
        const result = g.generate(input);
        const v = Object.fromEntries(
          g.controls(input.settings, input.size, input.material).map((c) => [c.name, c.current]),
        );
        if (!result.ok) {
          expect(result.refusal.key).toBe(SPLIT_REFUSAL);
          return;
        }
        laidOut++;
        const photos = photoLayers(result.layout);
        const { photoArea } = textBands(contentArea(input), v.hasText!);
        expect(layoutProblems(result.layout)).toEqual([]);
        expect(photos).toHaveLength(v.numberHor!);
        expect(photos.some(tooSmallForSplit)).toBe(false);
        // The photos fill the area inside the margin (plus the card) exactly...
        const box = boundingBox(photos);
        const inner = insetRect(photoArea, v.marginCM! + card);
        for (const key of ['x', 'y', 'width', 'height'] as const)
          expect(near(box[key], inner[key])).toBe(true);
        // ...with the spacing (card to card) between neighbours.
        expect(smallestGap(photos)).toBeGreaterThan(v.borderCM! + 2 * card - 0.01);
        for (const photo of photos) {
          const gaps = photos
            .filter((other) => other !== photo)
            .map((other) => gapBetween(photo, other));
          expect(gaps.some((gap) => near(gap, v.borderCM! + 2 * card))).toBe(true);
        }
        if (bordered) expect(borderProblems(result.layout)).toEqual([]);
        else
          expect(
            photos.every((p) => p.border === undefined) && result.layout.photoBorder === undefined,
          ).toBe(true);
        expect(textLayers(result.layout)).toHaveLength([0, 1, 1, 2, 2][v.hasText!]!);
        expect(g.generate(input)).toEqual(result);
      }),
      { numRuns: 200 },
    );
    expect(laidOut).toBeGreaterThan(50);
  });

  it('puts the main photos (img1…) on the chosen side with their share of the length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 4, max: 12 }).map((n) => n * 5),
        (position, middle, share) => {
          const size = { widthCm: 80, heightCm: 60 };
          const settings = {
            position: String(position),
            middleSplit: String(middle),
            division: String(share),
            numberHor: '6',
            inline: '0',
            borderCM: '0.5',
            marginCM: '1',
          };
          const result = g.generate({ settings, size, material: '', seed: 0 });
          if (!result.ok) throw new Error('split refused');
          const { cols, rows } = MIDDLE_SPLITS[middle]!;
          const photos = photoLayers(result.layout);
          const main = boundingBox(photos.slice(0, cols * rows));
          const rest = boundingBox(photos.slice(cols * rows));
          const spacing = 0.5 + 2 * card;
          const vertical = position >= 2;
          const length = (vertical ? 80 : 60) - 2 * (1 + card) - spacing;
          expect((vertical ? main.width : main.height) / length).toBeCloseTo(share / 100, 3);
          const mainFirst = position === 0 || position === 2;
          const [a, b] = mainFirst ? [main, rest] : [rest, main];
          if (vertical) expect(near(b.x - (a.x + a.width), spacing)).toBe(true);
          else expect(near(b.y - (a.y + a.height), spacing)).toBe(true);
          expect(new Set(photos.slice(0, cols * rows).map((p) => p.x.toFixed(2))).size).toBe(cols);
          expect(new Set(photos.slice(0, cols * rows).map((p) => p.y.toFixed(2))).size).toBe(rows);
        },
      ),
    );
  });

  it('sets the other photos in one line when inline', () => {
    for (const position of [0, 1, 2, 3]) {
      const result = g.generate({
        settings: { position: String(position), numberHor: '7', inline: '1' },
        size: { widthCm: 100, heightCm: 100 },
        material: '',
        seed: 0,
      });
      if (!result.ok) throw new Error('split refused');
      const rest = photoLayers(result.layout).slice(1);
      const along =
        position >= 2 ? rest.map((p) => p.x.toFixed(3)) : rest.map((p) => p.y.toFixed(3));
      expect(new Set(along).size).toBe(1);
    }
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings([
          'position',
          'numberHor',
          'division',
          'middleSplit',
          'borderCM',
          'marginCM',
          'inline',
          'hasText',
          'box',
        ]),
        sizeArb,
        materialArb,
        (settings, size, material) => {
          const result = g.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout)).toEqual([]);
          else expect(result.refusal.key).toBe(SPLIT_REFUSAL);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('split refusal at its exact bounds', () => {
  // No material margin, margin 0.5, spacing 0: the photo area is the sheet less 1 cm each way.
  const generate = (
    widthCm: number,
    heightCm: number,
    settings: Record<string, string>,
  ): GeneratorResult =>
    normalsplit.generate({
      settings: { borderCM: '0', marginCM: '0.5', ...settings },
      size: { widthCm, heightCm },
      material: '',
      seed: 0,
    });

  it('accepts a photo of exactly 3 cm and refuses one just under', () => {
    // 12 photos, the 11 others in one line over 33 cm: 3 cm wide, 10 cm high (40 % of 25).
    const settings = { numberHor: '12', inline: '1', position: '0', division: '60' };
    expect(generate(34, 26, settings).ok).toBe(true);
    const minimum = generate(34, 26, settings);
    if (minimum.ok)
      expect(Math.min(...photoLayers(minimum.layout).map((p) => p.width))).toBeCloseTo(3, 6);
    expect(generate(33.9, 26, settings)).toEqual({
      ok: false,
      refusal: { key: SPLIT_REFUSAL, values: { side: 3, area: 25 } },
    });
  });

  it('accepts a photo of exactly 25 cm² and refuses one just under', () => {
    // Two photos of 5 x 5 cm, one above the other.
    const settings = { numberHor: '2', inline: '1', position: '0', division: '50' };
    const exact = generate(6, 11, settings);
    expect(exact.ok).toBe(true);
    if (exact.ok)
      expect(photoLayers(exact.layout).map((p) => p.width * p.height)).toEqual([25, 25]);
    expect(generate(6, 10.98, settings).ok).toBe(false);
    expect(tooSmallForSplit({ x: 0, y: 0, width: 3, height: 8.4 })).toBe(false);
    expect(tooSmallForSplit({ x: 0, y: 0, width: 3, height: 8.3 })).toBe(true);
    expect(tooSmallForSplit({ x: 0, y: 0, width: 2.99, height: 20 })).toBe(true);
  });
});

describe('split controls', () => {
  const size = { widthCm: 50, heightCm: 40 };
  const byName = (settings: Record<string, string>) =>
    Object.fromEntries(normalsplit.controls(settings, size, '').map((c) => [c.name, c]));

  it('ranges: photos 2-12 (one more than the main part holds), share 20-60 step 5, position and middle split 0-3', () => {
    const c = byName(normalsplit.defaults(size, ''));
    expect(c.numberHor).toMatchObject({
      min: 2,
      max: 12,
      step: 1,
      current: 5,
      label: 'controls.photos',
    });
    expect(c.division).toMatchObject({
      min: 20,
      max: 60,
      step: 5,
      current: 40,
      label: 'controls.share',
    });
    expect(c.position).toMatchObject({ min: 0, max: 3, type: 'arrow', label: 'controls.position' });
    expect(c.middleSplit).toMatchObject({
      min: 0,
      max: 3,
      type: 'arrow',
      label: 'controls.middleSplit',
    });
    expect(c.borderCM).toMatchObject({ min: 0, max: 2, step: 0.1, label: 'controls.spacing' });
    expect(c.marginCM).toMatchObject({ min: 0.5, max: 2, step: 0.1, hidden: false });
    expect(c.inline).toMatchObject({ min: 0, max: 1, label: 'controls.inline' });
    expect(byName({ middleSplit: '1', numberHor: '2' }).numberHor).toMatchObject({
      min: 3,
      current: 3,
    });
    expect(byName({ middleSplit: '3', numberHor: '2' }).numberHor).toMatchObject({
      min: 5,
      current: 5,
    });
    expect(byName({ hasText: '3' }).marginCM!.hidden).toBe(true);
  });
});

describe('fillPart', () => {
  it('spreads the photos over the lines as evenly as possible, tiling the part exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.double({ min: 5, max: 100, noNaN: true }),
        fc.double({ min: 5, max: 100, noNaN: true }),
        fc.boolean(),
        (count, w, h, inline) => {
          const area: Rect = { x: 1, y: 2, width: w, height: h };
          const rects = fillPart(area, count, 0, inline);
          expect(rects).toHaveLength(count);
          expect(rects.reduce((sum, r) => sum + r.width * r.height, 0)).toBeCloseTo(w * h, 3);
          const tall = h > w;
          const lines = new Map<string, number>();
          for (const r of rects)
            lines.set(
              (tall ? r.x : r.y).toFixed(6),
              (lines.get((tall ? r.x : r.y).toFixed(6)) ?? 0) + 1,
            );
          const perLine = [...lines.values()];
          expect(Math.max(...perLine) - Math.min(...perLine)).toBeLessThanOrEqual(1);
          if (inline) expect(lines.size).toBe(1);
        },
      ),
    );
  });

  it('splitParts gives the main part its share of the length less the spacing', () => {
    const area = { x: 0, y: 0, width: 100, height: 51 };
    expect(splitParts(area, 0, 40, 1)).toEqual({
      main: { x: 0, y: 0, width: 100, height: 20 },
      rest: { x: 0, y: 21, width: 100, height: 30 },
    });
    expect(splitParts(area, 1, 40, 1)).toEqual({
      main: { x: 0, y: 31, width: 100, height: 20 },
      rest: { x: 0, y: 0, width: 100, height: 30 },
    });
    expect(splitParts({ x: 0, y: 0, width: 101, height: 50 }, 3, 20, 1).main).toEqual({
      x: 81,
      y: 0,
      width: 20,
      height: 50,
    });
  });
});
