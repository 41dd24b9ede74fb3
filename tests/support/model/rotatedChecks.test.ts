import { describe, expect, it } from 'vitest';
import {
  MODERN_PHOTO_BORDER,
  type Layout,
  type PhotoSlotLayer,
} from '../../../src/model/layout/types';
import { borderProblems, turnedProblems } from './rotatedChecks';

const photo = (slot: string, x: number, rotation: number, bordered = true): PhotoSlotLayer => ({
  kind: 'photo',
  slot,
  x,
  y: 2,
  width: 4,
  height: 4,
  rotation,
  ...(bordered ? { border: { ...MODERN_PHOTO_BORDER } } : {}),
});

const layout = (photos: PhotoSlotLayer[], bordered = true): Layout => ({
  widthCm: 20,
  heightCm: 10,
  layers: photos,
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
  ...(bordered ? { photoBorder: { ...MODERN_PHOTO_BORDER } } : {}),
});

describe('turnedProblems', () => {
  const area = { x: 1, y: 1, width: 18, height: 8 };

  it('passes photos whose turned boxes keep apart inside the area', () => {
    expect(turnedProblems(layout([photo('img1', 2, 10), photo('img2', 8, -10)]), area)).toEqual([]);
  });

  it('finds a turned box that leaves the area, a border off the sheet and turned boxes that overlap', () => {
    // Straight, img1 fits (x 1.1); turned 30 degrees its box reaches past x = 1 and its border past 0.
    const problems = turnedProblems(layout([photo('img1', 0.5, 30), photo('img2', 4.2, 30)]), area);
    expect(problems).toContain('img1 turned leaves its area');
    expect(problems).toContain('img1 border leaves the printable area');
    expect(problems).toContain('img1 turned overlaps img2');
    expect(
      turnedProblems(layout([photo('img1', 2, 30), photo('img2', 5.5, 30)]), area, {
        allowOverlap: true,
      }),
    ).toEqual([]);
  });
});

describe('borderProblems', () => {
  it('names photos without the modern border and a layout without it', () => {
    expect(borderProblems(layout([photo('img1', 2, 0)]))).toEqual([]);
    expect(borderProblems(layout([photo('img1', 2, 0, false)], false))).toEqual([
      'img1 has no modern border',
      'the layout has no modern photo border',
    ]);
  });
});
