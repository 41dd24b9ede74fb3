/**
 * Loads CanvasKit and makes surfaces. The page, the screenshot worker and the tests use one build,
 * the default one (it draws, has PNG encoding and every decoder): issue 13 found a second, full
 * build (8 MB more wasm) in the page's bundle. The /full build, which adds the JPEG encoder, is
 * Node's alone (the print master, server/print/assets.ts) and is loaded there, not here.
 */
import type { Canvas, CanvasKit, MallocObj, Surface } from 'canvaskit-wasm';
import { loseContext, webGlSupport, type DrawTarget } from './webGlSupport';

export interface CanvasKitLoadOptions {
  /**
   * Where canvaskit.wasm is: the page and workers pass the URL Vite gives the file
   * (see canvaskitUrls.ts); Node finds it next to canvaskit.js by itself.
   */
  wasmUrl?: string;
  /**
   * canvaskit.wasm compiled already: the page compiles it once (compileCanvasKit in
   * browserRenderer.ts) and hands the module to the screenshot worker, which then compiles nothing.
   */
  module?: WebAssembly.Module;
}

/** CanvasKitInit of a build: canvaskit-wasm's default export. */
export type CanvasKitInit = (options?: { locateFile(file: string): string }) => Promise<CanvasKit>;

let load: Promise<CanvasKit> | null = null;

/** The default build, once per realm (the page, each worker, Node). */
export function loadCanvasKit(options: CanvasKitLoadOptions = {}): Promise<CanvasKit> {
  if (!load) {
    const loading = import('canvaskit-wasm').then((module) =>
      initCanvasKit((module as unknown as { default: CanvasKitInit }).default, options),
    );
    // A failed load (network, out of memory) must not stick: the next call tries again.
    loading.catch(() => {
      if (load === loading) load = null;
    });
    load = loading;
  }
  return load;
}

/** Runs a build's init with the wasm's URL, or with a compiled module instead of fetching it. */
export function initCanvasKit(
  init: CanvasKitInit,
  options: CanvasKitLoadOptions = {},
): Promise<CanvasKit> {
  const locate = options.wasmUrl ? { locateFile: () => options.wasmUrl! } : undefined;
  if (!options.module) return init(locate);
  return withCompiledModule(options.module, () => init(locate));
}

/**
 * CanvasKit 0.42's loader has no instantiateWasm hook: it always calls
 * WebAssembly.instantiateStreaming(fetch(url), imports). To use a module compiled already, both
 * calls are answered for the time of the init: the fetch of the .wasm with an empty response (no
 * second download, not even from the cache), and instantiateStreaming with an instance of the
 * module, so nothing is compiled a second time. Both patches are taken back at the first
 * instantiateStreaming call, and in any case once the init has settled.
 */
async function withCompiledModule(
  module: WebAssembly.Module,
  init: () => Promise<CanvasKit>,
): Promise<CanvasKit> {
  const originalInstantiate = WebAssembly.instantiateStreaming;
  const originalFetch = globalThis.fetch;
  const restore = () => {
    if (WebAssembly.instantiateStreaming !== originalInstantiate)
      WebAssembly.instantiateStreaming = originalInstantiate;
    if (globalThis.fetch !== originalFetch) globalThis.fetch = originalFetch;
  };
  globalThis.fetch = (input: RequestInfo | URL, options?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return /\.wasm(\?|$)/.test(url)
      ? Promise.resolve(new Response(null))
      : originalFetch(input, options);
  };
  WebAssembly.instantiateStreaming = async (
    source: Response | PromiseLike<Response>,
    imports?: WebAssembly.Imports,
  ) => {
    restore();
    void Promise.resolve(source).catch(() => undefined);
    const instance = await WebAssembly.instantiate(module, imports);
    compiledModuleUses += 1;
    return { module, instance };
  };
  try {
    return await init();
  } finally {
    restore();
  }
}

let compiledModuleUses = 0;

/** How many inits in this realm used a handed-over module instead of compiling (tests read it). */
export function compiledModuleUseCount(): number {
  return compiledModuleUses;
}

export type SurfaceKind = 'webgl' | 'software';

/**
 * A premultiplied RGBA raster surface with the pixel memory it draws into; delete() frees both.
 *
 * Why not ck.MakeSurface: that one is unpremultiplied (made for ImageData), and CanvasKit's
 * raster pipeline then converts every pixel of every image draw to premultiplied and back: a
 * 1000x800 blit costs about 110 ms instead of 2 ms (measured in Node and Chromium). Its delete()
 * also leaves the pixel memory allocated (only its dispose() frees it).
 */
export class RasterSurface {
  readonly surface: Surface;
  private readonly pixels: MallocObj;
  private deleted = false;

  constructor(
    private readonly ck: CanvasKit,
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = ck.Malloc(Uint8Array, Math.max(1, width * height * 4));
    const info = {
      width,
      height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Premul,
      colorSpace: ck.ColorSpace.SRGB,
    };
    const surface = ck.MakeRasterDirectSurface(info, this.pixels, width * 4);
    if (!surface) {
      ck.Free(this.pixels);
      throw new Error(`CanvasKit: cannot allocate a ${width}x${height} surface`);
    }
    this.surface = surface;
  }

