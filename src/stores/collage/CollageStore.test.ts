import { describe, expect, it } from 'vitest';
import { STATIC_BACKGROUND, WHITE } from '../../model/catalog/colors';
import { Orientation } from '../../model/catalog/types';
import { effectiveDpi } from '../../model/photos/quality';
import { photoLayerOf } from '../../model/layout/slotEdits';
import { fixtureRoot, settle } from '../../../tests/support/stores/collageFixture';

const photos = Object.fromEntries(
  Array.from({ length: 16 }, (_, i) => [`p${i + 1}`, { widthPx: 4000, heightPx: 3000 }]),
);

async function started(templateId = '101', options: Parameters<typeof fixtureRoot>[0] = {}) {
  const fixture = await fixtureRoot({ photos, ...options });
  fixture.root.design.open(templateId);
  fixture.root.design.commit();
  await settle();
  return { ...fixture, collage: fixture.root.collage };
}

const area = (collage: { layout?: Parameters<typeof photoLayerOf>[0] }, slot: string) => {
  const layer = photoLayerOf(collage.layout!, slot)!;
  return layer.width * layer.height;
};

const photoSlotNames = (collage: { layout?: { layers: { kind: string; slot?: string }[] } }) =>
  (collage.layout?.layers ?? [])
    .filter((layer) => layer.kind === 'photo')
    .map((layer) => layer.slot!);

describe('CollageStore: a new design', () => {
  it("has slot data for exactly the layout's slots, empty, and is not finished", async () => {
    const { collage } = await started('101');
    const names = photoSlotNames(collage);
    expect(names).toHaveLength(12);
    expect(Object.keys(collage.slots.photos).sort()).toEqual([...names].sort());
    expect(
      Object.values(collage.slots.photos).every((photo) => photo.id === '' && photo.dpi === -1),
    ).toBe(true);
    expect(collage.isFinished).toBe(false);
    expect(collage.isNew).toBe(true);
    expect(collage.isDirty).toBe(false);
  });

  it('is finished once every photo slot holds a photo', async () => {
    const { collage } = await started('101');
    photoSlotNames(collage).forEach((slot, index) => collage.placePhoto(slot, `p${index + 1}`));
    expect(collage.isFinished).toBe(true);
    collage.clearSlot('img3');
    expect(collage.isFinished).toBe(false);
    expect(collage.slots.photos.img3).toMatchObject({ id: '', dpi: -1, zoom: 1 });
  });
});

