import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsAt } from '../text/fit';
import { fixedAdvanceMeasurer } from '../text/measure';
import {
  archiveSlotData,
  EMPTY_PHOTO_SLOT,
  emptySlotData,
  restoreSlotData,
  type PhotoSlotData,
  type SlotData,
  type TextSlotData,
} from './slotData';
import type { Layout, PhotoSlotLayer, TextSlotLayer, TextStyle } from './types';

const measurer = fixedAdvanceMeasurer(0.6, 1.2);
const style: TextStyle = {
  font: 'futura-pt',
  fontSize: 2.54,
  color: '#000000',
  align: 'center',
  valign: 'bottom',
  style: '',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  background: 'none',
};

const photoLayer = (slot: string, width = 10, height = 10): PhotoSlotLayer => ({
  kind: 'photo',
  slot,
  x: 0,
  y: 0,
  width,
  height,
  rotation: 0,
});
const textLayer = (
  slot: string,
  width: number,
  height: number,
  overrides: Partial<TextStyle> = {},
): TextSlotLayer => ({
  kind: 'text',
  slot,
  x: 0,
  y: 0,
  width,
  height,
  rotation: 0,
  style: { ...style, ...overrides },
});
const layout = (...layers: Layout['layers']): Layout => ({
  widthCm: 50,
  heightCm: 40,
  layers,
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
});
const photo = (id: string, overrides: Partial<PhotoSlotData> = {}): PhotoSlotData => ({
  id,
  zoom: 1.2,
  focusX: 0.3,
  focusY: 0.6,
  rotation: 90,
  effect: 'sepia',
  dpi: 150,
  ...overrides,
});
const text = (txt: string, overrides: Partial<TextSlotData> = {}): TextSlotData => ({
  ...style,
  txt,
  ...overrides,
});

