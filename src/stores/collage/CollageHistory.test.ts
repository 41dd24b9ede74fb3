import { describe, expect, it } from 'vitest';
import { fixtureRoot, settle } from '../../../tests/support/stores/collageFixture';

const photos = Object.fromEntries(
  Array.from({ length: 16 }, (_, i) => [`p${i + 1}`, { widthPx: 3000, heightPx: 2000 }]),
);

async function started(templateId = '101') {
  const fixture = await fixtureRoot({ photos });
  fixture.root.design.open(templateId);
  fixture.root.design.commit();
  await settle();
  return { ...fixture, collage: fixture.root.collage };
}

describe('CollageStore undo and redo', () => {
  it('walks back and forth through ten edits of slots, photos, texts, colours, controls and layout', async () => {
    const { collage, clock } = await started('101');
    const edits: (() => boolean)[] = [
      () => collage.placePhoto('img1', 'p1'),
      () => collage.placePhoto('img2', 'p2'),
      () => collage.swapSlots('img1', 'img2'),
      () => collage.zoomPhoto('img2', 'bigger'),
      () => collage.rotatePhoto('img1'),
      () => collage.setEffect('img1', 'grey'),
      () => collage.stepControl('hasText', 1),
      () => collage.setText('txt1', 'Zomer 2025').accepted,
      () => collage.setBackgroundColor('#e4a425'),
      () => collage.chooseMaterial('CANVAS4CM'),
    ];
    const states = [collage.toDocument()];
    for (const edit of edits) {
      clock.now += 5000;
      expect(edit()).toBe(true);
      states.push(collage.toDocument());
    }
    expect(new Set(states.map((state) => JSON.stringify(state))).size).toBe(11);
    for (let step = 9; step >= 0; step--) {
      expect(collage.undo()).toBe(true);
      expect(collage.toDocument()).toEqual(states[step]);
    }
    expect(collage.undo()).toBe(false);
    for (let step = 1; step <= 10; step++) {
      expect(collage.redo()).toBe(true);
      expect(collage.toDocument()).toEqual(states[step]);
    }
    expect(collage.history.canRedo).toBe(false);
  });

  it('makes a drag and a typed word one step each', async () => {
    const { collage, clock } = await started('101');
    collage.placePhoto('img1', 'p1');
    clock.now += 5000;
    for (let i = 1; i <= 10; i++) {
      clock.now += 16;
      collage.panPhoto('img1', 0.5 - i * 0.02, 0.5);
    }
    collage.endBurst();
    collage.stepControl('hasText', 1);
    for (const typed of ['Z', 'Zo', 'Zom', 'Zome', 'Zomer']) {
      clock.now += 150;
      collage.setText('txt1', typed);
    }
    expect(collage.slots.texts.txt1!.txt).toBe('Zomer');
    collage.undo();
    expect(collage.slots.texts.txt1!.txt).toBe('');
    collage.undo();
    expect(collage.slots.texts.txt1).toBeUndefined();
    expect(collage.slots.photos.img1!.focusX).toBeCloseTo(0.3);
    collage.undo();
    expect(collage.slots.photos.img1!.focusX).toBe(0.5);
  });

  it('edits after an undo start a new branch; a layout change after undo restores slot data again', async () => {
    const { collage } = await started('101');
    collage.placePhoto('img12', 'p12');
    collage.stepControl('numberVert', -1);
    expect(collage.slots.photos.img12).toBeUndefined();
    collage.undo();
    expect(collage.slots.photos.img12!.id).toBe('p12');
    collage.placePhoto('img1', 'p1');
    expect(collage.history.canRedo).toBe(false);
    collage.stepControl('numberHor', -1);
    collage.stepControl('numberHor', 1);
    expect(collage.slots.photos.img12!.id).toBe('p12');
    expect(collage.slots.photos.img1!.id).toBe('p1');
  });
});

describe('CollageStore: changes to save', () => {
  it('counts changes, is dirty until saved, and clean again when undone to the saved state', async () => {
    const { collage, root } = await started('101');
    const counter = collage.changeCounter;
    expect(root.navigation.hasUnsavedChanges).toBe(false);
    collage.placePhoto('img1', 'p1');
    expect(collage.changeCounter).toBe(counter + 1);
    expect(collage.isDirty).toBe(true);
    expect(root.navigation.hasUnsavedChanges).toBe(true);
    collage.markSaved('c1');
    expect(collage).toMatchObject({ isDirty: false, isNew: false, savedId: 'c1' });
    expect(root.navigation.hasUnsavedChanges).toBe(false);
    collage.rotatePhoto('img1');
    expect(collage.isDirty).toBe(true);
    collage.undo();
    expect(collage.isDirty).toBe(false);
    expect(collage.changeCounter).toBe(counter + 3);
  });

  it('an edit that changes nothing is no step and no change', async () => {
    const { collage } = await started('101');
    const counter = collage.changeCounter;
    expect(collage.clearSlot('img1')).toBe(false);
    expect(collage.setBackgroundColor('#ffffff')).toBe(true);
    expect(collage.setBackgroundColor('#ffffff')).toBe(false);
    expect(collage.changeCounter).toBe(counter + 1);
    expect(collage.history.past).toHaveLength(1);
  });
});