describe('CollageStore: photos in slots', () => {
  it('places a photo with a fresh framing and its dpi in the slot', async () => {
    const { collage } = await started('101', {
      photos: { p1: { widthPx: 4000, heightPx: 3000, suggestedRotation: 90 } },
    });
    expect(collage.placePhoto('img1', 'p1')).toBe(true);
    const layer = photoLayerOf(collage.layout!, 'img1')!;
    const expected = effectiveDpi({
      photoWidthPx: 4000,
      photoHeightPx: 3000,
      slotWidthCm: layer.width,
      slotHeightCm: layer.height,
      zoom: 1,
      rotation: 90,
    });
    expect(collage.slots.photos.img1).toMatchObject({
      id: 'p1',
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 90,
      effect: 'none',
      dpi: expected,
    });
    expect(collage.placePhoto('nope', 'p1')).toBe(false);
  });

  it('swaps two photos and each keeps its own framing; the dpi follows the new slot', async () => {
    const { collage } = await started('102');
    // One large photo among small ones: swap the large slot with a small one.
    const bySize = photoSlotNames(collage).sort((a, b) => area(collage, b) - area(collage, a));
    const [large, small] = [bySize[0]!, bySize[bySize.length - 1]!];
    expect(area(collage, large)).toBeGreaterThan(area(collage, small));
    collage.placePhoto(large, 'p1');
    collage.placePhoto(small, 'p2');
    collage.panPhoto(large, 0.2, 0.7);
    collage.zoomPhoto(large, 'bigger');
    collage.rotatePhoto(small);
    collage.setEffect(small, 'sepia');
    const beforeLarge = collage.slots.photos[large]!;
    const beforeSmall = collage.slots.photos[small]!;
    expect(collage.swapSlots(large, small)).toBe(true);
    const inLarge = collage.slots.photos[large]!;
    const inSmall = collage.slots.photos[small]!;
    expect(inLarge).toMatchObject({
      id: 'p2',
      zoom: beforeSmall.zoom,
      focusX: beforeSmall.focusX,
      focusY: beforeSmall.focusY,
      rotation: 90,
      effect: 'sepia',
    });
    expect(inSmall).toMatchObject({
      id: 'p1',
      zoom: beforeLarge.zoom,
      focusX: 0.2,
      focusY: 0.7,
      rotation: 0,
      effect: 'none',
    });
    const layer = photoLayerOf(collage.layout!, small)!;
    expect(inSmall.dpi).toBeCloseTo(
      effectiveDpi({
        photoWidthPx: 4000,
        photoHeightPx: 3000,
        slotWidthCm: layer.width,
        slotHeightCm: layer.height,
        zoom: beforeLarge.zoom,
        rotation: 0,
      }),
    );
    expect(inSmall.dpi).toBeGreaterThan(beforeLarge.dpi);
    expect(collage.swapSlots(large, large)).toBe(false);
  });

  it('zooms by the Kleiner 1.05 and Groter 0.95 factors within 1 to 4', async () => {
    const { collage } = await started('101');
    collage.placePhoto('img1', 'p1');
    expect(collage.zoomPhoto('img1', 'smaller')).toBe(false);
    collage.zoomPhoto('img1', 'bigger');
    expect(collage.slots.photos.img1!.zoom).toBeCloseTo(1 / 0.95);
    collage.zoomPhoto('img1', 'smaller');
    expect(collage.slots.photos.img1!.zoom).toBeCloseTo(1 / 0.95 / 1.05);
    for (let i = 0; i < 60; i++) collage.zoomPhoto('img1', 'bigger');
    expect(collage.slots.photos.img1!.zoom).toBe(4);
    expect(collage.zoomPhoto('img1', 'bigger')).toBe(false);
    expect(collage.zoomPhoto('img2', 'bigger')).toBe(false);
  });

  it('pans within the photo, rotates by 90 modulo 360 and accepts only known effects', async () => {
    const { collage } = await started('101');
    collage.placePhoto('img1', 'p1');
    collage.panPhoto('img1', -3, 1.4);
    expect(collage.slots.photos.img1).toMatchObject({ focusX: 0, focusY: 1 });
    for (let i = 0; i < 5; i++) collage.rotatePhoto('img1');
    expect(collage.slots.photos.img1!.rotation).toBe(90);
    expect(collage.setEffect('img1', 'vintage')).toBe(true);
    expect(collage.setEffect('img1', 'neon')).toBe(false);
    expect(collage.slots.photos.img1!.effect).toBe('vintage');
  });
});

describe('CollageStore: texts', () => {
  it('keeps allowed characters and refuses a text that no longer fits', async () => {
    const { collage } = await started('101');
    collage.stepControl('hasText', 1);
    collage.stepControl('hasText', 1);
    expect(collage.slots.texts.txt1).toBeDefined();
    expect(collage.setText('txt1', 'Oma\t& opa ☺ 2025')).toEqual(
      expect.objectContaining({ accepted: true }),
    );
    expect(collage.slots.texts.txt1!.txt).toBe('Oma & opa  2025');
    const refused = collage.setText('txt1', 'x'.repeat(400));
    expect(refused).toMatchObject({ accepted: false, message: { key: 'text.tooLong' } });
    expect(collage.slots.texts.txt1!.txt).toBe('Oma & opa  2025');
  });

  it('takes palette colours only for a text', async () => {
    const { collage } = await started('101');
    collage.stepControl('hasText', 1);
    expect(collage.setTextStyle('txt1', { color: '#123457' })).toBe(false);
    expect(collage.setTextStyle('txt1', { color: '0xe42525' })).toBe(true);
    expect(collage.slots.texts.txt1!.color).toBe('#e42525');
  });

  it('swaps two texts: words and look move, each re-fitted in its own box', async () => {
    const { collage } = await started('101');
    for (let i = 0; i < 4; i++) collage.stepControl('hasText', 1);
    collage.setText('txt1', 'Zomer');
    collage.setText('txt2', 'Italie 2025');
    collage.setTextStyle('txt2', { font: 'Rasa' });
    const titleSize = collage.slots.texts.txt1!.fontSize;
    collage.swapSlots('txt1', 'txt2');
    expect(collage.slots.texts.txt1).toMatchObject({
      txt: 'Italie 2025',
      font: 'Rasa',
      fontSize: titleSize,
    });
    expect(collage.slots.texts.txt2!.txt).toBe('Zomer');
  });
});

