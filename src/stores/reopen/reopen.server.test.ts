/**
 * Saving and reopening through the real server over HTTP: the stores (collage, photos, save,
 * reopen) with the real ApiClient and a cookie-keeping fetch per browser, on PGlite (and
 * PostgreSQL when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, LOAD_DATA_MISSING } from '../../api/client';
import { Http } from '../../api/http';
import {
  backends,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../server/test/helper';
import { fixture } from '../../../server/test/uploads';
import type { TestRootServices as RootServices } from '../../../tests/support/stores/testRoot';
import type { PhotoProcessor } from '../../model/photos/photoTypes';
import { SaveDialogState } from '../saving/SaveDialog';
import { editorRoot } from '../../../tests/support/stores/editorRoot';
import { registerCustomer } from '../../../tests/support/stores/registerCustomer';
import { until } from '../../../tests/support/until';

/** One browser: a cookie jar and the app's api calls over it. */
function browser(server: TestServer): RootServices['api'] {
  const client = new TestClient(server.url);
  const api = new ApiClient(
    new Http({ fetch: (input, init) => client.request(String(input), init) }),
    { lang: 'nl' },
  );
  return {
    alive: (s) => api.alive(s),
    isAuthenticated: (username, password) => api.isAuthenticated(username, password),
    register: (request) => api.register(request),
    upload: (fields, signal) => api.upload(fields, signal),
    save: (request, signal) => api.save(request, signal),
    load: (id, signal) => api.load(id, signal),
    readServerFile: (id, signal) => api.readServerFile(id, signal),
  };
}

/** The camera fixtures are 100 px wide JPEGs: each is its own web version, as the photo worker would make it. */
const smallJpegProcessor: PhotoProcessor = {
  process: async (file) => ({
    web: file,
    webWidth: 100,
    webHeight: 68,
    orgWidth: 100,
    orgHeight: 68,
    key: `${file.size}.100.68.${(file as File).name}`,
    suggestedRotation: 0,
  }),
};

async function registered(api: RootServices['api'], processor?: PhotoProcessor) {
  const editor = editorRoot({ api, processor });
  await registerCustomer(editor.root, 'reopen');
  return editor;
}

describe.each(backends)('reopening a saved collage through the real server (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('saves through the stores, reopens on edit/{id} with every photo read through the file service; others get the error screen', async () => {
    const owner = browser(server);
    const { root } = await registered(owner, smallJpegProcessor);
    await root.catalog.load();
    root.design.open('101');
    root.design.commit();
    await until(() => root.collage.layout !== undefined);
    const jpeg = await fixture('cameras/Canon_40D.jpg');
    const other = await fixture('cameras/Nikon_D70.jpg');
    const { added } = root.photos.addFiles([
      new File([new Uint8Array(jpeg)], 'Canon_40D.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(other)], 'Nikon_D70.jpg', { type: 'image/jpeg' }),
    ]);
    await until(() => added.every((photo) => photo.state === 'IMAGE'));
    root.collage.chooseMaterial('PLEXI');
    root.collage.placePhoto('img1', added[0]!.localId);
    root.collage.placePhoto('img6', added[1]!.localId);
    root.collage.rotatePhoto('img6');
    root.navigation.routeChanged('/edit');
    root.save.open('save');
    await until(
      () =>
        root.save.dialogState === SaveDialogState.SAVED ||
        root.save.dialogState === SaveDialogState.ERROR,
    );
    expect(root.save.errorMessage).toBe('');
    const savedId = root.collage.savedId!;
    expect(savedId).toMatch(/^\d+$/);

    // The same browser, a fresh page on edit/{id}.
    const again = editorRoot({ api: owner });
    again.root.navigation.routeChanged(`/edit/${savedId}`);
    await until(() => again.root.reopen.status === 'open' && again.root.reopen.photosToRead === 0);
    expect(again.failures).toEqual([]);
    const reopened = again.root.collage;
    expect(reopened.savedId).toBe(savedId);
    expect(reopened.format.material).toBe('PLEXI');
    expect(reopened.slots.photos.img6).toMatchObject({ rotation: 90 });
    const serverIdIn = (store: typeof root, slot: string) =>
      store.photos.byLocalId(store.collage.slots.photos[slot]!.id)?.serverId;
    expect(serverIdIn(again.root, 'img1')).toBe(added[0]!.serverId);
    expect(serverIdIn(again.root, 'img6')).toBe(added[1]!.serverId);
    expect(again.root.photos.photos.map((photo) => photo.state)).toEqual(['IMAGE', 'IMAGE']);
    // The web version the browser made is what the file service sends back.
    const web = again.root.photos.webVersion(again.root.photos.photos[0]!)!;
    expect(new Uint8Array(await web.blob.arrayBuffer())).toEqual(jpeg);
    expect(again.root.photos.photos[0]!.orgWidth).toBeGreaterThan(0);

    // Another user, signed in: the server answers as for a missing collage.
    const intruder = await registered(browser(server));
    intruder.root.navigation.routeChanged(`/edit/${savedId}`);
    await until(() => intruder.root.reopen.status === 'failed');
    expect(intruder.failures).toEqual([LOAD_DATA_MISSING]);
    expect(intruder.root.collage.hasDesign).toBe(false);

    // Not signed in: the login-for-collage dialog, nothing loaded.
    const anonymous = editorRoot({ api: browser(server) });
    anonymous.root.navigation.routeChanged(`/edit/${savedId}`);
    await until(() => anonymous.root.reopen.status === 'login');
    expect(anonymous.root.save.dialogState).toBe(SaveDialogState.LOGIN_FOR_COLLAGE);
  });
});
