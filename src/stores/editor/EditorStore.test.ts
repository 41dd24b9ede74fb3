import { describe, expect, it } from 'vitest';
import { PALETTE, STATIC_BACKGROUND, WHITE } from '../../model/catalog/colors';
import { NavState } from '../navigation/navigationStates';
import { editorRoot, photoSlots, settle } from '../../../tests/support/stores/editorFixture';

describe('EditorStore: loading and chrome', () => {
  it('goes from loading to normal once the layout has layers; a static template waits for its file', async () => {
    const generated = await editorRoot('101');
    expect(generated.navigation.state).toBe(NavState.EditorNormal);

    const { root, navigation, editor } = await editorRoot('101');
    root.design.open('S1');
    root.design.commit();
    navigation.routeChanged('/keuze');
    navigation.routeChanged('/edit');
    // The template file is still on its way: loading, no side menu.
    expect(navigation.state).toBe(NavState.EditorLoading);
    expect(editor.isLoading).toBe(true);
    expect(editor.sideMenuVisible).toBe(false);
    await settle();
    expect(navigation.state).toBe(NavState.EditorNormal);
    expect(editor.sideMenuVisible).toBe(true);
  });

  it('hides the side menu under 550 px until the hamburger opens it; the cross closes it', async () => {
    const { editor } = await editorRoot();
    editor.setWindow(1280, 800);
    expect(editor.sideMenuVisible).toBe(true);
    editor.setWindow(549, 800);
    expect(editor.sideMenuVisible).toBe(false);
    editor.openSideMenu();
    expect(editor.sideMenuVisible).toBe(true);
    editor.closeSideMenu();
    expect(editor.sideMenuVisible).toBe(false);
    editor.setWindow(550, 800);
    expect(editor.sideMenuVisible).toBe(false);
  });

  it('sizes the viewport by the window: minus 136 under 550 px wide, else minus 70', async () => {
    const { editor } = await editorRoot();
    editor.setWindow(360, 740);
    expect(editor.viewportHeight).toBe(604);
    expect(editor.breakpoints).toEqual({ narrow: true, mobile: true, tablet: true });
    editor.setWindow(800, 740);
    expect(editor.viewportHeight).toBe(670);
    expect(editor.breakpoints).toEqual({ narrow: false, mobile: false, tablet: true });
  });

  it('opens the save dialog state, but not while a save runs', async () => {
    const { editor, navigation } = await editorRoot();
    navigation.setSaving(true);
    editor.requestSave();
    expect(navigation.state).toBe(NavState.EditorNormal);
    navigation.setSaving(false);
    editor.requestSave();
    expect(navigation.state).toBe(NavState.EditorSave);
  });
});

describe('EditorStore: quality', () => {
  it('summarises the slots: all good, one or several too small, a duplicate, the hint while unticked', async () => {
    const { editor, collage, photo, root } = await editorRoot();
    const [a, b, c] = photoSlots(root);
    expect(editor.quality.messages).toEqual([]);
    const good = photo(4000, 3000);
    collage.placePhoto(a!, good.localId);
    expect(editor.quality.messages.map((message) => message.key)).toEqual([
      'quality.summary.allGood',
    ]);
    const small = photo(400, 300);
    collage.placePhoto(b!, small.localId);
    expect(editor.quality.messages.map((message) => message.key)).toEqual([
      'quality.summary.oneTooSmall',
      'quality.summary.tickHint',
    ]);
    collage.placePhoto(c!, photo(300, 200).localId);
    expect(editor.quality.messages[0]).toEqual({
      key: 'quality.summary.severalTooSmall',
      values: { count: 2 },
    });
    editor.setShowQuality(true);
    expect(editor.quality.messages.map((message) => message.key)).not.toContain(
      'quality.summary.tickHint',
    );
    collage.placePhoto(c!, good.localId);
    expect(editor.quality.messages.map((message) => message.key)).toEqual([
      'quality.summary.oneTooSmall',
      'quality.summary.duplicate',
    ]);
    expect(editor.quality.duplicateSlots).toEqual([a, c]);
    // The photo store learns the used counts from the slots.
    expect(good.usedCount).toBe(2);
    expect(good.isDuplicate).toBe(true);
  });

  it('shows a smiley per filled slot only while the box is ticked', async () => {
    const { editor, collage, photo, root } = await editorRoot();
    const [a, b] = photoSlots(root);
    collage.placePhoto(a!, photo(4000, 3000).localId);
    collage.placePhoto(b!, photo(200, 150).localId);
    expect(editor.smileys).toEqual({});
    editor.setShowQuality(true);
    expect(editor.smileys).toEqual({ [a!]: 'green', [b!]: 'red' });
  });
});

