import { startTransition } from 'react';
import { createI18n, currentLocale, DEFAULT_LOCALE, isLocale } from './i18n/i18n';
import { AppShell } from './ui/AppShell';
import { CHOOSER_DATA_ID, SERVER_RENDERED_ATTRIBUTE } from './model/catalog/chooserCards';
import type { Template } from './model/catalog/types';
import { RootStore } from './stores/RootStore';
import { ConsoleAnalytics } from './services/analytics';
import { BatchingAnalytics, browserBatchTransport } from './services/analyticsBatcher';
import { SESSION_DONE_PATH } from './api/analyticsWire';
import {
  languageCookie,
  localePaths,
  paths,
  rememberedLocale,
  requestedLocale,
} from './i18n/routeWords';
import { ApiClient } from './api/client';
import { Http } from './api/http';
import { navigateTo } from './ui/routing/navigator';
import { loadTemplates } from './api/catalogLoader';
import { openDraftDb } from './services/draftDb';
import type { CanvasServices } from './ui/canvas/CanvasServices';
import { exposeForTests } from './services/testHooks';
import { nextTurn } from './render/nextTurn';
import './ui/global.css';

/** Composition root: the only place that builds services and wires them together. */
async function main(): Promise<void> {
  // React's DOM renderer is the page's largest module (55 of 135 kB brotli): imported apart, its
  // evaluation is a task of its own instead of part of the one that evaluated every module of the
  // page, the chooser's last long task (issue 27 item 1; bench:phone's chooser_tbt_ms 23-41 ->
  // 4-14 ms a visit). The page preloads it with its own script (vite.config.ts preloadReactDom).
  const reactDom = import('react-dom/client');
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
  document.cookie = languageCookie(locale);
  // Events go to the shop's server in batches (POST /api/analytics); each is also a console line.
  const analytics = new BatchingAnalytics(browserBatchTransport(), {
    echo: new ConsoleAnalytics(),
  });
  const http = new Http({ lang: locale });
  const drawnData = document.getElementById(CHOOSER_DATA_ID)?.textContent;
  let drawnTemplates = drawnData ? (JSON.parse(drawnData) as Template[]) : null;
  const api = new ApiClient(http, { lang: locale });
  // The canvases' services (photo workers, pixels) come with the editor's part below.
  let canvasServices: CanvasServices | null = null;
  const store = new RootStore({
    analytics,
    api,
    drafts: {
      db: openDraftDb(),
      openEditor: (savedId) => navigateTo(paths.editor(locale, savedId ?? undefined)),
    },
    catalog: {
      // A drawn chooser brings its templates (server/catalog/chooserPage.ts): the first load takes
      // them; a retry after a failure fetches the list.
      loadTemplates: () => {
        const given = drawnTemplates;
        drawnTemplates = null;
        return given ? Promise.resolve(given) : loadTemplates(locale);
      },
      // The number designs' digits, read with the generators' chunk when a number design is opened.
      loadNumberShapes: async () => {
        const [{ parseNumberShapes }, xml] = await Promise.all([
          import('./model/generators/numberShapes'),
          http.getText('/catalog/shapes.xml'),
        ]);
        return parseNumberShapes(xml);
      },
      reportError: (message) =>
        analytics.event({ category: 'error', action: 'catalog', label: message }),
    },
    navigation: {
      navigate: navigateTo,
      leaveTo: (url) => window.location.assign(url),
      paths: localePaths(locale),
      now: () => new Date(),
    },
    // The design screen's and the editor's stores, services and kernels: a chunk of their own
    // (src/mainEditing.ts), fetched once the chooser has painted or when a route needs it.
    loadEditing: async (root) => {
      const { composeEditing } = await import('./mainEditing');
      // The chunk's evaluation is one task; the services and stores it builds are the next ones.
      await nextTurn();
      const editing = await composeEditing(root, {
        locale,
        analytics,
        api,
        http,
      });
      canvasServices = editing.canvas;
      return editing.stores;
    },
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
  exposeForTests({ __fotocollage: store });
  // An uncaught error leads to the error page: analytics hears of it first (the spec's global error).
  const failGlobally = (message: string) => {
    analytics.event({ category: 'error', action: 'global', label: message });
    store.navigation.fail(message);
  };
  window.addEventListener('error', (event) => failGlobally(String(event.message)));
  window.addEventListener('unhandledrejection', (event) => failGlobally(String(event.reason)));

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const tree = <AppShell i18n={i18n} store={store} canvasServices={() => canvasServices} />;
  // The server sent the chooser already drawn (server/catalog/chooserPage.ts, src/ssr): React takes
  // over that HTML instead of drawing it again, once it holds the templates the server drew from
  // (sent beside it). Any other page, and the service worker's offline shell, start empty.
  const { createRoot, hydrateRoot } = await reactDom;
  if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    await store.catalog.load();
    // In a transition React hydrates in slices of a few milliseconds, yielding to the browser in
    // between: the page is on screen already, and a tap or a scroll is never held up behind one
    // long task (issue 27: total blocking time counts every task after the first paint).
    startTransition(() => {
      hydrateRoot(root, tree, {
        // A page that does not match what the server drew (the shop edited its catalogue between the
        // two) is drawn anew by React; it is worth a note, not the error screen that the global
        // error listener above would show for React's default report.
        onRecoverableError: (error) => {
          console.warn('[hydration]', error);
          analytics.event({ category: 'error', action: 'hydration', label: String(error) });
        },
      });
    });
  } else createRoot(root).render(tree);
}

void main();
