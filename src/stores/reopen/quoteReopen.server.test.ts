/**
 * A quote image through the stores and the real server over HTTP: chosen as the quotes tab chooses
 * it, saved without an upload, reopened on edit/{id} with the catalog's picture in its slot (not
 * read through the file service, which keeps the customers' own photos).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type QuotePhoto } from '../../api/client';
import { Http } from '../../api/http';
import {
  backends,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../server/test/helper';
import type { TestRootServices as RootServices } from '../../../tests/support/stores/testRoot';
import { editorRoot } from '../../../tests/support/stores/editorRoot';
import { registerCustomer } from '../../../tests/support/stores/registerCustomer';
import { MemoryDraftDb } from '../../services/draftDb';
import type { RootStore } from '../RootStore';
import { SaveDialogState } from '../saving/SaveDialog';
import { until } from '../../../tests/support/until';
import { addQuotePhoto } from '../photos/QuoteStore';

/** One browser's api calls over a cookie jar; counts the file service's reads and the uploads. */
function browser(server: TestServer) {
  const client = new TestClient(server.url);
  const api = new ApiClient(
    new Http({ fetch: (input, init) => client.request(String(input), init) }),
    { lang: 'en' },
  );
  const calls = { fileReads: [] as string[], uploads: 0 };
  const services: RootServices['api'] = {
    alive: (s) => api.alive(s),
    isAuthenticated: (username, password) => api.isAuthenticated(username, password),
    register: (request) => api.register(request),
    upload: (fields, signal) => {
      calls.uploads += 1;
      return api.upload(fields, signal);
    },
    save: (request, signal) => api.save(request, signal),
    load: (id, signal) => api.load(id, signal),
    readServerFile: (id, signal) => {
      calls.fileReads.push(id);
      return api.readServerFile(id, signal);
    },
  };
  return { client, services, calls };
}

async function quoteList(client: TestClient, lang: string): Promise<QuotePhoto[]> {
  const list = await client.request(`/api/collagePhoto/collageid/0?format=json&lang=${lang}`);
  return (await list.json()) as QuotePhoto[];
}

/** A design of template 101 open in the editor. */
async function designOpen(root: RootStore) {
  await root.catalog.load();
  root.design.open('101');
  root.design.commit();
  await until(() => root.collage.layout !== undefined);
}

/** Saves as the save dialog does; answers its error message ('' once saved). */
async function save(root: RootStore): Promise<string> {
  root.navigation.routeChanged('/edit');
  root.save.open('save');
  await until(
    () =>
      root.save.dialogState === SaveDialogState.SAVED ||
      root.save.dialogState === SaveDialogState.ERROR,
  );
  return root.save.errorMessage;
}

describe.each(backends)(
  'a quote image saved and reopened through the real server (%s)',
  (backend) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend);
    });
    afterAll(async () => server?.destroy());

    it('saves the quote by its id without an upload and reopens it from the catalog', async () => {
      const owner = browser(server);
      const { root } = editorRoot({ api: owner.services });
      await registerCustomer(root, 'quote');
      await designOpen(root);
      // The English quotes tab's first picture.
      const quote = (await quoteList(owner.client, 'en'))[0]!;
      expect(quote).toMatchObject({ id: 'en-q1', webformat: { src: '/catalog/quotes/en/q1.jpg' } });
      root.collage.placePhoto('img2', addQuotePhoto(root.photos, quote).localId);
      expect(await save(root)).toBe('');
      expect(owner.calls.uploads).toBe(0);
      const savedId = root.collage.savedId!;

      const again = editorRoot({ api: owner.services });
      again.root.navigation.routeChanged(`/edit/${savedId}`);
      await until(
        () => again.root.reopen.status === 'open' && again.root.reopen.photosToRead === 0,
      );
      expect(again.failures).toEqual([]);
      const reopened = again.root.photos.byLocalId(again.root.collage.slots.photos.img2!.id);
      expect(reopened).toMatchObject({
        serverId: 'en-q1',
        source: 'other',
        name: 'Enjoy the little things',
        src: '/catalog/quotes/en/q1.jpg',
        state: 'IMAGE',
        orgWidth: 1024,
        orgHeight: 1024,
        webWidth: 1024,
        webHeight: 1024,
      });
      // The quotes tab finds it as the one in use, so choosing it again does not add a second copy.
      expect(again.root.photos.byServerId('en-q1')).toBe(reopened);
      expect(owner.calls.fileReads).toEqual([]);
    });

    it('takes back a draft that holds a quote with the quote in its slot, and saves it', async () => {
      const owner = browser(server);
      const db = new MemoryDraftDb();
      const before = editorRoot({ api: owner.services, db });
      await before.root.catalog.load();
      before.root.navigation.routeChanged('/keuze');
      await designOpen(before.root);
      const quote = (await quoteList(owner.client, 'nl'))[0]!;
      before.root.collage.placePhoto('img1', addQuotePhoto(before.root.photos, quote).localId);
      await until(() => db.transactions > 0);

      // A reload: the draft is offered and taken back, then saved by a customer who signs up.
      const after = editorRoot({ api: owner.services, db });
      await after.root.catalog.load();
      after.root.navigation.routeChanged('/edit');
      await until(() => after.root.drafts.offer?.state === 'asking');
      await after.root.drafts.continueDraft();
      const photo = after.root.photos.byLocalId(after.root.collage.slots.photos.img1!.id);
      expect(photo).toMatchObject({
        serverId: 'q1',
        src: '/catalog/quotes/q1.jpg',
        state: 'IMAGE',
      });
      await registerCustomer(after.root, 'quote');
      expect(await save(after.root)).toBe('');
      expect(after.root.collage.savedId).toMatch(/^\d+$/);
      expect(owner.calls.uploads).toBe(0);
    });
  },
);