describe('EditorStore: slots', () => {
  it('asks for a photo for an empty slot and places the choice there', async () => {
    const { editor, navigation, collage, photo, root } = await editorRoot();
    const [a] = photoSlots(root);
    editor.slotActions.activateSlot(a!, 10, 20);
    expect(navigation.state).toBe(NavState.EditorFile);
    expect(editor.slotActions.targetSlot).toBe(a);
    expect(editor.slotActions.contextMenu).toBeNull();
    const chosen = photo(4000, 3000);
    expect(editor.slotActions.placeInTarget(chosen.localId)).toBe(true);
    expect(collage.slots.photos[a!]!.id).toBe(chosen.localId);
    navigation.close();
    expect(navigation.state).toBe(NavState.EditorNormal);
  });

  it('opens the context menu on a filled slot; Bewerk only once the photo has loaded', async () => {
    const { editor, navigation, collage, photo, root } = await editorRoot();
    const [a, b] = photoSlots(root);
    collage.placePhoto(a!, photo(4000, 3000).localId);
    const failing = root.photos.addFiles([new File([new Uint8Array([1, 2, 3])], 'broken.jpg')])
      .added[0]!;
    // On the server (a reopened collage whose file could not be read): it stays in its slot in the error look.
    failing.uploaded('9');
    collage.placePhoto(b!, failing.localId);
    await settle();
    expect(failing.tileLook).toBe(1);

    editor.slotActions.activateSlot(b!, 5, 5);
    expect(editor.slotActions.contextMenu).toEqual({ slot: b, x: 5, y: 5 });
    expect(editor.slotActions.canEdit(b!)).toBe(false);
    expect(editor.slotActions.editPhoto()).toBe(false);
    expect(navigation.state).toBe(NavState.EditorNormal);

    editor.slotActions.activateSlot(a!, 40, 50);
    expect(editor.slotActions.canEdit(a!)).toBe(true);
    expect(editor.slotActions.editPhoto()).toBe(true);
    expect(navigation.state).toBe(NavState.EditorEdit);
    expect(editor.slotActions.targetSlot).toBe(a);
    expect(editor.slotActions.contextMenu).toBeNull();
  });

  it('replaces and deletes from the context menu', async () => {
    const { editor, navigation, collage, photo, root } = await editorRoot();
    const [a] = photoSlots(root);
    collage.placePhoto(a!, photo(4000, 3000).localId);
    editor.slotActions.activateSlot(a!, 0, 0);
    editor.slotActions.deletePhoto();
    expect(collage.slots.photos[a!]!.id).toBe('');
    expect(editor.slotActions.contextMenu).toBeNull();
    collage.placePhoto(a!, photo(4000, 3000).localId);
    editor.slotActions.activateSlot(a!, 0, 0);
    editor.slotActions.replacePhoto();
    expect(navigation.state).toBe(NavState.EditorFile);
    expect(editor.slotActions.targetSlot).toBe(a);
  });

  it('swaps by drag as one undo step; undo and redo work in the normal state only', async () => {
    const { editor, navigation, collage, photo, root } = await editorRoot();
    const [a, b] = photoSlots(root);
    const first = photo(4000, 3000);
    const second = photo(3000, 4000);
    collage.placePhoto(a!, first.localId);
    collage.placePhoto(b!, second.localId);
    expect(editor.slotActions.swapSlots(a!, b!)).toBe(true);
    expect(collage.slots.photos[a!]!.id).toBe(second.localId);
    expect(editor.undo()).toBe(true);
    expect(collage.slots.photos[a!]!.id).toBe(first.localId);
    navigation.setState(NavState.EditorTitleEdit);
    expect(editor.redo()).toBe(false);
    navigation.close();
    expect(editor.redo()).toBe(true);
    expect(collage.slots.photos[b!]!.id).toBe(first.localId);
  });

  it('closes its menus when a dialog opens', async () => {
    const { editor, navigation, collage, photo, root } = await editorRoot();
    const [a] = photoSlots(root);
    collage.placePhoto(a!, photo(4000, 3000).localId);
    editor.slotActions.activateSlot(a!, 0, 0);
    editor.openColorMenu();
    navigation.quit();
    expect(navigation.state).toBe(NavState.EditorWantToQuit);
    expect(editor.slotActions.contextMenu).toBeNull();
    expect(editor.colorMenuOpen).toBe(false);
  });
});

