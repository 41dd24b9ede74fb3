/**
 * Loads CanvasKit and makes surfaces. The default build draws (it has PNG encoding and every
 * decoder); the /full build adds the JPEG encoder and is loaded only where one is needed (the
 * print server, and a screenshot worker that encodes with CanvasKit). Each build loads once per
 * realm: the page, a worker and Node each get their own.
 */
import type { Canvas, CanvasKit, MallocObj, Surface } from 'canvaskit-wasm';

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
    const info = { width, height, colorType: ck.ColorType.RGBA_8888, alphaType: ck.AlphaType.Premul, colorSpace: ck.ColorSpace.SRGB };
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
 * (tests, benchmarks) ask for 'software'.
 *
 * The software surface draws into a premultiplied raster surface and presents it with one
 * putImageData. ImageData is unpremultiplied, which is the same bytes for opaque pixels: every
 * frame starts with an opaque clear, so frames are opaque.
 */
export function makeCanvasSurface(ck: CanvasKit, canvas: DrawTarget, prefer: SurfaceKind = 'webgl'): CanvasSurface {
  if (prefer === 'webgl' && hasWebGl()) {
    try {
      const surface = ck.MakeWebGLCanvasSurface(canvas);
      if (surface) {
        return {
          kind: 'webgl',
          surface,
          present: () => surface.flush(),
          makeOffscreen(width, height) {
            const offscreen = surface.makeSurface({ width, height, colorType: ck.ColorType.RGBA_8888, alphaType: ck.AlphaType.Premul, colorSpace: ck.ColorSpace.SRGB });
            if (!offscreen) throw new Error(`CanvasKit: cannot make a ${width}x${height} GPU surface`);
            return { surface: offscreen, delete: () => offscreen.delete() };
          },
          delete: () => surface.delete(),
        };
      }
    } catch {
      // A lost or blocked context throws: fall through to software on the same canvas.
    }
  }
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('CanvasKit: no 2D context for the software surface (the canvas may already hold a WebGL context)');
  const raster = makeRasterSurface(ck, canvas.width, canvas.height);
  return {
    kind: 'software',
    surface: raster.surface,
    present() {
      raster.surface.flush();
      context.putImageData(new ImageData(raster.pixelView() as Uint8ClampedArray<ArrayBuffer>, raster.width, raster.height), 0, 0);
    },
    makeOffscreen(width, height) {
      const offscreen = makeRasterSurface(ck, width, height);
      return { surface: offscreen.surface, delete: () => offscreen.delete() };
    },
    delete: () => raster.delete(),
  };
}
