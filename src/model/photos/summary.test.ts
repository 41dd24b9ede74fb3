import { describe, expect, it } from 'vitest';
import { duplicatePhotos, qualitySummary, type PhotoUse } from './summary';

const use = (slot: string, photoId: string, dpi: number): PhotoUse => ({ slot, photoId, dpi });

describe('duplicate use', () => {
  it('lists every photo used in more than one slot', () => {
    const uses = [
      use('img1', 'a', 200),
      use('img2', 'b', 200),
      use('img3', 'a', 200),
      use('img4', '', -1),
      use('img5', '', -1),
    ];
    expect(duplicatePhotos(uses)).toEqual(new Map([['a', ['img1', 'img3']]]));
  });
});

describe('quality summary', () => {
  it('says nothing about an empty collage', () => {
    expect(qualitySummary([use('img1', '', -1)], false).messages).toEqual([]);
  });

  it('says all photos are large enough', () => {
    expect(qualitySummary([use('img1', 'a', 100), use('img2', 'b', 300)], false).messages).toEqual([
      { key: 'quality.summary.allGood' },
    ]);
  });

  it('says one photo is too small, with the hint to tick the box', () => {
    const summary = qualitySummary([use('img1', 'a', 99.9), use('img2', 'b', 300)], false);
    expect(summary.lowSlots).toEqual(['img1']);
    expect(summary.messages).toEqual([
      { key: 'quality.summary.oneTooSmall' },
      { key: 'quality.summary.tickHint' },
    ]);
  });

  it('counts several photos that are too small and drops the hint once the box is ticked', () => {
    const summary = qualitySummary(
      [use('img1', 'a', 50), use('img2', 'b', 80), use('img3', 'c', 120)],
      true,
    );
    expect(summary.messages).toEqual([
      { key: 'quality.summary.severalTooSmall', values: { count: 2 } },
    ]);
  });

  it('flags a duplicate photo', () => {
    const summary = qualitySummary([use('img1', 'a', 200), use('img2', 'a', 200)], false);
    expect(summary.duplicateSlots).toEqual(['img1', 'img2']);
    expect(summary.messages).toEqual([
      { key: 'quality.summary.duplicate' },
      { key: 'quality.summary.tickHint' },
    ]);
  });
});

describe('quality texts', () => {
  it('has the spec Dutch texts under the keys the model returns', async () => {
    const nl = (await import('../../i18n/locales/nl.json')).default;
    expect(nl.quality.prefix).toBe('De afdrukkwaliteit van deze foto is');
    expect(Object.values(nl.quality.label)).toEqual([
      'SLECHT.',
      'MATIG.',
      'REDELIJK.',
      'GOED.',
      'UITSTEKEND.',
    ]);
    expect(nl.quality.replace).toBe('Vervang de foto.');
  });
});
