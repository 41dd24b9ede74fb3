import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  halfCm,
  materialArb,
  seedArb,
  settingsWithin,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  boundingBox,
  layoutProblems,
  photoLayers,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, insetRect, textBands } from './common';
import {
  HEART_MAX_CM,
  HEART_MIN_CM,
  heartGenerator,
  heartPhotoCount,
  isHeartSize,
  placeCells,
} from './heart';
import { HEART_MASKS, heartGrid } from './heartShape';
import { BORDERED_GAP_CM, BORDER_REACH_CM, PLAYFUL_ROTATIONS } from './playful';
import { borderProblems, turnedProblems } from '../../../tests/support/model/rotatedChecks';
import type { GeneratorInput } from './types';

const heartSizeArb = halfCm(HEART_MIN_CM, HEART_MAX_CM).map((side) => ({
  widthCm: side,
  heightCm: side,
}));

const inRange = (sizes = heartSizeArb): fc.Arbitrary<GeneratorInput> =>
  fc
    .tuple(sizes, materialArb, seedArb)
    .chain(([size, material, seed]) =>
      settingsWithin(
        heartGenerator.controls(heartGenerator.defaults(size, material), size, material),
      ).map((settings) => ({ settings, size, material, seed })),
    );

describe('heart masks look like hearts', () => {
  it.each(HEART_MASKS.map((mask, layout) => [layout, mask] as const))(
    'layout %i: mirror-symmetric, two lobes with a notch, widest in the upper half, narrowing to a one-cell tip',
    (_layout, mask) => {
      const cols = mask[0]!.length;
      expect(mask.every((line) => line.length === cols)).toBe(true);
      expect(mask.every((line) => [...line].reverse().join('') === line)).toBe(true);
      const centre = (cols - 1) / 2;
      expect(mask[0]![centre]).toBe('.');
      const runs = mask[0]!.split('.').filter(Boolean);
      expect(runs).toHaveLength(2);
      const widths = mask.map((line) => line.split('').filter((c) => c === '#').length);
      const widest = widths.indexOf(Math.max(...widths));
      expect(widest).toBeLessThan(mask.length / 2);
      expect(Math.max(...widths)).toBe(cols);
      for (let row = widest + 1; row < mask.length; row++)
        expect(widths[row]!).toBeLessThanOrEqual(widths[row - 1]!);
      expect(mask.at(-1)).toBe('.'.repeat(centre) + '#' + '.'.repeat(centre));
      // Filled: every row below the lobes is one solid run.
      for (const line of mask.slice(2)) expect(line.replace(/^\.+|\.+$/g, '')).toMatch(/^#+$/);
    },
  );

  it('gets denser from layout A to C', () => {
    const counts = [0, 1, 2].map((layout) => heartGrid(layout).cells.length);
    expect(counts[0]!).toBeLessThan(counts[1]!);
    expect(counts[1]!).toBeLessThan(counts[2]!);
    expect(heartGrid(-3).cells).toEqual(heartGrid(0).cells);
    expect(heartGrid(17).cells).toEqual(heartGrid(2).cells);
  });
});

describe('heart sizes', () => {
  it('accepts square sizes from 30 to 100 cm inclusive only', () => {
    expect(isHeartSize({ widthCm: 30, heightCm: 30 })).toBe(true);
    expect(isHeartSize({ widthCm: 100, heightCm: 100 })).toBe(true);
    expect(isHeartSize({ widthCm: 29.5, heightCm: 29.5 })).toBe(false);
    expect(isHeartSize({ widthCm: 100.5, heightCm: 100.5 })).toBe(false);
    expect(isHeartSize({ widthCm: 50, heightCm: 40 })).toBe(false);
  });

  it('warns with the limits exactly when the size is no heart size, and still draws a heart', () => {
    fc.assert(
      fc.property(fc.oneof(heartSizeArb, sizeArb), materialArb, (size, material) => {
        const result = heartGenerator.generate({ settings: {}, size, material, seed: 1 });
        if (!result.ok) throw new Error('heart refused');
        expect(result.warnings.length === 0).toBe(isHeartSize(size));
        if (!isHeartSize(size))
          expect(result.warnings[0]).toEqual({
            key: 'generators.heart.size',
            values: { min: 30, max: 100 },
          });
        expect(layoutProblems(result.layout)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('gen:heart', () => {
  it('lays every in-range setting out as a sound heart with bordered photos', () => {
    fc.assert(
      fc.property(inRange(), (input) => {
        const result = heartGenerator.generate(input);
        if (!result.ok) throw new Error('heart refused');
        const { layout } = result;
        const { photoArea } = textBands(contentArea(input), Number(input.settings.hasText));
        expect(layoutProblems(layout)).toEqual([]);
        expect(turnedProblems(layout, insetRect(photoArea, BORDER_REACH_CM))).toEqual([]);
        expect(borderProblems(layout)).toEqual([]);
        expect(photoLayers(layout)).toHaveLength(heartPhotoCount(input.settings));
        expect(layout.backgroundColor).toBe('#ffffff');
        const playful = input.settings.playfull === '1';
        photoLayers(layout).forEach((photo, i) => {
          expect(photo.rotation).toBe(playful ? PLAYFUL_ROTATIONS[i % 8] : 0);
          expect(photo.width).toBeCloseTo(photo.height, 3);
        });
        expect(textLayers(layout)).toHaveLength([0, 1, 1, 2, 2][Number(input.settings.hasText)]!);
        expect(heartGenerator.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });

  it('centres the heart and keeps two border cards between neighbours', () => {
    fc.assert(
      fc.property(inRange(), (input) => {
        const result = heartGenerator.generate({
          ...input,
          settings: { ...input.settings, playfull: '0' },
        });
        if (!result.ok) throw new Error('heart refused');
        const photos = photoLayers(result.layout);
        const { photoArea } = textBands(contentArea(input), Number(input.settings.hasText));
        const box = boundingBox(photos);
        expect(box.x + box.width / 2).toBeCloseTo(photoArea.x + photoArea.width / 2, 2);
        expect(box.y + box.height / 2).toBeCloseTo(photoArea.y + photoArea.height / 2, 2);
        const a = photos[0]!;
        const right = photos.find((p) => Math.abs(p.y - a.y) < 0.01 && p.x > a.x)!;
        const pitch = right.x - a.x;
        const gap = right.x - (a.x + a.width);
        expect(gap).toBeLessThanOrEqual(BORDERED_GAP_CM + 0.01);
        // Away from the switch to the small-heart gap, the cards exactly touch.
        if (pitch >= 4 * BORDERED_GAP_CM + 0.2) expect(gap).toBeCloseTo(BORDERED_GAP_CM, 2);
      }),
      { numRuns: 80 },
    );
  });

  it('shrinks the gap on tiny hearts to a quarter of the pitch, so a photo never vanishes', () => {
    // 13 columns in 6.5 cm: a 0.5 cm pitch leaves room for a 0.125 cm gap, not two 0.4 cm cards.
    const cells = placeCells({ x: 0, y: 0, width: 6.5, height: 6.5 }, 13, 11, [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ]);
    const gap = cells[1]!.x - (cells[0]!.x + cells[0]!.width);
    expect(gap).toBeCloseTo(0.125, 6);
    expect(13 * cells[0]!.width + 12 * gap).toBeCloseTo(6.5, 6);
  });

  it('offers layout A-C (default B), playful on/off and the five text options', () => {
    const size = { widthCm: 50, heightCm: 50 };
    const controls = heartGenerator.controls(heartGenerator.defaults(size, ''), size, '');
    expect(controls.map((c) => [c.name, c.label, c.current, c.min, c.max, c.step])).toEqual([
      ['layout', 'controls.layout', 1, 0, 2, 1],
      ['playfull', 'controls.playful', 0, 0, 1, 1],
      ['hasText', 'controls.text', 0, 0, 4, 1],
    ]);
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings(['layout', 'playfull', 'hasText', 'box']),
        heartSizeArb,
        materialArb,
        (settings, size, material) => {
          const result = heartGenerator.generate({ settings, size, material, seed: 0 });
          if (!result.ok) throw new Error('heart refused');
          expect(layoutProblems(result.layout)).toEqual([]);
        },
      ),
      { numRuns: 80 },
    );
  });
});
