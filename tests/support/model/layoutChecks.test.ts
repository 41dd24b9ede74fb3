import { describe, expect, it } from 'vitest';
import { gapBetween, layoutProblems, overlaps, smallestGap } from './layoutChecks';
import {
  backgroundLayer,
  buildLayout,
  frameLayer,
  photoSlot,
  textLayer,
  toSettings,
} from '../../../src/model/generators/common';
import { alleven } from '../../../src/model/generators/grid';
import type { Layout } from '../../../src/model/layout/types';

const input = {
  settings: {},
  size: { widthCm: 50, heightCm: 40 },
  material: 'CANVAS2CM' as const,
  seed: 0,
};
const sound = (): Layout => {
  const result = alleven.generate(input);
  if (!result.ok) throw new Error('refused');
  return result.layout;
};

describe('layout checks catch what they promise to catch', () => {
  it('passes a sound layout', () => {
    expect(layoutProblems(sound())).toEqual([]);
  });

  it('reports slots off the printable area, overlaps, misnamed or empty slots', () => {
    const layout = buildLayout(input, {
      photos: [
        photoSlot({ x: 1, y: 3, width: 10, height: 10 }, 0),
        photoSlot({ x: 5, y: 5, width: 10, height: 10 }, 2),
        photoSlot({ x: 30, y: 30, width: 0, height: 2 }, 2),
      ],
      texts: [textLayer('txt1', { x: 4, y: 4, width: 5, height: 2 })],
    });
    const problems = layoutProblems(layout);
    expect(problems).toContain('img1 leaves the printable area');
    expect(problems).toContain('img1 overlaps img3');
    expect(problems).toContain('slot 1 is named img3');
    expect(problems).toContain('img3 has no area');
    expect(problems).toContain('txt1 overlaps img1');
    expect(layoutProblems(layout, { allowPhotoOverlap: true, allowBleed: true })).not.toContain(
      'img1 overlaps img3',
    );
    expect(layoutProblems(layout, { allowBleed: true })).not.toContain(
      'img1 leaves the printable area',
    );
  });

  it('reports a missing background and a frame that does not match the material', () => {
    const layout = sound();
    const noBackground = { ...layout, layers: layout.layers.slice(1) };
    expect(layoutProblems(noBackground)).toContain('the first layer is not the background');
    const noFrame = { ...layout, layers: layout.layers.filter((l) => l.kind !== 'frame') };
    expect(layoutProblems(noFrame)).toContain('frame layer does not match the material margin');
    expect(frameLayer(input.size, input.material)).toBeDefined();
    expect(backgroundLayer(input.size, input.material).role).toBe('background');
  });

  it('measures gaps and overlaps with a 0.01 cm tolerance', () => {
    const a = { x: 0, y: 0, width: 10, height: 10 };
    expect(overlaps(a, { x: 9.995, y: 0, width: 5, height: 5 })).toBe(false);
    expect(overlaps(a, { x: 9.9, y: 0, width: 5, height: 5 })).toBe(true);
    expect(gapBetween(a, { x: 10.5, y: 2, width: 5, height: 5 })).toBeCloseTo(0.5, 9);
    expect(gapBetween(a, { x: 0, y: 12, width: 5, height: 5 })).toBeCloseTo(2, 9);
    expect(smallestGap([a])).toBe(Infinity);
  });

  it('turns control values back into saved settings', () => {
    expect(toSettings({ numberVert: 3, borderCM: 0.5 })).toEqual({
      numberVert: '3',
      borderCM: '0.5',
    });
  });
});
