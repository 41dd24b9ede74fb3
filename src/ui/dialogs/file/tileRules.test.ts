import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadingDots, previewHeight, shortFileName, tileBox } from './tileRules';

describe('shortFileName', () => {
  it('keeps names of up to 15 characters and cuts longer ones to 15 with a visible cut', () => {
    expect(shortFileName('IMG_0001.jpg')).toBe('IMG_0001.jpg');
    expect(shortFileName('123456789012345')).toBe('123456789012345');
    expect(shortFileName('1234567890123456')).toBe('123456789012...');
    expect(shortFileName('vakantie-italie-2024-dag-3.jpg')).toBe('vakantie-ita...');
  });

  it('never shows more than 15 characters and never splits an emoji', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const shown = shortFileName(name);
        expect(Array.from(shown).length).toBeLessThanOrEqual(15);
        if (Array.from(name).length <= 15) expect(shown).toBe(name);
        else expect(name.startsWith(shown.slice(0, -3))).toBe(true);
      }),
    );
  });
});

describe('previewHeight', () => {
  it('is 80 in a narrow window, else 100; quotes always 150', () => {
    expect([
      previewHeight(true, 'photo'),
      previewHeight(false, 'photo'),
      previewHeight(true, 'quote'),
      previewHeight(false, 'quote'),
    ]).toEqual([80, 100, 150, 150]);
  });
});

describe('tileBox', () => {
  it('keeps the aspect at the preview height and swaps sides for 90/270 degrees', () => {
    expect(tileBox(1024, 768, 0, 100)).toEqual({ width: 133, height: 100 });
    expect(tileBox(768, 1024, 0, 100)).toEqual({ width: 75, height: 100 });
    expect(tileBox(1024, 768, 90, 100)).toEqual({ width: 75, height: 100 });
    expect(tileBox(1024, 768, 180, 100)).toEqual({ width: 133, height: 100 });
    expect(tileBox(60, 40, 0, 100)).toEqual({ width: 60, height: 40 });
  });
});

describe('loadingDots', () => {
  it('cycles one, two, three dots', () => {
    expect([0, 1, 2, 3, 4].map(loadingDots)).toEqual(['.', '..', '...', '.', '..']);
  });
});
