/**
 * The service worker (issue 13, a returning customer on a phone): Workbox precaches the app shell
 * (index.html, every script chunk and style), CanvasKit's wasm, the photo codec and the fonts, so a
 * second visit draws the editor from the device instead of the network.
 *
 * - Hashed files (/assets/) come from the precache; vite-plugin-pwa writes their list into
 *   self.__WB_MANIFEST at build time (vite.config.ts).
 * - Pages (navigations) go to the network first, so a deploy shows at once: index.html is never
 *   served stale pointing at assets the server no longer has. Only when the network fails or is
 *   slower than NAVIGATION_TIMEOUT_MS is the precached index.html used, and it matches the precached
 *   assets, which this worker keeps together.
 * - Updates happen in the background: the browser fetches serviceWorker.js (no-cache) on a visit; a changed one
 *   installs (precaches the new files) and waits. It takes over once no page of the old version is
 *   open (no skipWaiting): an open old page still finds its own lazy chunks in the old precache.
 * - The catalog (/catalog/: the designs' list, templates, thumbnails) is answered from this
 *   worker's cache and refreshed behind it (stale-while-revalidate): the chooser and the editor's
 *   template need no round trip on a second visit; a changed catalog shows on the visit after.
 * - Everything else (/api/, the shop's pages, photos) is not touched here.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import {
  DONE_WITH_APP_PATHS,
  OVERVIEW_PATHS,
  SHOP_BACK_PATHS,
  TERMS_PATHS,
} from '../src/i18n/localePaths';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Past this the precached index.html answers a page request (a stalled phone network). */
const NAVIGATION_TIMEOUT_MS = 4000;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Server-rendered pages and calls: never answered with the editor's index.html. */
const serverPaths = [OVERVIEW_PATHS, DONE_WITH_APP_PATHS, SHOP_BACK_PATHS, TERMS_PATHS].flatMap(
  (table) => Object.values(table),
);
const denylist = [
  /^\/api\//,
  /^\/catalog\//,
  /^\/cart\//,
  ...[...new Set(serverPaths)].map(
    (path) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$)`),
  ),
];

async function networkFirstPage(request: Request): Promise<Response> {
  const fromNetwork = fetch(request);
  const timeout = new Promise<null>((resolve) =>
    setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS),
  );
  try {
    const response = await Promise.race([fromNetwork, timeout]);
    if (response) return response;
  } catch {
    // Offline: the precached shell below.
  }
  const cached = await matchPrecache('index.html');
  return cached ?? fromNetwork;
}

registerRoute(new NavigationRoute(({ request }) => networkFirstPage(request), { denylist }));

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/catalog/') &&
    request.method === 'GET',
  new StaleWhileRevalidate({ cacheName: 'catalog' }),
);
