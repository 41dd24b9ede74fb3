import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n, currentLocale, DEFAULT_LOCALE, isLocale } from './i18n/i18n';
import { App } from './ui/App';
import { StoreContext } from './ui/StoreContext';
import { RootStore } from './stores/RootStore';
import { ConsoleAnalytics } from './services/analytics';
import { BatchingAnalytics, browserBatchTransport } from './services/analyticsBatcher';
import { SESSION_DONE_PATH } from './api/analyticsWire';
import { cartPath, DONE_WITH_APP_PATHS, LANG_COOKIE, paths, rememberedLocale, requestedLocale, savedIdOfPath, SHOP_BACK_PATHS } from './i18n/routeWords';
import { ApiClient } from './api/client';
import { Http } from './api/http';
import { navigateTo } from './ui/routing/navigator';
import { loadTemplates } from './api/catalogLoader';
import { parseNumberShapes } from './model/generators/numberShapes';
import { canvasTextMeasurer } from './ui/design/canvasTextMeasurer';
import { SwitchingMeasurer } from './model/text/measure';
import { rendererParts, whenBrowserRendererLoads } from './render/browserRenderer';
import { TextPainter } from './render/text';
import { openDraftDb } from './services/draftDb';
import { browserPhotoServices, quoteServices } from './services/photoServices';
import { PhotoWorkerClient } from '../workers/photoClient';
import { browserCanvasPixels, effectThumbnailUrls } from './services/canvasPixels';
import { CanvasServicesContext, type CanvasServices } from './ui/canvas/CanvasServices';
import { createScreenshotClient } from '../workers/screenshotClient';
import { registerServiceWorker } from '../workers/registerServiceWorker';
import { ScreenshotService } from './services/screenshotService';
import './ui/global.css';

