/**
 * For the photo benchmark (tests/bench/photoTiles.ts): a clock started by the next change event of
 * a file input and stopped in the animation frame after `count` photos show their image (tile
 * images or thumbnails drawn, or the selected photo's stand-in loaded and decoded) or show the
 * error look; a tile far from the view counts once it is known to be away (it draws when near).
 */
export interface TilesShown {
  ms: number;
  errors: number;
}

export function watchTilesShown(count: number): Promise<TilesShown> {
  return new Promise((resolve) => {
    let chosenAt = 0;
    let done = false;
    const check = async () => {
      if (!chosenAt || done) return;
      const errors = document.querySelectorAll('.photo-tile[data-look="1"]').length;
      const images = Array.from(
        document.querySelectorAll<HTMLImageElement>(
          '.photo-tile[data-look="2"] img, [data-testid="selected-image"]',
        ),
      ).filter((img) => img.complete && img.naturalWidth > 0);
      // A customer's photo draws its thumbnail on a canvas while near the view; one further away
      // draws nothing until scrolled to (it counts as shown once the page knows it is away).
      const canvases = document.querySelectorAll(
        '.photo-tile[data-look="2"] canvas[data-drawn="true"], .photo-tile[data-look="2"] canvas[data-near="false"]',
      ).length;
      if (images.length + canvases + errors < count) return;
      done = true;
      observer.disconnect();
      await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
      requestAnimationFrame(() => resolve({ ms: performance.now() - chosenAt, errors }));
    };
    // Capture on the document: before the picker's own handler starts any work.
    document.addEventListener('change', () => (chosenAt = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => void check());
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    document.addEventListener('load', () => void check(), true);
  });
}
