import { describe, expect, it } from 'vitest';
import { MATERIALS, isMaterialCode, material, materialMarginCm } from './materials';

describe('materials', () => {
  it('has the spec margins', () => {
    expect(materialMarginCm('CANVAS2CM')).toBe(2.5);
    expect(materialMarginCm('CANVAS4CM')).toBe(5);
    expect(materialMarginCm('POSTER')).toBe(0.1);
    expect(materialMarginCm('PLEXI')).toBe(0.3);
    expect(materialMarginCm('DIBOND')).toBe(0.3);
    expect(materialMarginCm('')).toBe(0);
    expect(materialMarginCm('TILES')).toBe(0);
  });

  it('blocks corners only on canvas', () => {
    expect(MATERIALS.filter((m) => m.blockedCorners).map((m) => m.code)).toEqual([
      'CANVAS2CM',
      'CANVAS4CM',
    ]);
  });

  it('numbers the materials 1 to 8 in the spec order', () => {
    expect(MATERIALS.map((m) => m.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('treats unknown codes as none', () => {
    expect(isMaterialCode('WOOD')).toBe(false);
    expect(material('WOOD').code).toBe('');
  });
});