describe('restoreSlotData', () => {
  it('restores photos by slot name and leaves new slots empty', () => {
    const archive: SlotData = { photos: { img1: photo('a'), img2: photo('b') }, texts: {} };
    const plan = restoreSlotData(archive, layout(photoLayer('img1'), photoLayer('img3')), {
      measurer,
    });
    expect(plan.data.photos).toEqual({ img1: photo('a'), img3: EMPTY_PHOTO_SLOT });
    expect(plan.lostSlots).toEqual(['img2']);
  });

  it('recomputes the dpi for the new slot size when the photo size is known', () => {
    const archive: SlotData = { photos: { img1: photo('a', { zoom: 1, rotation: 0 }) }, texts: {} };
    const plan = restoreSlotData(archive, layout(photoLayer('img1', 25.4, 25.4)), {
      measurer,
      photoSize: () => ({ widthPx: 4000, heightPx: 3000 }),
    });
    expect(plan.data.photos.img1!.dpi).toBeCloseTo(300);
    const unknown = restoreSlotData(archive, layout(photoLayer('img1', 25.4, 25.4)), {
      measurer,
      photoSize: () => undefined,
    });
    expect(unknown.data.photos.img1!.dpi).toBe(150);
  });

  it('keeps dpi -1 for an empty slot and does not report it as lost', () => {
    const archive: SlotData = {
      photos: { img1: photo('', { dpi: 12 }), img9: { ...EMPTY_PHOTO_SLOT } },
      texts: {},
    };
    const plan = restoreSlotData(archive, layout(photoLayer('img1')), {
      measurer,
      photoSize: () => ({ widthPx: 1, heightPx: 1 }),
    });
    expect(plan.data.photos.img1!.dpi).toBe(-1);
    expect(plan.lostSlots).toEqual([]);
  });

  it('carries the customer text, font, colour, caps and background; takes size and alignment from the new layer', () => {
    const archive: SlotData = {
      photos: {},
      texts: {
        txt1: text('Oma', {
          font: 'Rasa',
          color: '#ff0000',
          caps: true,
          background: 'back2',
          align: 'left',
          fontSize: 0.564,
        }),
      },
    };
    const plan = restoreSlotData(
      archive,
      layout(textLayer('txt1', 40, 6, { align: 'right', fontSize: 1.693 })),
      { measurer },
    );
    expect(plan.data.texts.txt1).toEqual({
      ...style,
      txt: 'Oma',
      font: 'Rasa',
      color: '#ff0000',
      caps: true,
      background: 'back2',
      align: 'right',
      fontSize: 1.693,
    });
    expect(plan.refittedTexts).toEqual([]);
  });

  it('gives a new text slot the layer defaults with an empty text', () => {
    const plan = restoreSlotData(emptySlotData(), layout(textLayer('txt2', 40, 3)), { measurer });
    expect(plan.data.texts.txt2).toEqual({ ...style, txt: '' });
  });

  it('re-fits a text into a smaller box and empties what cannot fit', () => {
    const archive: SlotData = {
      photos: {},
      texts: { txt1: text('Een hele lange titel'), txt2: text('Onmogelijk') },
    };
    const plan = restoreSlotData(
      archive,
      layout(textLayer('txt1', 20, 2), textLayer('txt2', 1, 1)),
      { measurer },
    );
    expect(plan.data.texts.txt1).toMatchObject({ txt: 'Een hele lange titel', fontSize: 0.917 });
    expect(plan.data.texts.txt2).toMatchObject({ txt: '' });
    expect(plan.refittedTexts).toEqual(['txt1']);
    expect(plan.emptiedTexts).toEqual(['txt2']);
  });

  it('lets the title use twice its height when the layout has a subtitle', () => {
    const archive: SlotData = { photos: {}, texts: { txt1: text('Zomer') } };
    // 3 cm high: inner 2.04 cm; a 2.54 cm line is 3.05 cm tall. Doubled (6 cm): inner 4.08, fits.
    const alone = restoreSlotData(archive, layout(textLayer('txt1', 40, 3)), { measurer });
    const withSubtitle = restoreSlotData(
      archive,
      layout(textLayer('txt1', 40, 3), textLayer('txt2', 40, 3)),
      { measurer },
    );
    expect(alone.data.texts.txt1!.fontSize).toBe(1.693);
    expect(withSubtitle.data.texts.txt1!.fontSize).toBe(2.54);
  });

  it("re-fits a photo's own text into the photo slot", () => {
    const archive: SlotData = {
      photos: {
        img1: photo('a', { text: text('Hoi', { fontSize: 3.387 }) }),
        img2: photo('b', { text: text('Dag') }),
      },
      texts: {},
    };
    const plan = restoreSlotData(
      archive,
      layout(photoLayer('img1', 10, 10), photoLayer('img2', 1, 1)),
      { measurer },
    );
    expect(plan.data.photos.img1!.text).toMatchObject({ txt: 'Hoi', fontSize: 3.387 });
    expect(plan.data.photos.img2!.text).toMatchObject({ txt: '' });
    expect(plan.emptiedTexts).toEqual(['img2']);
  });

  it('reports a lost text and ignores a slot whose kind changed', () => {
    const archive: SlotData = {
      photos: { x: photo('a') },
      texts: { txt2: text('Ondertitel'), x: text('tekst') },
    };
    const plan = restoreSlotData(archive, layout(photoLayer('img1')), { measurer });
    expect(plan.lostSlots).toEqual(['x', 'txt2', 'x']);
  });

  it('does not read inherited properties as slots', () => {
    const plan = restoreSlotData(
      emptySlotData(),
      layout(photoLayer('constructor'), textLayer('toString', 10, 2)),
      { measurer },
    );
    expect(plan.data.photos.constructor).toEqual(EMPTY_PHOTO_SLOT);
    expect(plan.data.texts.toString).toMatchObject({ txt: '' });
  });
});

describe('archiveSlotData', () => {
  it('keeps slots the current layout lacks and takes the current data', () => {
    const archive: SlotData = { photos: { img1: photo('a'), img9: photo('z') }, texts: {} };
    const current: SlotData = { photos: { img1: photo('b') }, texts: { txt1: text('Hoi') } };
    expect(archiveSlotData(archive, current)).toEqual({
      photos: { img1: photo('b'), img9: photo('z') },
      texts: { txt1: text('Hoi') },
    });
  });

  it('keeps the full text when the shortened one was not touched, and takes an edit', () => {
    const big = layout(textLayer('txt1', 40, 6));
    const small = layout(textLayer('txt1', 4, 2));
    let archive: SlotData = { photos: {}, texts: { txt1: text('Hallo lieve mensen') } };
    const toSmall = restoreSlotData(archive, small, { measurer });
    expect(toSmall.data.texts.txt1!.txt).toBe('Hallo');
    archive = archiveSlotData(archive, toSmall.data, toSmall.data);
    expect(restoreSlotData(archive, big, { measurer }).data.texts.txt1!.txt).toBe(
      'Hallo lieve mensen',
    );
    const edited = {
      ...toSmall.data,
      texts: { txt1: { ...toSmall.data.texts.txt1!, txt: 'Hoi' } },
    };
    expect(archiveSlotData(archive, edited, toSmall.data).texts.txt1!.txt).toBe('Hoi');
  });
});

