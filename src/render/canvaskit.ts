/**
 * Loads CanvasKit and makes surfaces. The default build draws (it has PNG encoding and every
 * decoder); the /full build adds the JPEG encoder and is loaded only where one is needed (the
 * print server, and a screenshot worker that encodes with CanvasKit). Each build loads once per
 * realm: the page, a worker and Node each get their own.
 */
import type { CanvasKit, Surface } from 'canvaskit-wasm';

export type CanvasKitBuild = 'default' | 'full';

export interface CanvasKitLoadOptions {
  build?: CanvasKitBuild;
  /**
   * Where canvaskit.wasm is: the page and workers pass the URL Vite gives the file
   * (see canvaskitUrls.ts); Node finds it next to canvaskit.js by itself.
   */
  wasmUrl?: string;
}

const loads = new Map<CanvasKitBuild, Promise<CanvasKit>>();

export function loadCanvasKit(options: CanvasKitLoadOptions = {}): Promise<CanvasKit> {
  const build = options.build ?? 'default';
  let load = loads.get(build);
  if (!load) {
    load = importInit(build).then((init) => init(options.wasmUrl ? { locateFile: () => options.wasmUrl! } : undefined));
    // A failed load (network, out of memory) must not stick: the next call tries again.
    load.catch(() => loads.delete(build));
    loads.set(build, load);
  }
  return load;
}

type Init = (options?: { locateFile(file: string): string }) => Promise<CanvasKit>;

async function importInit(build: CanvasKitBuild): Promise<Init> {
  const module = build === 'full' ? await import('canvaskit-wasm/full') : await import('canvaskit-wasm');
  return (module as unknown as { default: Init }).default;
}

export type SurfaceKind = 'webgl' | 'software';

export interface CanvasSurface {
  surface: Surface;
  kind: SurfaceKind;
}

type DrawTarget = HTMLCanvasElement | OffscreenCanvas;

/**
 * Whether a WebGL context can be made at all, asked on a scratch canvas: asking the real canvas
 * would claim it for WebGL, and a canvas that has a WebGL context can never get a 2D one for the
 * software surface.
 */
export function hasWebGl(): boolean {
  try {
    const scratch: DrawTarget | null =
      typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : typeof document !== 'undefined' ? document.createElement('canvas') : null;
    if (!scratch) return false;
    return (scratch.getContext('webgl2') ?? scratch.getContext('webgl')) !== null;
  } catch {
    return false;
  }
}

/**
 * A surface on a page or offscreen canvas: WebGL where the device has it, else software. In
 * headless Chromium without a GPU, WebGL is emulated and slower than software; callers there
 * (tests, benchmarks, the screenshot worker) ask for 'software'.
 */
export function makeCanvasSurface(ck: CanvasKit, canvas: DrawTarget, prefer: SurfaceKind = 'webgl'): CanvasSurface {
  if (prefer === 'webgl' && hasWebGl()) {
    try {
      const surface = ck.MakeWebGLCanvasSurface(canvas);
      if (surface) return { surface, kind: 'webgl' };
    } catch {
      // A lost or blocked context throws: the software surface below still works on this canvas
      // when no context was created; otherwise the caller gets the error from MakeSWCanvasSurface.
    }
  }
  const surface = ck.MakeSWCanvasSurface(canvas);
  if (!surface) throw new Error('CanvasKit: no surface for this canvas (it may already hold a WebGL context)');
  return { surface, kind: 'software' };
}

/** An offscreen software surface: the worker's screenshot and the print master in Node. */
export function makeRasterSurface(ck: CanvasKit, width: number, height: number): Surface {
  const surface = ck.MakeSurface(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  if (!surface) throw new Error(`CanvasKit: cannot allocate a ${width}x${height} surface`);
  return surface;
}
