/**
 * What draws the editor canvas, outside React: one CanvasKit surface on a canvas element of its
 * host, the compositor (only changed layers are redrawn, a pan is a blit), the images, and a frame
 * loop that draws the latest scene once per animation frame. A new box size or device pixel ratio
 * gets a fresh canvas element (a WebGL context cannot be resized into a new surface cleanly).
 */
import { EditorCompositor } from '../../render/compositor';
import { makeCanvasSurface, type CanvasSurface, type SurfaceKind } from '../../render/canvaskit';
import type { BrowserRenderer } from '../../render/browserRenderer';
import { parseColor } from '../../render/color';
import { SceneRenderer } from '../../render/sceneRenderer';
import { rendererHeld, rendererHoldEnded } from '../../render/rendererHold';
import type { Scene } from '../../render/scene';
import type { SheetPlacement } from '../../stores/editor/viewZoom';
import type { CanvasPixelLoader } from '../../services/canvasPixels';
import { CanvasImages, type CanvasPhoto } from './canvasImages';

/** The time a slice of a canvas's first drawing may take (measured at 4x CPU, a phone's). */
const FIRST_DRAWING_SLICE_MS = 40;

/** The stage colour round the collage; the canvas box has the same background in CSS. */
export const STAGE_COLOR = '#eceae6';

export interface CanvasFrame {
  scene: Scene;
  /** Canvas box in CSS pixels. */
  width: number;
  height: number;
  /** Where the sheet lies in the box, CSS pixels. */
  placement: SheetPlacement;
  photos: ReadonlyMap<string, CanvasPhoto>;
  /** The colour round the collage ('#rrggbb'); the editor's stage colour by default. */
  background?: string;
}

interface Drawing {
  canvas: HTMLCanvasElement;
  surface: CanvasSurface;
  compositor: EditorCompositor;
  width: number;
  height: number;
}

/** Where QA (and the tests of WebGL's own paths) choose the surface: localStorage 'webgl' or 'software'. */
export const SURFACE_CHOICE_KEY = 'fotocollage:canvasSurface';

/** The surface QA chose for this browser, or undefined: the device's preferred one (render/canvaskit.ts). */
function chosenSurface(): SurfaceKind | undefined {
  try {
    const chosen = window.localStorage.getItem(SURFACE_CHOICE_KEY);
    return chosen === 'webgl' || chosen === 'software' ? chosen : undefined;
  } catch {
    return undefined; // storage blocked
  }
}