describe('CollageStore: layout and template changes', () => {
  it('restores photos by slot name when the layout loses and regains slots', async () => {
    const { collage } = await started('101');
    photoSlotNames(collage).forEach((slot, index) => collage.placePhoto(slot, `p${index + 1}`));
    collage.stepControl('numberVert', -1);
    expect(photoSlotNames(collage)).toHaveLength(8);
    expect(collage.slots.photos.img9).toBeUndefined();
    expect(collage.slots.photos.img8!.id).toBe('p8');
    collage.stepControl('numberVert', 1);
    expect(collage.slots.photos.img12!.id).toBe('p12');
    expect(collage.isFinished).toBe(true);
  });

  it('re-fits texts on a template change, empties what cannot fit, and brings it back later', async () => {
    const { collage, root } = await started('101');
    for (let i = 0; i < 4; i++) collage.stepControl('hasText', 1);
    collage.placePhoto('img2', 'p2');
    collage.setText('txt1', 'Zomer in Italie');
    const word = 'Kindercarnavalsoptochtvoorbereidingswerkzaamheden';
    expect(collage.setText('txt2', word).accepted).toBe(true);
    root.design.open('S1');
    root.design.commit();
    await settle();
    expect(collage.format.template!.id).toBe('S1');
    expect(collage.slots.texts.txt1!.txt).toBe('Zomer in Italie');
    expect(collage.slots.texts.txt2!.txt).toBe('');
    expect(collage.slots.photos.img2!.id).toBe('p2');
    root.design.open('101');
    root.design.commit();
    for (let i = 0; i < 4; i++) collage.stepControl('hasText', 1);
    expect(collage.slots.texts.txt2!.txt).toBe(word);
  });

  it('resets the margin to 0 when the material changes to canvas, then clamps', async () => {
    const { collage } = await started('111');
    expect(collage.format.material).toBe('POSTER');
    collage.stepControl('marginCM', 1);
    collage.stepControl('marginCM', 1);
    expect(collage.format.controls.find((control) => control.name === 'marginCM')!.current).toBe(
      1.5,
    );
    collage.chooseMaterial('CANVAS2CM');
    expect(collage.format.controls.find((control) => control.name === 'marginCM')!.current).toBe(0);
    collage.stepControl('marginCM', 1);
    collage.chooseMaterial('POSTER');
    expect(collage.format.controls.find((control) => control.name === 'marginCM')!.current).toBe(
      0.5,
    );
  });

  it('switches orientation to the first size of it and falls back to a material that size offers', async () => {
    const { collage } = await started('G1');
    collage.chooseMaterial('PLEXI');
    expect(collage.format.orientations).toEqual([Orientation.Portrait, Orientation.Landscape]);
    expect(collage.chooseOrientation(Orientation.Portrait)).toBe(true);
    expect(collage.format.activeSize!.id).toBe('G1b');
    expect(collage.format.material).toBe('POSTER');
    expect(collage.chooseOrientation(Orientation.Square)).toBe(false);
    expect(collage.layout!.widthCm).toBe(30);
  });
});

describe('CollageStore: background colour', () => {
  it('follows the §4 rule per template type and generator', async () => {
    const generated = await started('101');
    expect(generated.collage.backgroundColor).toBe(WHITE);
    expect(generated.collage.photoBorderAutomatic).toBe(true);
    const designed = await started('S1');
    expect(designed.collage.backgroundColor).toBe(STATIC_BACKGROUND);
    const heart = await started('115');
    expect(heart.collage.backgroundColor).toBe(WHITE);
  });

  it('accepts palette colours only and is then no longer automatic', async () => {
    const { collage } = await started('101');
    expect(collage.setBackgroundColor('#123456')).toBe(false);
    expect(collage.setBackgroundColor('#aa1818')).toBe(true);
    expect(collage).toMatchObject({ backgroundColor: '#aa1818', photoBorderAutomatic: false });
    expect(collage.useAutomaticBackground()).toBe(true);
    expect(collage).toMatchObject({ backgroundColor: WHITE, photoBorderAutomatic: true });
  });

  it('resets on a template change of a new collage and carries over once it is saved', async () => {
    const { collage, root } = await started('101');
    collage.setBackgroundColor('#aa1818');
    root.design.open('108');
    root.design.commit();
    expect(collage).toMatchObject({ backgroundColor: WHITE, photoBorderAutomatic: true });
    collage.setBackgroundColor('#185caa');
    collage.markSaved('c77');
    root.design.open('S1');
    root.design.commit();
    expect(collage).toMatchObject({ backgroundColor: '#185caa', photoBorderAutomatic: false });
  });
});
