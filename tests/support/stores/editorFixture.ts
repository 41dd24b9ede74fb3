/** Node only, for editor store tests: a RootStore on the shop's catalog with the real photo wiring (dpi from the photo store). */
import {
  fixtureTemplates,
  measurer,
  settle,
  STATIC_SOURCE,
  STATIC_TEMPLATE_XML,
} from './collageFixture';
import { RecordingAnalytics } from '../../../src/services/analytics';
import { testRootStore, type TestRootServices as RootServices } from './testRoot';
import type { RootStore } from '../../../src/stores/RootStore';
import { quietApi, quietPhotos, quietQuotes, quietSave } from './quietServices';
import type { Photo } from '../../../src/stores/photos/Photo';

export { measurer, settle };

export async function editorRoot(templateId = '101', api: Partial<RootServices['api']> = {}) {
  const analytics = new RecordingAnalytics();
  const clock = { now: 0 };
  const navigated: string[] = [];
  const root = testRootStore({
    analytics,
    api: { ...quietApi, ...api },
    save: quietSave,
    photos: quietPhotos,
    quotes: quietQuotes,
    catalog: { loadTemplates: async () => fixtureTemplates(), reportError: () => undefined },
    collage: {
      measurer,
      loadTemplateXml: async (source) => {
        if (source !== STATIC_SOURCE) throw new Error(`no file ${source}`);
        return STATIC_TEMPLATE_XML;
      },
      customXml: async () => {
        throw new Error('customXml not faked');
      },
      randomSeed: () => 42,
      history: { now: () => clock.now },
    },
    navigation: {
      navigate: (path) => navigated.push(path),
      leaveTo: (url) => navigated.push(url),
      paths: {
        choice: () => '/keuze',
        design: (id) => `/ontwerp/${id}`,
        error: (message) => `/fout?error=${message}`,
        shopBack: () => '/winkel',
      },
      now: () => new Date(0),
    },
  });
  await root.catalog.load();
  root.design.open(templateId);
  root.design.commit();
  root.navigation.routeChanged('/edit');
  await settle();
  /** A loaded photo of the given original size (as from the photo worker: upright, web size 1024 on the long side). */
  const photo = (orgWidth: number, orgHeight: number, serverId: string | null = null): Photo => {
    const scale = 1024 / Math.max(orgWidth, orgHeight);
    return root.photos.addLoaded(
      'computer',
      `photo-${orgWidth}x${orgHeight}.jpg`,
      {
        src: 'blob:test',
        webWidth: Math.round(orgWidth * scale),
        webHeight: Math.round(orgHeight * scale),
        orgWidth,
        orgHeight,
      },
      serverId,
    );
  };
  return {
    root,
    analytics,
    clock,
    navigated,
    photo,
    editor: root.editor,
    collage: root.collage,
    navigation: root.navigation,
  };
}

export function photoSlots(root: RootStore): string[] {
  return (root.collage.layout?.layers ?? []).flatMap((layer) =>
    layer.kind === 'photo' ? [layer.slot] : [],
  );
}
