import { describe, expect, it } from 'vitest';
import { NavState } from '../navigation/navigationStates';
import { editorRoot, photoSlots, settle } from '../../../tests/support/stores/editorFixture';

const jpeg = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });

describe('a photo that cannot be read', () => {
  it('chosen alone for a slot, leaves the slot empty and opens the picker on that slot again', async () => {
    // The quiet photo services refuse every file, as the worker refuses an empty or broken one.
    const { root, collage, navigation, editor } = await editorRoot();
    const slot = photoSlots(root)[0]!;
    editor.slotActions.addPhoto(slot);
    const { selected } = root.photos.addFiles([jpeg('leeg.jpg')]);
    expect(selected).not.toBeNull();
    editor.slotActions.placeInTarget(selected!.localId);
    navigation.close();
    expect(collage.slots.photos[slot]!.id).toBe(selected!.localId);

    await settle();
    expect(selected!.state).toBe('ERROR');
    expect(selected!.loadFailure).toEqual({ reason: null });
    expect(collage.slots.photos[slot]!.id).toBe('');
    // The error tile is in the picker, which asks for a photo for the same slot.
    expect(navigation.state).toBe(NavState.EditorFile);
    expect(editor.slotActions.targetSlot).toBe(slot);
    expect(root.photos.photos).toContain(selected);
  });

  it('is cleared from every slot, but a photo on the server or one whose upload failed stays', async () => {
    const { root, collage, photo, navigation } = await editorRoot();
    const [a, b, c, d] = photoSlots(root);
    const onServer = photo(3000, 2000, '17');
    const uploadFailed = photo(3000, 2000);
    const unreadable = photo(3000, 2000);
    collage.placePhoto(a!, onServer.localId);
    collage.placePhoto(b!, uploadFailed.localId);
    collage.placePhoto(c!, unreadable.localId);
    collage.placePhoto(d!, unreadable.localId);

    onServer.failedToLoad('Could not load photo', 'damaged');
    uploadFailed.failed('Could not upload photo. server responded with: 500');
    unreadable.failedToLoad('Could not load photo', 'notJpeg');

    expect([a, b, c, d].map((slot) => collage.slots.photos[slot!]!.id)).toEqual([
      onServer.localId,
      uploadFailed.localId,
      '',
      '',
    ]);
    // Not chosen through the picker: nothing opens.
    expect(navigation.state).toBe(NavState.EditorNormal);
    // Undo cannot bring the black box back.
    collage.undo();
    expect(collage.slots.photos[c!]!.id).toBe('');
  });
});
