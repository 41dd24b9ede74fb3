/**
 * The page's renderer tools: CanvasKit (the default build) and the fonts, fetched and compiled
 * once. canvaskit.wasm is fetched and compiled by a worker of its own (canvaskitModule.ts:
 * compileStreaming, compiling while it downloads) and the module is kept: the page instantiates
 * it, and the screenshot worker is handed the same module and the same font bytes
 * (rendererParts), so nothing is fetched or compiled twice.
 *
 * The canvases (src/ui/canvas: the design screen's preview and the editor) await
 * loadBrowserRenderer. Once its first cards have shown, the design chooser starts the wasm's
 * compile itself (compileCanvasKit, before this chunk has come) and calls preloadBrowserRenderer,
 * which fetches the fonts and CanvasKit's loader when the page is idle, so a customer who clicks
 * a design finds CanvasKit compiled (issue 13: 10 s from the click to the collage on a slow phone
 * before).
 * Instantiating it, which does run on the main thread, is left to the first canvas.
 */
import type { CanvasKit } from 'canvaskit-wasm';
import { loadCanvasKit } from './canvaskit';
import { CANVASKIT_WASM_URL } from './canvaskitUrls';
import { compileCanvasKit, markStage } from './canvaskitModule';
import { FontLibrary, type LoadedFont } from './fonts';
import { fetchFonts } from './fontUrls';
import { webGlSupport } from './webGlSupport';
import { once } from './once';
import { rendererTurn } from './rendererHold';

export interface BrowserRenderer {
  ck: CanvasKit;
  /** Lives as long as the page: never deleted. */
  fonts: FontLibrary;
}

/** What a worker needs to draw without fetching or compiling: the compiled wasm and the font bytes. */
export interface RendererParts {
  module: WebAssembly.Module;
  fonts: LoadedFont[];
}

/**
 * Fetches and runs CanvasKit's JS loader without starting CanvasKit, so that loadCanvasKit (canvaskit.ts) later
 * finds it: the build's stand-in for canvaskit-wasm (vite.config.ts) exports `preload`; elsewhere
 * (Vite's dev server, Node) the package itself is imported.
 */
export async function preloadCanvasKitLoader(): Promise<void> {
  const module = (await import('canvaskit-wasm')) as unknown as {
    preload?: () => Promise<unknown>;
  };
  await module.preload?.();
}

const fontBytes = once(fetchFonts);

/** The parts for the screenshot worker (workers/screenshotClient.ts posts them to it). */
export async function rendererParts(): Promise<RendererParts> {
  const [module, fonts] = await Promise.all([compileCanvasKit(), fontBytes()]);
  return { module, fonts };
}

const loadedListeners: Array<(renderer: BrowserRenderer) => void> = [];
let loaded: BrowserRenderer | null = null;

export const loadBrowserRenderer = once(async (): Promise<BrowserRenderer> => {
  const { module, fonts } = await rendererParts();
  // A screen the customer has just asked for goes first (rendererHold.ts).
  await rendererTurn();
  const ck = await loadCanvasKit({ module, wasmUrl: CANVASKIT_WASM_URL });
  markStage('canvaskit-instantiated');
  // Each a task of its own rather than one long one with the first drawing (issue 27).
  await rendererTurn();
  const library = await FontLibrary.inTurns(ck, fonts, rendererTurn);
  markStage('canvaskit-ready');
  webGlSupport(); // the probe's WebGL context: 30 ms on a phone
  loaded = { ck, fonts: library };
  for (const listener of loadedListeners.splice(0)) listener(loaded);
  return loaded;
});

/**
 * Fetches and compiles CanvasKit and fetches the fonts when the page is next idle, without waiting:
 * for the design chooser once it has painted, so CanvasKit's 2-3 MB never compete with the
 * chooser's own first paint, and its main-thread start-up stays off the chooser.
 */
export function preloadBrowserRenderer(): void {
  const start = () => {
    void rendererParts().catch(() => undefined);
    // CanvasKit's JS loader too (33 kB): asked for only at 'Ga aan de slag' before, two round trips then
    void preloadCanvasKitLoader().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** Calls `listener` once the renderer has loaded, without starting the load (the text measurer switches then). */
export function whenBrowserRendererLoads(listener: (renderer: BrowserRenderer) => void): void {
  if (loaded) listener(loaded);
  else loadedListeners.push(listener);
}
