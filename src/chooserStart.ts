/**
 * The first script of the chooser the server drew (server/catalog/chooserPage.ts puts it in place
 * of the page's own script and its module preloads, which it names in data-main and data-preload).
 * The drawn page works without script (its filters are links), so the page's script is asked for
 * once the first cards' images have been painted: a phone's line carries those images first, and
 * the script's download, evaluation and hydration come after the largest paint, not before it.
 * Issue 27 item 1: Lighthouse's simulated LCP counted the script's download and evaluation, which
 * the page ran before its first paint (render delay 1.57 s of an LCP of 2.14 s on /keuze).
 */

import { imageSettled } from './services/imageSettled';

/** Waits no longer for the first images (a stalled line) than this, in ms. */
const IMAGES_WAIT_MS = 3000;
/** Nor for a frame (a page opened in a background tab draws none). */
const FRAME_WAIT_MS = 500;

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After the next frame has been drawn (a task queued from the frame's callback runs after its paint). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Asks for the page's modules as its own `<link rel="modulepreload">` tags would have. */
function preloadModules(hrefs: string[]): void {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

async function start(): Promise<void> {
  const own = document.querySelector<HTMLScriptElement>('script[data-main]');
  const main = own?.dataset.main;
  if (!main) return;
  const firstImages = [
    ...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]'),
  ];
  await Promise.race([Promise.all(firstImages.map(imageSettled)), timeout(IMAGES_WAIT_MS)]);
  await Promise.race([afterNextPaint(), timeout(FRAME_WAIT_MS)]);
  preloadModules(own.dataset.preload?.split(' ').filter(Boolean) ?? []);
  await import(/* @vite-ignore */ main);
}

// A failed load leaves the drawn page as it is: its links still work, and the next page tries again.
start().catch((error: unknown) => console.error('[chooser] the page script did not load', error));
