import { describe, expect, it } from 'vitest';
import { NavState } from '../navigation/navigationStates';
import { editorRoot, photoSlots } from '../../../tests/support/stores/editorFixture';

async function editing(templateId = '101', size: [number, number] = [4000, 3000]) {
  const fixture = await editorRoot(templateId);
  const [slot] = photoSlots(fixture.root);
  fixture.collage.placePhoto(slot!, fixture.photo(...size).localId);
  fixture.editor.slotActions.activateSlot(slot!, 0, 0);
  fixture.editor.slotActions.editPhoto();
  return { ...fixture, slot: slot!, photoEditor: fixture.editor.photoEditor };
}

const withTitle = (fixture: Awaited<ReturnType<typeof editorRoot>>) => {
  fixture.collage.stepControl('hasText', 1);
  fixture.collage.endBurst();
};

describe('PhotoEditorStore', () => {
  it('opens in edit mode; Kleiner only while zoomed in, Groter up to 4; Draaien by 90', async () => {
    const { photoEditor, collage, slot, navigation } = await editing();
    expect(navigation.state).toBe(NavState.EditorEdit);
    expect(photoEditor.mode).toBe('edit');
    expect(photoEditor.canSmaller).toBe(false);
    expect(photoEditor.smaller()).toBe(false);
    expect(photoEditor.bigger()).toBe(true);
    expect(collage.slots.photos[slot]!.zoom).toBeCloseTo(1 / 0.95);
    expect(photoEditor.canSmaller).toBe(true);
    for (let i = 0; i < 40; i++) photoEditor.bigger();
    expect(photoEditor.canBigger).toBe(false);
    photoEditor.rotate();
    expect(collage.slots.photos[slot]!.rotation).toBe(90);
  });

  it('zooms by two fingers while the print stays above 25 dpi, within zoom 1 to 4', async () => {
    const sharp = await editing('101', [4000, 3000]);
    expect(sharp.photoEditor.pinch(1.5)).toBe(true);
    expect(sharp.collage.slots.photos[sharp.slot]!.zoom).toBeCloseTo(1.5);
    expect(sharp.photoEditor.pinch(0.5)).toBe(true);
    expect(sharp.collage.slots.photos[sharp.slot]!.zoom).toBe(1);
    // A small photo is already near 25 dpi at zoom 1: a pinch past it is refused, the zoom stays.
    const small = await editing('101', [400, 300]);
    const before = small.collage.slots.photos[small.slot]!;
    expect(before.dpi).toBeGreaterThan(25);
    const limit = before.dpi / 25;
    expect(small.photoEditor.pinch(limit * 1.01)).toBe(false);
    expect(small.collage.slots.photos[small.slot]!.zoom).toBe(1);
    expect(small.photoEditor.pinch(Math.min(limit * 0.95, 4))).toBe(true);
    expect(small.collage.slots.photos[small.slot]!.dpi).toBeGreaterThan(25);
  });

  it('switches to the effects and back; an effect is applied to the slot', async () => {
    const { photoEditor, collage, slot } = await editing();
    photoEditor.showEffects();
    expect(photoEditor.mode).toBe('effects');
    expect(photoEditor.chooseEffect('sepiabrown')).toBe(true);
    expect(collage.slots.photos[slot]!.effect).toBe('sepiabrown');
    expect(photoEditor.chooseEffect('neon')).toBe(false);
    photoEditor.showEdit();
    expect(photoEditor.mode).toBe('edit');
  });

  it('says the print quality, adding Vervang de foto. for SLECHT. and MATIG.', async () => {
    const good = await editing('101', [4000, 3000]);
    expect(good.photoEditor.qualityKeys).toEqual(['quality.prefix', 'quality.label.excellent']);
    const bad = await editing('101', [200, 150]);
    expect(bad.photoEditor.qualityKeys).toEqual([
      'quality.prefix',
      'quality.label.bad',
      'quality.replace',
    ]);
  });

  it('offers Tekst only when the design has text', async () => {
    const fixture = await editing();
    expect(fixture.photoEditor.textEnabled).toBe(false);
    fixture.photoEditor.openText();
    expect(fixture.photoEditor.mode).toBe('edit');
    withTitle(fixture);
    expect(fixture.photoEditor.textEnabled).toBe(true);
  });

  it('writes text on the photo as it is typed, refusing what no longer fits; Klaar needs text and closes the editor', async () => {
    const fixture = await editing();
    withTitle(fixture);
    const { photoEditor, collage, slot, navigation } = fixture;
    photoEditor.openText();
    expect(photoEditor.mode).toBe('text');
    expect(photoEditor.finishText()).toBe(false);
    expect(photoEditor.textMessage).toEqual({ key: 'forms.required' });
    expect(photoEditor.typeText('Zomer\t2025')).toBe(true);
    expect(collage.slots.photos[slot]!.text?.txt).toBe('Zomer 2025');
    expect(photoEditor.textMessage).toBeNull();
    expect(photoEditor.typeText('Zomer 2025 '.repeat(40))).toBe(false);
    expect(photoEditor.textMessage).toEqual({ key: 'text.tooLong' });
    expect(collage.slots.photos[slot]!.text?.txt).toBe('Zomer 2025');
    expect(
      photoEditor.setTextStyle({ align: 'left', valign: 'top', background: 'back2', font: 'Rasa' }),
    ).toBe(true);
    expect(collage.slots.photos[slot]!.text).toMatchObject({
      align: 'left',
      valign: 'top',
      background: 'back2',
      font: 'Rasa',
    });
    expect(photoEditor.setTextStyle({ color: '#123457' })).toBe(false);
    expect(photoEditor.finishText()).toBe(true);
    expect(navigation.state).toBe(NavState.EditorNormal);
    // Typing was one undo step; the style another.
    collage.undo();
    expect(collage.slots.photos[slot]!.text?.align).toBe('center');
    collage.undo();
    expect(collage.slots.photos[slot]!.text).toBeUndefined();
  });

  it('steps the font size through the allowed sizes; a larger size must fit', async () => {
    const fixture = await editing();
    withTitle(fixture);
    const { photoEditor } = fixture;
    photoEditor.openText();
    expect(photoEditor.draft.fontSize).toBe(1.693);
    expect(photoEditor.stepFontSize(-1)).toBe(true);
    expect(photoEditor.draft.fontSize).toBe(0.917);
    expect(photoEditor.canEnlargeText).toBe(true);
    photoEditor.typeText('Een hele lange zin die breed is');
    // 'Grotere letters' is disabled: it could only refuse.
    expect(photoEditor.canEnlargeText).toBe(false);
    expect(photoEditor.stepFontSize(1)).toBe(false);
    expect(photoEditor.textMessage).toEqual({ key: 'text.tooLong' });
    expect(photoEditor.draft.fontSize).toBe(0.917);
    for (let i = 0; i < 5; i++) photoEditor.stepFontSize(-1);
    expect(photoEditor.draft.fontSize).toBe(0.564);
  });

  it('removes the photo text when the text is emptied', async () => {
    const fixture = await editing();
    withTitle(fixture);
    const { photoEditor, collage, slot } = fixture;
    photoEditor.openText();
    photoEditor.typeText('Hoi');
    photoEditor.typeText('');
    expect(collage.slots.photos[slot]!.text).toBeUndefined();
  });

  it('pans the photo inside its slot, stopping at the edge', async () => {
    const { photoEditor, collage, slot } = await editing('101', [4000, 1000]);
    expect(photoEditor.pan(-2, 0)).toBe(true);
    const moved = collage.slots.photos[slot]!;
    expect(moved.focusX).toBeGreaterThan(0.5);
    expect(moved.focusY).toBe(0.5);
    photoEditor.endPan();
    photoEditor.pan(-1000, 0);
    expect(collage.slots.photos[slot]!.focusX).toBeCloseTo(
      1 - 0.5 * (1 / ((4000 / 1000) * (photoEditor.layer!.height / photoEditor.layer!.width))),
      5,
    );
  });
});