  getCanvas(): Canvas {
    return this.surface.getCanvas();
  }

  /**
   * The pixels as premultiplied RGBA, a view on CanvasKit's memory (no copy). Valid until the next
   * CanvasKit call that may grow its memory: use it at once.
   */
  pixelView(): Uint8ClampedArray {
    const bytes = this.pixels.toTypedArray() as Uint8Array;
    return new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, this.width * this.height * 4);
  }

  delete(): void {
    if (this.deleted) return;
    this.deleted = true;
    this.surface.delete();
    this.ck.Free(this.pixels);
  }
}

/** An offscreen software surface: backings, the worker's screenshot, the print master in Node. */
export function makeRasterSurface(ck: CanvasKit, width: number, height: number): RasterSurface {
  return new RasterSurface(ck, Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
}

/** A surface that shows on a page or offscreen canvas. */
export interface CanvasSurface {
  kind: SurfaceKind;
  surface: Surface;
  /** Puts the frame on the canvas (WebGL: flush; software: one putImageData). */
  present(): void;
  /** A surface for offscreen work that draws fast into this one (a backing). */
  makeOffscreen(width: number, height: number): OwnedSurface;
  delete(): void;
}

/** A surface and whatever memory it needs, released together. */
export interface OwnedSurface {
  surface: Surface;
  delete(): void;
}

/**
 * A WebGL surface whose context dies with it. CanvasKit's MakeWebGLCanvasSurface keeps its GL
 * context and GrDirectContext registered for ever, so every photo editor opening used to leave one
 * behind ('too many active WebGL contexts'); here the surface, the GrDirectContext, CanvasKit's
 * handle and the browser's context are all released on delete().
 */
function makeWebGlSurface(
  ck: CanvasKit,
  canvas: DrawTarget,
): { surface: Surface; release(): void } | null {
  const handle = ck.GetWebGLContext(canvas);
  if (!handle || handle < 0) return null;
  const gl = (canvas.getContext('webgl2') ??
    canvas.getContext('webgl')) as WebGLRenderingContext | null;
  const gr = ck.MakeWebGLContext(handle);
  const surface = gr
    ? ck.MakeOnScreenGLSurface(gr, canvas.width, canvas.height, ck.ColorSpace.SRGB)
    : null;
  const releaseContext = () => {
    if (gr) {
      gr.releaseResourcesAndAbandonContext();
      gr.delete();
    }
    ck.deleteContext(handle);
    loseContext(gl);
  };
  if (!surface) {
    releaseContext();
    return null;
  }
  let released = false;
  return {
    surface,
    release() {
      if (released) return;
      released = true;
      surface.delete();
      releaseContext();
    },
  };
}

/**
 * The surface a canvas on this device draws fastest on: WebGL on a GPU; software where WebGL is
 * missing or only emulated on the CPU (webGlSupport.ts says why and what was measured).
 */
export function preferredSurface(): SurfaceKind {
  return webGlSupport() === 'gpu' ? 'webgl' : 'software';
}

/**
 * A surface on a page or offscreen canvas: by default the preferred one; 'webgl' is honoured
 * wherever WebGL exists at all, emulated or not (QA and the tests of WebGL's own paths ask for it).
 *
 * The software surface draws into a premultiplied raster surface and presents it with one
 * putImageData. ImageData is unpremultiplied, which is the same bytes for opaque pixels: every
 * frame starts with an opaque clear, so frames are opaque.
 */
export function makeCanvasSurface(
  ck: CanvasKit,
  canvas: DrawTarget,
  prefer: SurfaceKind = preferredSurface(),
): CanvasSurface {
  if (prefer === 'webgl' && webGlSupport() !== 'none') {
    try {
      const made = makeWebGlSurface(ck, canvas);
      if (made) {
        const { surface } = made;
        return {
          kind: 'webgl',
          surface,
          present: () => surface.flush(),
          makeOffscreen(width, height) {
            const offscreen = surface.makeSurface({
              width,
              height,
              colorType: ck.ColorType.RGBA_8888,
              alphaType: ck.AlphaType.Premul,
              colorSpace: ck.ColorSpace.SRGB,
            });
            if (!offscreen)
              throw new Error(`CanvasKit: cannot make a ${width}x${height} GPU surface`);
            return { surface: offscreen, delete: () => offscreen.delete() };
          },
          delete: () => made.release(),
        };
      }
    } catch {
      // A lost or blocked context throws: fall through to software on the same canvas.
    }
  }
  const context = canvas.getContext('2d') as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context)
    throw new Error(
      'CanvasKit: no 2D context for the software surface (the canvas may already hold a WebGL context)',
    );
  const raster = makeRasterSurface(ck, canvas.width, canvas.height);
  return {
    kind: 'software',
    surface: raster.surface,
    present() {
      raster.surface.flush();
      context.putImageData(
        new ImageData(
          raster.pixelView() as Uint8ClampedArray<ArrayBuffer>,
          raster.width,
          raster.height,
        ),
        0,
        0,
      );
    },
    makeOffscreen(width, height) {
      const offscreen = makeRasterSurface(ck, width, height);
      return { surface: offscreen.surface, delete: () => offscreen.delete() };
    },
    delete: () => raster.delete(),
  };
}
