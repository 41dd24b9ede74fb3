/**
 * The page's renderer tools: the default CanvasKit build and the fonts, loaded once. The editor's
 * canvas (src/ui/canvas) awaits it; the design chooser calls it once it has shown, so CanvasKit (2.9 MB
 * gzipped) loads in the background before the customer reaches a screen that draws.
 */
import type { CanvasKit } from 'canvaskit-wasm';
import { loadCanvasKit } from './canvaskit';
import { canvasKitWasmUrl } from './canvaskitUrls';
import { FontLibrary } from './fonts';
import { fetchFonts } from './fontUrls';

export interface BrowserRenderer {
  ck: CanvasKit;
  /** Lives as long as the page: never deleted. */
  fonts: FontLibrary;
}

let loading: Promise<BrowserRenderer> | null = null;
const loadedListeners: Array<(renderer: BrowserRenderer) => void> = [];

export function loadBrowserRenderer(): Promise<BrowserRenderer> {
  loading ??= Promise.all([loadCanvasKit({ wasmUrl: canvasKitWasmUrl('default') }), fetchFonts()]).then(([ck, fonts]) => ({ ck, fonts: new FontLibrary(ck, fonts) }));
  // A failed load (offline, out of memory) must not stick: the next call tries again.
  loading.then(
    (renderer) => loadedListeners.splice(0).forEach((listener) => listener(renderer)),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** Starts loading without waiting; for the design chooser once it has shown. */
export function preloadBrowserRenderer(): void {
  void loadBrowserRenderer().catch(() => undefined);
}

/** Calls `listener` once the renderer has loaded, without starting the load (the text measurer switches then). */
export function whenBrowserRendererLoads(listener: (renderer: BrowserRenderer) => void): void {
  if (loading) void loading.then(listener, () => loadedListeners.push(listener));
  else loadedListeners.push(listener);
}