describe('EditorStore: background colour', () => {
  it('accepts palette colours only; Geen achtergrondkleur is white', async () => {
    const { editor, collage } = await editorRoot('101');
    expect(editor.canChangeBackground).toBe(true);
    editor.openColorMenu();
    expect(editor.colorMenuOpen).toBe(true);
    const colour = PALETTE[50]!;
    expect(editor.chooseBackground(colour)).toBe(true);
    expect(collage.backgroundColor).toBe(colour);
    expect(collage.photoBorderAutomatic).toBe(false);
    expect(editor.chooseBackground('#123457')).toBe(false);
    expect(collage.backgroundColor).toBe(colour);
    expect(editor.chooseBackground(null)).toBe(true);
    expect(collage.backgroundColor).toBe(WHITE);
  });

  it('is not offered for static designs', async () => {
    const { root, editor, collage } = await editorRoot('101');
    root.design.open('S1');
    root.design.commit();
    await settle();
    expect(collage.backgroundColor).toBe(STATIC_BACKGROUND);
    expect(editor.canChangeBackground).toBe(false);
    editor.openColorMenu();
    expect(editor.colorMenuOpen).toBe(false);
  });

  it('the delete button empties a filled slot in one undo step and closes an open menu', async () => {
    const fixture = await editorRoot('101');
    const [slot] = photoSlots(fixture.root);
    fixture.collage.placePhoto(slot!, fixture.photo(4000, 3000).localId);
    fixture.editor.slotActions.activateSlot(slot!, 10, 10);
    expect(fixture.editor.slotActions.contextMenu?.slot).toBe(slot);
    expect(fixture.editor.slotActions.clearSlot(slot!)).toBe(true);
    expect(fixture.collage.slots.photos[slot!]!.id).toBe('');
    expect(fixture.editor.slotActions.contextMenu).toBeNull();
    expect(fixture.editor.slotActions.clearSlot(slot!)).toBe(false);
    fixture.editor.undo();
    expect(fixture.collage.slots.photos[slot!]!.id).not.toBe('');
  });

  it('moves a photo by keyboard: M picks it up, the next chosen slot receives it (one undo step), Escape stops', async () => {
    const fixture = await editorRoot('101');
    const [first, second, third] = photoSlots(fixture.root);
    const photo = fixture.photo(4000, 3000).localId;
    fixture.collage.placePhoto(first!, photo);
    expect(fixture.editor.slotActions.startMove(second!)).toBe(false); // an empty slot has nothing to move
    expect(fixture.editor.slotActions.startMove(first!)).toBe(true);
    expect(fixture.editor.slotActions.movingSlot).toBe(first);
    fixture.editor.slotActions.activateSlot(third!, 0, 0);
    expect(fixture.collage.slots.photos[third!]!.id).toBe(photo);
    expect(fixture.collage.slots.photos[first!]!.id).toBe('');
    expect(fixture.editor.slotActions.movingSlot).toBeNull();
    expect(fixture.editor.slotActions.moveOutcome).toBe('moved');
    // The move was a swap like a drag: one undo brings the photo back.
    fixture.editor.undo();
    expect(fixture.collage.slots.photos[first!]!.id).toBe(photo);
    // Escape, and choosing the same slot, change nothing; no context menu opens while moving.
    fixture.editor.slotActions.startMove(first!);
    fixture.editor.slotActions.cancelMove();
    expect(fixture.editor.slotActions.moveOutcome).toBe('cancelled');
    fixture.editor.slotActions.startMove(first!);
    fixture.editor.slotActions.activateSlot(first!, 0, 0);
    expect(fixture.editor.slotActions.contextMenu).toBeNull();
    expect(fixture.collage.slots.photos[first!]!.id).toBe(photo);
  });
});