describe('restore properties', () => {
  const slotNames = fc.uniqueArray(
    fc.constantFrom('img1', 'img2', 'img3', 'img4', 'img5', 'txt1', 'txt2', 'txt3'),
    { maxLength: 8 },
  );
  const photoData = fc.record({
    id: fc.constantFrom('', 'a', 'b'),
    zoom: fc.double({ min: 1, max: 4, noNaN: true }),
    focusX: fc.double({ min: 0, max: 1, noNaN: true }),
    focusY: fc.double({ min: 0, max: 1, noNaN: true }),
    rotation: fc.constantFrom(0, 90, 180, 270),
    effect: fc.constantFrom('none' as const, 'grey' as const),
    dpi: fc.double({ min: 0, max: 500, noNaN: true }),
  });
  const textData = fc
    .record({
      txt: fc.stringMatching(/^[A-Za-z]{1,8}( [A-Za-z]{1,8}){0,5}$/),
      fontSize: fc.constantFrom(0.564, 1.693, 3.387),
    })
    .map(({ txt, fontSize }) => text(txt, { fontSize }));
  const archiveArb: fc.Arbitrary<SlotData> = fc.record({
    photos: fc.dictionary(fc.constantFrom('img1', 'img2', 'img3', 'img4', 'img5'), photoData),
    texts: fc.dictionary(fc.constantFrom('txt1', 'txt2', 'txt3'), textData),
  });
  const size = fc.double({ min: 1, max: 60, noNaN: true });
  const layoutArb = slotNames.chain((names) =>
    fc
      .tuple(
        ...names.map((name) =>
          fc
            .tuple(size, size)
            .map(([w, h]) =>
              name.startsWith('img') ? photoLayer(name, w, h) : textLayer(name, w, h),
            ),
        ),
      )
      .map((layers) => layout(...layers)),
  );

  it('fills exactly the new slots; texts fit or are empty; lost slots are the archived content without a slot', () => {
    fc.assert(
      fc.property(archiveArb, layoutArb, (archive, newLayout) => {
        const plan = restoreSlotData(archive, newLayout, { measurer });
        const photoSlots = newLayout.layers
          .filter((l) => l.kind === 'photo')
          .map((l) => l.slot)
          .sort();
        const textLayers = newLayout.layers.filter((l): l is TextSlotLayer => l.kind === 'text');
        expect(Object.keys(plan.data.photos).sort()).toEqual(photoSlots);
        expect(Object.keys(plan.data.texts).sort()).toEqual(textLayers.map((l) => l.slot).sort());
        const hasSubtitle = textLayers.some((l) => l.slot === 'txt2');
        for (const layer of textLayers) {
          const data = plan.data.texts[layer.slot]!;
          const box = {
            widthCm: layer.width,
            heightCm: layer.slot === 'txt1' && hasSubtitle ? layer.height * 2 : layer.height,
          };
          expect(data.txt === '' || fitsAt(data.txt, data, data.fontSize, box, measurer)).toBe(
            true,
          );
        }
        for (const slot of photoSlots) {
          const archived = archive.photos[slot];
          if (archived)
            expect(plan.data.photos[slot]).toEqual({
              ...archived,
              dpi: archived.id === '' ? -1 : archived.dpi,
            });
        }
        const expectedLost = [
          ...Object.entries(archive.photos)
            .filter(([s, p]) => p.id !== '' && !photoSlots.includes(s))
            .map(([s]) => s),
          ...Object.entries(archive.texts)
            .filter(([s, t]) => t.txt !== '' && !textLayers.some((l) => l.slot === s))
            .map(([s]) => s),
        ];
        expect(plan.lostSlots).toEqual(expectedLost);
      }),
    );
  });

  it('going to another layout and back restores the same data', () => {
    fc.assert(
      fc.property(archiveArb, layoutArb, layoutArb, (start, a, b) => {
        const first = restoreSlotData(start, a, { measurer });
        const archive = archiveSlotData(start, first.data, first.data);
        const second = restoreSlotData(archive, b, { measurer });
        const back = restoreSlotData(archiveSlotData(archive, second.data, second.data), a, {
          measurer,
        });
        expect(back.data).toEqual(first.data);
      }),
    );
  });
});
