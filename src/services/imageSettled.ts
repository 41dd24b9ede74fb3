/**
 * Resolves once the image has loaded or failed, at once if it already has: the drawn chooser's
 * first script (src/chooserStart.ts) and its prefetches (prefetchAfterChooser) wait for the first
 * cards' images this way, whichever way each ends.
 */
export function imageSettled(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}
