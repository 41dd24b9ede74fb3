/**
 * Node only, for store tests of reopening and drafts: a RootStore on the fixture catalog with the
 * real photo store (a fake processor), a draft database, and recorded navigation, reloads and
 * analytics. The api is quiet unless a test gives its own calls.
 */
import { loadNumberShapes } from '../../../server/catalog/numberShapesFile';
import { RecordingAnalytics } from '../../../src/services/analytics';
import { MemoryDraftDb, type DraftDb } from '../../../src/services/draftDb';
import { fixtureTemplates, measurer, STATIC_SOURCE, STATIC_TEMPLATE_XML } from './collageFixture';
import { testRootStore, type TestRootServices as RootServices } from './testRoot';
import type { PhotoProcessor } from '../../../src/model/photos/photoTypes';
import { quietApi, quietQuotes, quietSave, quietThumbnails } from './quietServices';

export interface EditorRootOptions {
  api?: Partial<RootServices['api']>;
  db?: DraftDb;
  processor?: PhotoProcessor;
  save?: Partial<RootServices['save']>;
  /** The static template file's GET; the fixture's S1 by default. */
  loadTemplateXml?: (source: string) => Promise<string>;
}

/** A small JPEG-looking web version: the fake processor's output, distinct per file. */
export function webBlobOf(file: Blob): Blob {
  return new Blob([`web of ${(file as File).name ?? 'blob'}`], { type: 'image/jpeg' });
}

export const fakeProcessor: PhotoProcessor = {
  process: async (file) => ({
    web: webBlobOf(file),
    webWidth: 1024,
    webHeight: 768,
    orgWidth: 4000,
    orgHeight: 3000,
    key: `${file.size}.4000.3000.${(file as File).name ?? ''}`,
    suggestedRotation: 0,
  }),
};

export function jpegFile(name: string, bytes = 2000): File {
  return new File([new Uint8Array(bytes).fill(0xd8)], name, { type: 'image/jpeg' });
}

/** A data URL the file service could answer. */
export function jpegDataUrl(text: string): string {
  return `data:image/jpeg;base64,${btoa(text)}`;
}

export function editorRoot(options: EditorRootOptions = {}) {
  const analytics = new RecordingAnalytics();
  const navigated: string[] = [];
  const openedEditors: Array<string | null> = [];
  const errors: string[] = [];
  let reloads = 0;
  let urls = 0;
  const db = options.db ?? new MemoryDraftDb();
  const root = testRootStore({
    analytics,
    catalog: {
      loadTemplates: async () => fixtureTemplates(),
      loadNumberShapes: async () => loadNumberShapes(),
      reportError: () => undefined,
    },
    collage: {
      measurer,
      loadTemplateXml:
        options.loadTemplateXml ??
        (async (source) => {
          if (source !== STATIC_SOURCE) throw new Error(`no file ${source}`);
          return STATIC_TEMPLATE_XML;
        }),
      customXml: async () => Promise.reject(new Error('customXml not faked')),
      randomSeed: () => 42,
    },
    navigation: {
      navigate: (path) => navigated.push(path),
      leaveTo: (url) => navigated.push(url),
      paths: {
        choice: () => '/keuze',
        design: () => '/ontwerp',
        error: (message) => `/fout?error=${message}`,
        shopBack: () => '/winkel',
      },
      now: () => new Date(0),
    },
    api: { ...quietApi, ...options.api },
    save: {
      ...quietSave,
      reloadCollage: () => (reloads += 1),
      ...options.save,
    },
    photos: {
      processor: options.processor ?? fakeProcessor,
      ...quietThumbnails,
      objectUrl: () => `blob:test/${++urls}`,
      revokeObjectUrl: () => undefined,
      reportLoadError: (message) => errors.push(message),
    },
    quotes: quietQuotes,
    drafts: { db, openEditor: (savedId) => openedEditors.push(savedId) },
  });
  return {
    root,
    db,
    analytics,
    navigated,
    openedEditors,
    errors,
    get reloads() {
      return reloads;
    },
    /** The error screen's messages the store navigated to. */
    get failures() {
      return navigated
        .filter((path) => path.startsWith('/fout'))
        .map((path) => path.replace(/^\/fout\?error=1970-01-01T00:00:00.000Z /, ''));
    },
  };
}

/** Lets promises and the fake services settle (real timers). */
export async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
