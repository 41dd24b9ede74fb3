import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedAdvanceMeasurer } from '../text/measure';
import { panPhoto, setPhotoText } from './photoEdits';
import {
  clearSlot,
  dpiInSlot,
  placePhoto,
  setSlotText,
  setSlotTextStyle,
  swapSlots,
  withCurrentDpi,
  type EditContext,
} from './slotEdits';
import {
  EMPTY_PHOTO_SLOT,
  type PhotoSlotData,
  type SlotData,
  type TextSlotData,
} from './slotTypes';
import type { Layout, TextStyle } from './types';

const style: TextStyle = {
  font: 'Roboto',
  fontSize: 1.693,
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
const layout: Layout = {
  widthCm: 50,
  heightCm: 40,
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
  layers: [
    { kind: 'photo', slot: 'img1', x: 0, y: 0, width: 30, height: 30, rotation: 0 },
    { kind: 'photo', slot: 'img2', x: 30, y: 0, width: 10, height: 10, rotation: 0 },
    { kind: 'text', slot: 'txt1', x: 0, y: 30, width: 50, height: 6, rotation: 0, style },
    {
      kind: 'text',
      slot: 'txt2',
      x: 0,
      y: 36,
      width: 8,
      height: 4,
      rotation: 0,
      style: { ...style, fontSize: 0.917 },
    },
  ],
};
const context: EditContext = {
  layout,
  measurer: fixedAdvanceMeasurer(),
  photoFacts: (id) => (id.startsWith('p') ? { widthPx: 3000, heightPx: 3000 } : undefined),
};
const text = (txt: string): TextSlotData => ({ ...style, txt });
const data = (
  photos: Record<string, PhotoSlotData>,
  texts: Record<string, TextSlotData> = {},
): SlotData => ({
  photos: { img1: { ...EMPTY_PHOTO_SLOT }, img2: { ...EMPTY_PHOTO_SLOT }, ...photos },
  texts: { txt1: text(''), txt2: { ...text(''), fontSize: 0.917 }, ...texts },
});

const framing = fc.record({
  zoom: fc.double({ min: 1, max: 4, noNaN: true }),
  focusX: fc.double({ min: 0, max: 1, noNaN: true }),
  focusY: fc.double({ min: 0, max: 1, noNaN: true }),
  rotation: fc.constantFrom(0, 90, 180, 270),
  effect: fc.constantFrom('none' as const, 'sepia' as const, 'grey' as const),
});

describe('slot edits', () => {
  it('swapping twice gives back the same data, and each photo keeps its framing (property)', () => {
    fc.assert(
      fc.property(framing, framing, (a, b) => {
        const start = data({
          img1: { ...a, id: 'p1', dpi: -1 },
          img2: { ...b, id: 'p2', dpi: -1 },
        });
        const once = swapSlots(start, context, 'img1', 'img2');
        expect(once.photos.img1).toMatchObject({ ...b, id: 'p2' });
        expect(once.photos.img2).toMatchObject({ ...a, id: 'p1' });
        const twice = swapSlots(once, context, 'img1', 'img2');
        expect(twice.photos.img1).toMatchObject({ ...a, id: 'p1' });
        expect(twice.photos.img2).toMatchObject({ ...b, id: 'p2' });
      }),
    );
  });

  it('a photo placed while its size was unknown gets its dpi once the size is known (the same whenever it loaded)', () => {
    let known = false;
    const loading: EditContext = {
      ...context,
      photoFacts: (id) => (known ? context.photoFacts(id) : undefined),
    };
    const placed = placePhoto(data({}), loading, 'img1', 'p1');
    expect(placed.photos.img1!.dpi).toBe(-1);
    expect(withCurrentDpi(placed, layout, loading.photoFacts)).toBe(placed);
    known = true;
    const current = withCurrentDpi(placed, layout, loading.photoFacts);
    expect(current.photos.img1!.dpi).toBe(
      dpiInSlot(placed.photos.img1!, layout.layers[0] as never, context.photoFacts),
    );
    expect(current).toEqual(
      withCurrentDpi(placePhoto(data({}), context, 'img1', 'p1'), layout, context.photoFacts),
    );
    expect(current.photos.img2).toBe(placed.photos.img2);
  });

  it('moves a photo into an empty slot and leaves the old one empty', () => {
    const start = placePhoto(data({}), context, 'img1', 'p1');
    const moved = swapSlots(start, context, 'img1', 'img2');
    expect(moved.photos.img1).toMatchObject({ id: '', dpi: -1 });
    expect(moved.photos.img2!.id).toBe('p1');
    expect(moved.photos.img2!.dpi).toBeGreaterThan(start.photos.img1!.dpi);
  });

  it('returns the very same data when nothing changes', () => {
    const start = data({});
    expect(swapSlots(start, context, 'img1', 'img2')).toBe(start);
    expect(swapSlots(start, context, 'img1', 'txt1')).toBe(start);
    expect(clearSlot(start, 'img1')).toBe(start);
    expect(panPhoto(start, context, 'img1', 0.2, 0.2)).toBe(start);
    expect(setSlotTextStyle(start, context, 'txt1', { font: 'Roboto' })).toBe(start);
  });

  it('empties a text whose new style makes it unable to fit, and re-fits one that can', () => {
    const start = setSlotText(data({}), context, 'txt2', 'Zomer').data;
    expect(start.texts.txt2!.txt).toBe('Zomer');
    // 6.72 cm wide inside: 'Zomer' spaced 3 em apart is 8.5 cm even at the smallest size.
    const spaced = setSlotTextStyle(start, context, 'txt2', { letterSpacing: 3 });
    expect(spaced.texts.txt2).toMatchObject({ txt: '', letterSpacing: 3 });
    const larger = setSlotTextStyle(start, context, 'txt2', { fontSize: 3.387 });
    expect(larger.texts.txt2).toMatchObject({ txt: 'Zomer', fontSize: 1.693 });
  });

  it('writes a text on a photo, fitted in the photo slot, and removes it', () => {
    const start = placePhoto(data({}), context, 'img2', 'p1');
    const withText = setPhotoText(start, context, 'img2', {
      ...text('Hallo ☺ daar'),
      fontSize: 3.387,
    });
    expect(withText.photos.img2!.text).toMatchObject({ txt: 'Hallo  daar' });
    expect(withText.photos.img2!.text!.fontSize).toBeLessThan(3.387);
    const without = setPhotoText(withText, context, 'img2', undefined);
    expect(without.photos.img2!.text).toBeUndefined();
    expect('text' in without.photos.img2!).toBe(false);
  });
});
