import type { Locale } from './i18n/i18n';
import { cartPath, DONE_WITH_APP_PATHS, paths, savedIdOfPath } from './i18n/routeWords';
import type { ApiClient } from './api/client';
import type { Http } from './api/http';
import type { Analytics } from './services/analytics';
import { browserCanvasPixels, effectThumbnailUrls } from './services/canvasPixels';
import type { CanvasServices } from './ui/canvas/CanvasServices';
import { EditingStores, type ChooserStores } from './stores/editing/EditingStores';
import { canvasTextMeasurer } from './ui/design/canvasTextMeasurer';
import { SwitchingMeasurer } from './model/text/measure';
import { rendererParts, whenBrowserRendererLoads } from './render/browserRenderer';
import { TextPainter } from './render/text';
import { nextTurn, runInTurns } from './render/nextTurn';
import { browserPhotoServices, quoteServices } from './services/photoServices';
import { PhotoWorkerClient } from '../workers/photoClient';
import { registerServiceWorker } from '../workers/registerServiceWorker';
import { createScreenshotClient } from '../workers/screenshotClient';
import { ScreenshotService } from './services/screenshotService';
import { navigateTo } from './ui/routing/navigator';
import { exposeForTests } from './services/testHooks';

/** What main.tsx has built already and the editor's part shares. */
export interface EditingWiring {
  locale: Locale;
  analytics: Analytics;
  api: ApiClient;
  http: Http;
}

/** The editor's stores, and what its canvases need from the page (CanvasServicesContext in main.tsx). */
export interface EditingPart {
  stores: EditingStores;
  canvas: CanvasServices;
}

/**
 * The composition root's second half (main.tsx is the first): the services of the design screen
 * and the editor and their stores, built when RootStore first needs them. main.tsx imports this
 * module lazily, so the chooser's script holds neither the editor's stores nor their kernels.
 */
export async function composeEditing(
  root: ChooserStores,
  { locale, analytics, api, http }: EditingWiring,
): Promise<EditingPart> {
  // Photo work runs in a pool of module workers (hardware threads minus one); PNG per the shop's setting.
  const photoWorkers = new PhotoWorkerClient({
    allowPng: import.meta.env.VITE_ALLOW_PNG === 'true',
  });
  // The editor canvas and the screenshot read photos and artwork the same way.
  const pixels = browserCanvasPixels(photoWorkers);
  const canvas: CanvasServices = {
    pixels,
    reportError: (message) =>
      analytics.event({ category: 'error', action: 'canvas', label: message }),
    effectThumbnails: (src) => effectThumbnailUrls(photoWorkers, src),
    revokeThumbnail: (src) => URL.revokeObjectURL(src),
  };
  // The offline copy (shell, CanvasKit, fonts) is made once CanvasKit has loaded: by then its files
  // are in the HTTP cache and the service worker's precache does not download them again.
  whenBrowserRendererLoads(registerServiceWorker);
  // Text fits with the browser's canvas until CanvasKit has loaded, then with the renderer's measurer.
  const measurer = new SwitchingMeasurer(canvasTextMeasurer());
  whenBrowserRendererLoads(({ ck, fonts }) => measurer.use(new TextPainter(ck, fonts)));
  // The 500x500 screenshot follows the collage in its own worker, handed the page's compiled
  // CanvasKit and fonts; the photo workers decode the photos' small copies with their effects.
  const screenshotWorker = createScreenshotClient({ parts: rendererParts });
  const screenshots = new ScreenshotService({
    screenshot: (request, signal) => screenshotWorker.screenshot(request, signal),
    pixels,
    reportError: (message) => {
      console.warn('[screenshot]', message);
      analytics.event({ category: 'error', action: 'screenshot', label: message });
    },
  });
  // The stores a few at a time, each part a task of its own (EditingStores.inSteps).
  await nextTurn();
  const building = EditingStores.inSteps(root, {
    api,
    save: {
      exits: {
        checkout: (collageId) => window.location.assign(cartPath(locale, collageId)),
        startNewCollage: () => navigateTo(paths.choice(locale)),
        quitEditor: (kind) => window.location.assign(`${DONE_WITH_APP_PATHS[locale]}?quit=${kind}`),
      },
      // After signing in, the editor route loads the saved collage again, now with access.
      reloadCollage: () => window.location.reload(),
      screenshot: screenshots,
      // The same editor under the saved collage's address: a reload reopens it (no history entry of its own).
      showSaved: (collageId) => {
        if (savedIdOfPath(window.location.pathname) !== collageId)
          navigateTo(paths.editor(locale, collageId), { replace: true });
      },
    },
    collage: {
      measurer,
      loadTemplateXml: (source) => http.getText(`/catalog/${source.replace(/^\/+/, '')}`),
      customXml: (templateId, width, height) => api.customXml(templateId, width, height),
      randomSeed: () => Math.floor(Math.random() * 2 ** 31),
    },
    photos: browserPhotoServices(photoWorkers, analytics),
    quotes: quoteServices(api),
  });
  const stores = await runInTurns(building);
  exposeForTests({ __fotocollageScreenshots: screenshots });
  return { stores, canvas };
}