/** Composition root: the only place that builds services and wires them together. */
async function main(): Promise<void> {
  // Which build this page runs (VITE_BUILD_ID at build time): support and the service worker's
  // update test read it.
  document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? '';
  const params = new URLSearchParams(window.location.search);
  const deployed = import.meta.env.VITE_LOCALE as string | undefined;
  const requested = requestedLocale({
    pathname: window.location.pathname,
    lang: params.get('lang'),
    remembered: rememberedLocale(document.cookie),
    deployed: isLocale(deployed) ? deployed : DEFAULT_LOCALE,
  });
  const i18n = await createI18n(requested, deployed, {
    production: import.meta.env.PROD,
    forceDutchOutsideProduction: import.meta.env.VITE_FORCE_DUTCH !== 'false',
  });
  const locale = currentLocale(i18n);
  // Remembered for a year: a reload or a saved link whose route word several locales share keeps it.
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
  // Events go to the shop's server in batches (POST /api/analytics); each is also a console line.
  const analytics = new BatchingAnalytics(browserBatchTransport(), { echo: new ConsoleAnalytics() });
  const http = new Http({ lang: locale });
  const api = new ApiClient(http, { lang: locale });
  // Photo work runs in a pool of module workers (hardware threads minus one); PNG per the shop's setting.
  const photoWorkers = new PhotoWorkerClient({ allowPng: import.meta.env.VITE_ALLOW_PNG === 'true' });
  // The editor canvas and the screenshot read photos and artwork the same way.
  const pixels = browserCanvasPixels(photoWorkers);
  const canvasServices: CanvasServices = {
    pixels,
    reportError: (message) => analytics.event({ category: 'error', action: 'canvas', label: message }),
    effectThumbnails: (src) => effectThumbnailUrls(photoWorkers, src),
    revokeThumbnail: (src) => URL.revokeObjectURL(src),
  };
  // Text fits with the browser's canvas until CanvasKit has loaded, then with the renderer's measurer.
  const measurer = new SwitchingMeasurer(canvasTextMeasurer());
  whenBrowserRendererLoads(({ ck, fonts }) => measurer.use(new TextPainter(ck, fonts)));
  // The offline copy (shell, CanvasKit, fonts) is made once CanvasKit has loaded: by then its files
  // are in the HTTP cache and the service worker's precache does not download them again.
  whenBrowserRendererLoads(registerServiceWorker);
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
  const store = new RootStore({
    analytics,
    api,
    save: {
      exits: {
        checkout: (collageId) => window.location.assign(cartPath(locale, collageId)),
        startNewCollage: () => navigateTo(paths.choice(locale)),
        quitEditor: (unsaved) => window.location.assign(DONE_WITH_APP_PATHS[locale] + (unsaved ? `?quit=${unsaved}` : '')),
      },
      // After signing in, the editor route loads the saved collage again, now with access.
      reloadCollage: () => window.location.reload(),
      screenshot: screenshots,
      // The same editor under the saved collage's address: a reload reopens it (no history entry of its own).
      showSaved: (collageId) => {
        if (savedIdOfPath(window.location.pathname) !== collageId) navigateTo(paths.editor(locale, collageId), { replace: true });
      },
    },
    drafts: {
      db: openDraftDb(),
      openEditor: (savedId) => navigateTo(paths.editor(locale, savedId ?? undefined)),
    },
    catalog: {
      loadTemplates: () => loadTemplates(),
      loadNumberShapes: async () => parseNumberShapes(await http.getText('/catalog/shapes.xml')),
      reportError: (message) => analytics.event({ category: 'error', action: 'catalog', label: message }),
    },
    collage: {
      measurer,
      loadTemplateXml: (source) => http.getText(`/catalog/${source.replace(/^\/+/, '')}`),
      customXml: (templateId, width, height) => api.customXml(templateId, width, height),
      randomSeed: () => Math.floor(Math.random() * 2 ** 31),
    },
    navigation: {
      navigate: navigateTo,
      leaveTo: (url) => window.location.assign(url),
      paths: {
        choice: (filter) => paths.choice(locale, filter),
        design: (id, generated) => paths.design(locale, id, generated),
        error: (message) => paths.error(locale, message),
        shopBack: () => SHOP_BACK_PATHS[locale],
      },
      now: () => new Date(),
    },
    photos: browserPhotoServices(photoWorkers, analytics),
    quotes: quoteServices(api),
  });
  // A tab being hidden or closed: the draft is written now rather than after its debounce, and the
  // waiting analytics leave by beacon. Closing also sends the spec's session-done call.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    void store.drafts.flushNow();
    analytics.flush('beacon');
  });
  window.addEventListener('pagehide', () => {
    void store.drafts.flushNow();
    analytics.flush('beacon');
    const session = store.session.sessionId;
    if (session) navigator.sendBeacon?.(`${SESSION_DONE_PATH}${encodeURIComponent(session)}`);
  });
  exposeForTests(store, screenshots);
  // An uncaught error leads to the error page: analytics hears of it first (the spec's global error).
  const failGlobally = (message: string) => {
    analytics.event({ category: 'error', action: 'global', label: message });
    store.navigation.fail(message);
  };
  window.addEventListener('error', (event) => failGlobally(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => failGlobally(String(event.reason)));

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StoreContext.Provider value={store}>
          <CanvasServicesContext.Provider value={canvasServices}>
            {/* The screens after the chooser are chunks of their own (src/ui/routing/lazyScreens.tsx). */}
            <Suspense fallback={null}>
              <App />
            </Suspense>
          </CanvasServicesContext.Provider>
        </StoreContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

/**
 * End-to-end tests set localStorage 'fotocollage:testHooks' to reach the stores (to put photos in
 * slots while the file dialog is not there) and the screenshot service's timings; an ordinary
 * visit never has it.
 */
function exposeForTests(store: RootStore, screenshots: ScreenshotService): void {
  try {
    if (window.localStorage.getItem('fotocollage:testHooks') === '1') Object.assign(window, { __fotocollage: store, __fotocollageScreenshots: screenshots });
  } catch {
    // Storage blocked: no hooks.
  }
}

void main();
