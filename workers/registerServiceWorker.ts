/**
 * Registers the service worker (workers/serviceWorker.ts, built to /serviceWorker.js) in a production build.
 * Called once CanvasKit has loaded: by then the first visit has fetched what it needs, and the
 * worker's precache finds most files in the HTTP cache instead of downloading them a second time.
 * A failure (private mode, an old browser) only means no offline copy.
 */
export const SERVICE_WORKER_URL = '/serviceWorker.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .catch((error: unknown) => console.warn('[service worker]', error));
}
