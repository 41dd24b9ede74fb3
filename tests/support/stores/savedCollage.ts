/** Node only: a collage made and "saved" through the real stores, and the load answer a server would give for it. */
import { LOAD_DATA_MISSING, type LoadedCollage } from '../../../src/api/client';
import { ApiError } from '../../../src/api/http';
import type { TestRootServices as RootServices } from './testRoot';
import { collageAdapter } from '../../../src/stores/saving/collageAdapter';
import { editorRoot, jpegDataUrl, jpegFile, settle } from './editorRoot';

export const SAVED_ID = '77';

/**
 * A 70 x 50 cm dibond of template 101 with a title in its own style, four photos on the server (ids 100–103),
 * zoomed and with an effect, written by the real document writer with server ids.
 */
export async function savedCollage() {
  const source = editorRoot();
  const { root } = source;
  await root.catalog.load();
  root.design.open('101');
  root.design.commit();
  await settle();
  const collage = root.collage;
  collage.chooseSize('10103');
  collage.chooseMaterial('DIBOND');
  collage.stepControl('hasText', 1);
  collage.stepControl('numberVert', -1);
  const { added } = root.photos.addFiles(
    ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) => jpegFile(name)),
  );
  await settle();
  added.forEach((photo, index) => photo.uploaded(String(100 + index)));
  collage.placePhoto('img1', added[0]!.localId);
  collage.placePhoto('img2', added[1]!.localId);
  collage.placePhoto('img3', added[2]!.localId);
  collage.placePhoto('img5', added[3]!.localId);
  collage.zoomPhoto('img2', 'bigger');
  collage.setEffect('img3', 'sepia');
  collage.setTextStyle('txt1', {
    fontSize: 0.917,
    font: 'Indie Flower',
    color: '#ffffff',
    background: 'back2',
  });
  if (!collage.setText('txt1', 'Zomer 2026').accepted) throw new Error('the title does not fit');
  const xml = collageAdapter(collage, root.photos).buildXml(undefined);
  const loaded: LoadedCollage = {
    collagexml: xml,
    editor: '2',
    // The server answers numeric ids.
    photos: added.map((photo) => ({
      src: `/api/photo/${photo.serverId}/web`,
      orgWidth: 4000,
      orgHeight: 3000,
      webWidth: 1024,
      webHeight: 768,
      id: Number(photo.serverId) as unknown as string,
      type: 'computer',
      unique: photo.key,
      suggestedRotation: 0,
    })),
    pages: [],
  };
  return { source, collage, photos: added, loaded, xml };
}

export interface FakeServerOptions {
  signedIn?: boolean;
  failingReads?: readonly string[];
  /** Milliseconds each file read takes. */
  readMs?: number;
}

/** The calls a reopen makes, answering like the server: own collage '77' only, file reads counted. */
export function fakeServer(loaded: LoadedCollage, options: FakeServerOptions = {}) {
  const state = {
    signedIn: options.signedIn ?? true,
    loads: [] as string[],
    reads: [] as string[],
    inFlight: 0,
    maxInFlight: 0,
  };
  const api: Partial<RootServices['api']> = {
    isAuthenticated: async (username = '') => {
      if (username) state.signedIn = true;
      return { authenticated: state.signedIn, errors: [] };
    },
    load: async (collageId) => {
      state.loads.push(collageId);
      if (!state.signedIn) throw new ApiError(LOAD_DATA_MISSING, 401);
      if (collageId !== SAVED_ID) throw new ApiError(LOAD_DATA_MISSING, 404);
      return loaded;
    },
    readServerFile: async (photoId) => {
      state.reads.push(photoId);
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, options.readMs ?? 5));
        if (options.failingReads?.includes(photoId))
          throw new ApiError('ERROR_IMAGE_COULD_NOT_BE_LOADED', 500);
        return jpegDataUrl(`photo ${photoId}`);
      } finally {
        state.inFlight -= 1;
      }
    },
  };
  return { api, state };
}
