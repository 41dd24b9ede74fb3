import type { Analytics } from '../../../src/services/analytics';
import { NavigationStore } from '../../../src/stores/navigation/NavigationStore';
import { fixedAdvanceMeasurer } from '../../../src/model/text/measure';
import type { CollageRootServices } from '../../../src/stores/RootStore';
import type { TestRootServices as RootServices } from './testRoot';

/** Services for store tests that do not exercise them: they answer, log nothing and never leave. */
export const quietApi: RootServices['api'] = {
  alive: async () => 'session',
  isAuthenticated: async () => ({ authenticated: false, errors: [] }),
  register: async () => ({ authenticated: false, errors: [] }),
  upload: async () => Promise.reject(new Error('upload not expected in this test')),
  save: async () => Promise.reject(new Error('save not expected in this test')),
  load: async () => Promise.reject(new Error('load not expected in this test')),
  readServerFile: async () => Promise.reject(new Error('readServerFile not expected in this test')),
};

export const quietSave: RootServices['save'] = {
  exits: {
    checkout: () => undefined,
    startNewCollage: () => undefined,
    quitEditor: () => undefined,
  },
  reloadCollage: () => undefined,
};

export const quietCollage: CollageRootServices = {
  measurer: fixedAdvanceMeasurer(),
  loadTemplateXml: async (source) =>
    Promise.reject(new Error(`no template file ${source} in this test`)),
  customXml: async () => Promise.reject(new Error('customXml not expected in this test')),
  randomSeed: () => 1,
};

/** Tile thumbnails that are never made here (TileThumbnails.test.ts makes its own). */
export const quietThumbnails: Pick<RootServices['photos'], 'thumbnails' | 'readBlob'> = {
  thumbnails: {
    tileThumbnail: async () =>
      Promise.reject(new Error('tile thumbnails not expected in this test')),
  },
  readBlob: async () => Promise.reject(new Error('reading a photo not expected in this test')),
};

/** Photos that are never processed here (a store test that adds files brings its own processor). */
export const quietPhotos: RootServices['photos'] = {
  processor: {
    process: async () => Promise.reject(new Error('photo processing not expected in this test')),
  },
  ...quietThumbnails,
  objectUrl: () => 'blob:quiet',
  revokeObjectUrl: () => undefined,
  reportLoadError: () => undefined,
};

export const quietQuotes: RootServices['quotes'] = {
  loadQuotes: async () => [],
  logError: () => undefined,
};

/** Navigation that goes nowhere: the paths answer, navigating and leaving do nothing. */
export const quietNavigation: RootServices['navigation'] = {
  navigate: () => undefined,
  leaveTo: () => undefined,
  paths: {
    choice: () => '/keuze',
    design: () => '/ontwerp',
    error: () => '/fout',
    shopBack: () => '/winkel',
  },
  now: () => new Date(),
};

/** A navigation store for tests, already in the editor's normal state. */
export function navigationInEditor(analytics: Analytics): NavigationStore {
  const navigation = new NavigationStore({ analytics, ...quietNavigation });
  navigation.routeChanged('/edit');
  navigation.layoutReady(true);
  return navigation;
}
