import { describe, expect, it } from 'vitest';
import { LOAD_DATA_MISSING } from '../../api/client';
import { TEMPLATE_NOT_FOUND_ERROR } from '../../model/document/collageTypes';
import { NavState } from '../navigation/navigationStates';
import { PHOTO_LOAD_ERROR } from '../photos/PhotoStore';
import { SaveDialogState } from '../saving/SaveDialog';
import { editorRoot, settle } from '../../../tests/support/stores/editorRoot';
import { fakeServer, SAVED_ID, savedCollage } from '../../../tests/support/stores/savedCollage';

async function reopenAt(path: string, server: ReturnType<typeof fakeServer>) {
  const editor = editorRoot({ api: server.api });
  editor.root.navigation.routeChanged(path);
  await settle(30);
  return editor;
}

describe('reopening a saved collage on edit/{savedcollageid}', () => {
  it('signed in: restores template, size, material, settings, slots, texts and photos (read through the file service)', async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded);
    const { root, failures } = await reopenAt(`/edit/${SAVED_ID}`, server);
    const collage = root.collage;
    expect(failures).toEqual([]);
    expect(root.reopen.status).toBe('open');
    expect(server.state.loads).toEqual([SAVED_ID]);
    expect(collage.savedId).toBe(SAVED_ID);
    expect(collage.isDirty).toBe(false);
    expect(collage.format.template?.id).toBe('101');
    expect(collage.format.activeSize?.id).toBe('10103');
    expect(collage.format.material).toBe('DIBOND');
    expect(collage.format.effectiveSettings).toEqual(saved.collage.format.effectiveSettings);
    expect(collage.slots.texts).toEqual(saved.collage.slots.texts);
    expect(collage.slots.texts.txt1?.txt).toBe('Zomer 2026');
    // Same framing in the same slots; the photos are the server's, under new local ids.
    const serverIdIn = (store: typeof root, slot: string) =>
      store.photos.byLocalId(store.collage.slots.photos[slot]!.id)?.serverId ?? '';
    for (const [slot, data] of Object.entries(saved.collage.slots.photos)) {
      expect({ ...collage.slots.photos[slot], id: serverIdIn(root, slot) }).toEqual({
        ...data,
        id: serverIdIn(saved.source.root, slot),
      });
    }
    expect(root.photos.photos.map((photo) => [photo.serverId, photo.state])).toEqual([
      ['100', 'IMAGE'],
      ['101', 'IMAGE'],
      ['102', 'IMAGE'],
      ['103', 'IMAGE'],
    ]);
    const web = root.photos.webVersion(root.photos.byServerId('102')!);
    expect(await web?.blob.text()).toBe('photo 102');
    expect(
      root.photos.photos.every((photo) => photo.orgWidth === 4000 && photo.src.startsWith('blob:')),
    ).toBe(true);
    // The same collage saved again writes the same document.
    expect(collage.toDocument((id) => root.photos.byLocalId(id)!.serverId!)).toEqual(
      saved.collage.toDocument((id) => saved.source.root.photos.byLocalId(id)!.serverId!),
    );
  });

  it('reads at most 3 server files at once, and a failing read marks only that photo ERROR', async () => {
    const saved = await savedCollage();
    const many = {
      ...saved.loaded,
      photos: Array.from({ length: 9 }, (_, index) => ({
        ...saved.loaded.photos[0]!,
        id: String(100 + index),
      })),
    };
    const server = fakeServer(many, { failingReads: ['101', '106'], readMs: 20 });
    const editor = editorRoot({ api: server.api });
    editor.root.navigation.routeChanged(`/edit/${SAVED_ID}`);
    await settle(10);
    expect(editor.root.reopen.photosToRead).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await settle();
    expect(server.state.reads).toHaveLength(9);
    expect(server.state.maxInFlight).toBe(3);
    expect(editor.root.reopen.photosToRead).toBe(0);
    const states = Object.fromEntries(
      editor.root.photos.photos.map((photo) => [photo.serverId, photo.state]),
    );
    expect(states).toEqual({
      100: 'IMAGE',
      101: 'ERROR',
      102: 'IMAGE',
      103: 'IMAGE',
      104: 'IMAGE',
      105: 'IMAGE',
      106: 'ERROR',
      107: 'IMAGE',
      108: 'IMAGE',
    });
    expect(editor.root.photos.byServerId('101')!.errorMessage).toBe(
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
    );
    expect(editor.root.photos.byServerId('101')!.tileLook).toBe(1);
    // The collage is open all the same: no blank screen, no error screen.
    expect(editor.failures).toEqual([]);
    expect(editor.root.collage.hasDesign).toBe(true);
    expect(editor.analytics.events.filter((event) => event.action === 'photo load')).toHaveLength(
      2,
    );
  });

  it('a read that answers no image data also leaves that photo in error', async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded);
    server.api.readServerFile = async (id) =>
      id === '100' ? 'data:text/plain,nope' : `data:image/jpeg;base64,${btoa('ok')}`;
    const { root } = await reopenAt(`/edit/${SAVED_ID}`, server);
    expect(root.photos.byServerId('100')!.state).toBe('ERROR');
    expect(root.photos.byServerId('100')!.errorMessage).toBe(PHOTO_LOAD_ERROR);
    expect(root.photos.byServerId('101')!.state).toBe('IMAGE');
  });

  it('not signed in: the login-for-collage dialog, nothing loaded; a successful login reloads the collage', async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded, { signedIn: false });
    const editor = await reopenAt(`/edit/${SAVED_ID}`, server);
    const { root } = editor;
    expect(root.reopen.status).toBe('login');
    expect(root.reopen.holdsEditorRoute).toBe(true);
    expect(server.state.loads).toEqual([]);
    expect(root.save.dialogState).toBe(SaveDialogState.LOGIN_FOR_COLLAGE);
    expect(root.navigation.state).toBe(NavState.EditorLoginForCollage);
    root.save.signInForm.setUsername('anna');
    root.save.signInForm.setPassword('geheim12');
    await expect(root.save.signInForm.submit()).resolves.toBe(true);
    expect(editor.reloads).toBe(1);
    expect(root.save.dialogState).toBeNull();
  });

  it('a load answer without collagexml or editor: the spec message on the error screen', async () => {
    const saved = await savedCollage();
    const server = fakeServer({ ...saved.loaded, editor: '' });
    const editor = await reopenAt(`/edit/${SAVED_ID}`, server);
    expect(editor.failures).toEqual([LOAD_DATA_MISSING]);
    expect(editor.root.reopen.status).toBe('failed');
    expect(editor.root.reopen.holdsEditorRoute).toBe(false);
    expect(editor.root.collage.hasDesign).toBe(false);
    expect(editor.analytics.events).toContainEqual({
      category: 'error',
      action: 'global',
      label: LOAD_DATA_MISSING,
    });
  });

  it('a collage of an unknown template: "Couldn\'t find template" on the error screen', async () => {
    const saved = await savedCollage();
    const server = fakeServer({
      ...saved.loaded,
      collagexml: saved.xml.replace('<templateId>101</templateId>', '<templateId>999</templateId>'),
    });
    const editor = await reopenAt(`/edit/${SAVED_ID}`, server);
    expect(editor.failures).toEqual([TEMPLATE_NOT_FOUND_ERROR]);
    expect(editor.root.photos.photos).toEqual([]);
  });

  it("another user's or a missing collage: the server refuses it, the error screen follows", async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded);
    const editor = await reopenAt('/edit/78', server);
    expect(server.state.loads).toEqual(['78']);
    expect(editor.failures).toEqual([LOAD_DATA_MISSING]);
    expect(editor.root.collage.hasDesign).toBe(false);
  });

  it("a saved id that is not the active collage's: the error screen, nothing loaded", async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded);
    const editor = await reopenAt(`/edit/${SAVED_ID}`, server);
    expect(editor.root.collage.savedId).toBe(SAVED_ID);
    // The same id again (back from the design screen) keeps the open collage.
    editor.root.navigation.routeChanged('/ontwerp/basic/101');
    editor.root.navigation.routeChanged(`/edit/${SAVED_ID}`);
    await settle();
    expect(editor.failures).toEqual([]);
    editor.root.navigation.routeChanged('/edit/12');
    await settle();
    expect(server.state.loads).toEqual([SAVED_ID]);
    expect(editor.failures).toEqual(['Collage 12 is not the collage being edited']);
  });

  it('a failing sign-in check leaves for the error screen', async () => {
    const saved = await savedCollage();
    const server = fakeServer(saved.loaded);
    server.api.isAuthenticated = async () => Promise.reject(new Error('Failed to fetch'));
    const editor = await reopenAt(`/edit/${SAVED_ID}`, server);
    expect(editor.failures).toEqual(['The sign-in check failed: Failed to fetch']);
  });
});
