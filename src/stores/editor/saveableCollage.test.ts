import { describe, expect, it } from 'vitest';
import { NavState } from '../navigationStates';
import type { SaveRequest } from '../../api/client';
import { editorRoot, photoSlots, settle } from './editorFixture.server';
import { saveableCollage } from './saveableCollage';

describe('the editor and the save flow', () => {
  it("'Opslaan / bestellen' saves a signed-in customer's collage with the photos' server ids", async () => {
    const requests: SaveRequest[] = [];
    const { root, editor, collage, photo, navigation } = await editorRoot('101', {
      isAuthenticated: async () => ({ authenticated: true, errors: [] }),
      save: async (request) => {
        requests.push(request);
        return '77';
      },
    });
    const [a, b] = photoSlots(root);
    collage.placePhoto(a!, photo(4000, 3000, 'server-1').localId);
    collage.placePhoto(b!, photo(3000, 4000, 'server-2').localId);
    expect(navigation.hasUnsavedChanges).toBe(true);
    editor.requestSave();
    expect(navigation.state).toBe(NavState.EditorSave);
    await settle();
    expect(root.save.dialogState).toBe('SAVED');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.templateId).toBe('101');
    expect(requests[0]!.collageXml).toContain('<photo id="server-1"/>');
    expect(requests[0]!.collageXml).toContain('<photo id="server-2"/>');
    expect(collage.savedId).toBe('77');
    expect(navigation.hasUnsavedChanges).toBe(false);
  });

  it('a new collage of a customer who is not signed in goes to register', async () => {
    const { root, editor } = await editorRoot('101');
    editor.requestSave();
    await settle();
    expect(root.save.dialogState).toBe('REGISTER');
  });

  it("the quit button asks 'Wil je stoppen?' in the normal state and returns to normal from a dialog", async () => {
    const { root, editor, navigation } = await editorRoot('101');
    editor.requestQuit();
    expect(navigation.state).toBe(NavState.EditorWantToQuit);
    expect(root.save.dialogState).toBe('WANT_TO_QUIT');
    root.save.close();
    navigation.setState(NavState.EditorTitleEdit);
    editor.requestQuit();
    expect(navigation.state).toBe(NavState.EditorNormal);
  });

  it('takes a photo that could not be sent out of every slot and out of the photo list', async () => {
    const { root, collage, photo } = await editorRoot('101');
    const [a, b] = photoSlots(root);
    const lost = photo(4000, 3000);
    collage.placePhoto(a!, lost.localId);
    collage.placePhoto(b!, lost.localId);
    const saveable = saveableCollage(collage, root.photos)!;
    expect(saveable.usedPhotos()).toEqual([lost]);
    expect(() => saveable.buildXml(undefined)).toThrow(/not on the server/);
    saveable.removePhoto(lost);
    expect(collage.photoIdsInUse).toEqual([]);
    expect(root.photos.byLocalId(lost.localId)).toBeUndefined();
  });
});