/** Runs `work` when the page is next idle (within a second), or soon where there is no idle callback. */
function whenQuiet(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

export class CanvasEngine {
  private readonly renderer: SceneRenderer;
  private readonly images: CanvasImages;
  private drawing: Drawing | null = null;
  private latest: CanvasFrame | null = null;
  private frameHandle = 0;
  private frames = 0;
  private disposed = false;
  /** A frame waits for the renderer's hold to end (schedule). */
  private waitingForHold = false;
  /** The first drawing's backing is complete (CanvasEngine.draw, EditorCompositor.prepare). */
  private prepared = false;

  constructor(
    private readonly tools: BrowserRenderer,
    private readonly host: HTMLElement,
    loader: CanvasPixelLoader,
    private readonly onError: (message: string) => void,
    private readonly onFrame: () => void,
    onNeedsMore?: (key: string, longSidePx: number) => void,
  ) {
    this.renderer = new SceneRenderer(tools.ck, tools.fonts, { cachePictures: true });
    this.images = new CanvasImages(tools.ck, loader, () => this.schedule(), onError, onNeedsMore);
  }

  show(frame: CanvasFrame): void {
    this.latest = frame;
    this.schedule();
  }

  /**
   * The canvas leaves the page at once; CanvasKit's deletes (the surface's pixels, the pictures,
   * the images) wait for a quiet moment. Done in the task that unmounts the view, they held back
   * the next screen's first render: 60-75 ms of the editor's first commit when the design screen's
   * preview handed over to it (bench:phone's trace at 2.9x CPU).
   */
  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frameHandle);
    const drawing = this.detach();
    whenQuiet(() => {
      if (drawing) this.free(drawing);
      this.images.dispose();
      this.renderer.dispose();
    });
  }

  private schedule(): void {
    if (this.frameHandle || this.disposed || this.waitingForHold) return;
    // The screen the customer has just asked for renders first (render/rendererHold.ts).
    if (rendererHeld()) {
      this.waitingForHold = true;
      void rendererHoldEnded().then(() => {
        this.waitingForHold = false;
        this.schedule();
      });
      return;
    }
    // The first drawing waits one frame more, so the browser paints what React has just shown (the
    // sheet's stand-in) first: CanvasKit's first drawing (surface, shaders, fonts) is a task of 1.4 s
    // at 4x CPU, and in the same frame it held the editor's first paint back by as much.
    const paintFirst = this.frames === 0 && !this.drawing;
    this.frameHandle = requestAnimationFrame(() => {
      if (paintFirst) this.frameHandle = requestAnimationFrame(() => this.drawFrame());
      else this.drawFrame();
    });
  }

  private drawFrame(): void {
    this.frameHandle = 0;
    if (this.disposed) return;
    try {
      this.draw();
    } catch (error) {
      this.onError(`canvas frame: ${String(error)}`);
    }
  }

  private draw(): void {
    const frame = this.latest;
    if (!frame || frame.width < 1 || frame.height < 1 || frame.placement.width <= 0) return;
    const dpr = Math.max(1, window.devicePixelRatio || 1);
    const drawing = this.drawingFor(
      Math.round(frame.width * dpr),
      Math.round(frame.height * dpr),
      frame,
    );
    const { placement, scene } = frame;
    const pxPerCm = (placement.width / scene.layout.widthCm) * dpr;
    this.images.setPhotos(frame.photos);
    this.images.beginFrame();
    // Until this canvas has shown a frame, its backing is drawn in slices of a task each, and the
    // stand-in (the SVG sheet) shows meanwhile: in one go it was the editor's longest task. The
    // frame itself (the blit, the overlays, the copy to the screen) then comes in a task of its own.
    if (this.frames === 0 && !this.prepared) {
      const sliceEnds = performance.now() + FIRST_DRAWING_SLICE_MS;
      const more = () => performance.now() < sliceEnds;
      this.prepared = drawing.compositor.prepare(scene, pxPerCm, this.images, more);
      this.schedule();
      return;
    }
    drawing.compositor.frame(
      drawing.surface.surface.getCanvas(),
      scene,
      { pxPerCm, offsetX: placement.left * dpr, offsetY: placement.top * dpr },
      this.images,
      parseColor(frame.background ?? STAGE_COLOR) ?? parseColor(STAGE_COLOR)!,
    );
    drawing.surface.present();
    this.frames += 1;
    // For tests and support: what the last frame showed.
    drawing.canvas.dataset.frames = String(this.frames);
    drawing.canvas.dataset.drawnPhotos = String(this.images.drawnPhotos);
    this.onFrame();
  }

  private drawingFor(width: number, height: number, frame: CanvasFrame): Drawing {
    const current = this.drawing;
    if (current && current.width === width && current.height === height) return current;
    this.release();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.className = 'collage-view__canvas';
    canvas.style.width = `${frame.width}px`;
    canvas.style.height = `${frame.height}px`;
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = 'collage-canvas';
    this.host.append(canvas);
    const surface = makeCanvasSurface(this.tools.ck, canvas, chosenSurface());
    canvas.dataset.surface = surface.kind;
    // A phone may take the GPU back (another tab, the app in the background): start again on a new canvas.
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault();
      if (this.drawing?.canvas !== canvas) return;
      this.release();
      this.schedule();
    });
    const compositor = new EditorCompositor(this.tools.ck, this.renderer, (w, h) =>
      surface.makeOffscreen(w, h),
    );
    this.drawing = { canvas, surface, compositor, width, height };
    return this.drawing;
  }

  private release(): void {
    const drawing = this.detach();
    if (drawing) this.free(drawing);
  }

  /** Takes the drawing's canvas off the page; its CanvasKit objects are the caller's to free. */
  private detach(): Drawing | null {
    const drawing = this.drawing;
    if (!drawing) return null;
    this.drawing = null;
    this.prepared = false;
    drawing.canvas.remove();
    return drawing;
  }

  private free(drawing: Drawing): void {
    try {
      drawing.compositor.dispose();
      drawing.surface.delete();
    } catch (error) {
      // A lost WebGL context can refuse the deletes; its memory goes with the context.
      this.onError(`canvas release: ${String(error)}`);
    }
  }
}
