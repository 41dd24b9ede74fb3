/**
 * The editor's frame loop on top of SceneRenderer: the collage is kept rendered in an offscreen
 * backing surface at the current zoom; a frame redraws in it only the layers whose signature
 * changed (clipped to their old and new bounds), then blits it to the screen at the pan offset
 * and draws the overlays on top. A drag inside one slot redraws that slot and its neighbours'
 * overlapping parts; a pan redraws nothing. Zoom or a new layout redraws the backing in full.
 */
import type { Canvas, CanvasKit, Image, Paint } from 'canvaskit-wasm';
import type { OwnedSurface } from './canvaskit';
import type { Rect } from '../model/layout/types';
import type { ImageSource } from './cache';
import { WHITE, type Rgba } from './color';
import { backingKey, backingSize, contains, mergeRects, sheetCore, snapOut } from './backing';
import { drawOverlays } from './overlays';
import { ckColor, saved } from './paint';
import type { LayerDrawing } from './layerDrawings';
import type { SceneRenderer } from './sceneRenderer';
import { isPrint, type Scene, type Viewport } from './scene';

/** Beyond this many pixels the backing is not kept: each frame draws the visible part straight. */
const MAX_BACKING_PIXELS = 4096 * 4096;
/** prepare()'s band height: each band replays every layer picture that meets it, so not a few rows. */
const PREPARED_BAND_ROWS = 128;

export interface FrameReport {
  /** 'full': the backing was redrawn; 'partial': only dirty rects; 'blit': nothing changed; 'direct': no backing. */
  kind: 'full' | 'partial' | 'blit' | 'direct';
  dirty: Rect[];
}

interface LayerState {
  signature: string;
  bounds: Rect | null;
}

export class EditorCompositor {
  private backing: OwnedSurface | null = null;
  private snapshot: Image | null = null;
  private key = '';
  private states: LayerState[] = [];
  private redrawAllNext = false;
  /** A paint that copies instead of blending; kept for the compositor's life, deleted by dispose(). */
  private copy: Paint | null = null;
  /** While prepare() draws a backing band by band: the rows done so far. */
  private preparedRows: number | undefined;
  /** Whether prepare() has recorded every layer's picture of the backing it prepares. */
  private picturesRecorded = false;

  /**
   * @param makeSurface makes the backing: CanvasSurface.makeOffscreen (a GPU surface for WebGL,
   *   a premultiplied raster surface for software).
   */
  constructor(
    private readonly ck: CanvasKit,
    private readonly renderer: SceneRenderer,
    private readonly makeSurface: (width: number, height: number) => OwnedSurface,
  ) {}

  frame(
    target: Canvas,
    scene: Scene,
    viewport: Viewport,
    images: ImageSource,
    clearColor: Rgba = WHITE,
  ): FrameReport {
    const ck = this.ck;
    const { pxPerCm } = viewport;
    const { width, height } = backingSize(scene, pxPerCm);
    const offsetX = Math.round(viewport.offsetX);
    const offsetY = Math.round(viewport.offsetY);
    let report: FrameReport;
    if (width * height > MAX_BACKING_PIXELS) {
      target.clear(ckColor(ck, clearColor));
      this.release();
      saved(target, () => {
        target.translate(offsetX, offsetY);
        this.renderer.drawCollage(target, scene, pxPerCm, images);
      });
      report = { kind: 'direct', dirty: [] };
    } else {
      const core = sheetCore(scene, pxPerCm);
      report = this.update(scene, pxPerCm, width, height, images, core);
      this.snapshot ??= this.backing!.surface.makeImageSnapshot();
      // The core's pixels are all replaced by the copy below: clear only around it.
      saved(target, () => {
        target.clipRect(
          this.ck.XYWHRect(offsetX + core.x, offsetY + core.y, core.width, core.height),
          this.ck.ClipOp.Difference,
          false,
        );
        target.clear(ckColor(ck, clearColor));
      });
      this.blit(target, this.snapshot, offsetX, offsetY, core);
    }
    if (!isPrint(scene) && scene.overlays) {
      saved(target, () => {
        target.translate(offsetX, offsetY);
        drawOverlays(ck, target, scene.layout, scene.overlays!, pxPerCm);
      });
    }
    return report;
  }

  /**
   * Draws a fresh backing a band of rows at a time, as long as `more()` says yes after each band;
   * true once the backing is complete, and the next frame() then only blits it. For a canvas's
   * first drawing, which the customer sees only once it is whole (the stand-in shows until then):
   * drawn in one go it was one task of 150-460 ms on a phone (4x CPU, bench:phone's trace). A
   * scene that changes between calls starts the backing again; without a backing to keep (a
   * sheet over MAX_BACKING_PIXELS) there is nothing to prepare.
   */
  prepare(scene: Scene, pxPerCm: number, images: ImageSource, more: () => boolean): boolean {
    const { width, height } = backingSize(scene, pxPerCm);
    if (width * height > MAX_BACKING_PIXELS) return true;
    const drawings = this.renderer.layerDrawings(scene, pxPerCm, images);
    const states = drawings.map((d) => ({ signature: d.signature, bounds: d.bounds }));
    const key = backingKey(scene, pxPerCm, width, height, states.length);
    const sameScene =
      key === this.key &&
      states.every((state, index) => state.signature === this.states[index]?.signature);
    if (!this.backing || !sameScene) {
      this.release();
      this.backing = this.makeSurface(width, height);
      this.key = key;
      this.states = states;
      this.preparedRows = 0;
      this.picturesRecorded = false;
    }
    let rows = this.preparedRows;
    if (rows === undefined) return true; // drawn whole by frame() already
    // The layers' pictures first, a layer at a time, in slices of their own.
    if (!this.picturesRecorded) {
      if (!this.renderer.recordPictures(drawings, more)) return false;
      this.picturesRecorded = true;
      if (!more()) return false;
    }
    // A live snapshot would make the surface copy itself at the first write.
    this.snapshot?.delete();
    this.snapshot = null;
    const canvas = this.backing.surface.getCanvas();
    const core = sheetCore(scene, pxPerCm);
    while (rows < height) {
      const band = { x: 0, y: rows, width, height: Math.min(PREPARED_BAND_ROWS, height - rows) };
      this.drawRegion(canvas, band, core, scene, pxPerCm, images, drawings, false);
      rows += band.height;
      this.preparedRows = rows;
      if (rows < height && !more()) return false;
    }
    this.preparedRows = undefined;
    return true;
  }

  /**
   * Puts the backing on the target at the pan offset. Inside the sheet's whole pixels the backing
   * is opaque (the sheet is filled with an opaque colour first, and every layer paints over it),
   * where blending over the cleared target gives the backing's own bytes: that part is copied
   * (Src, a row-by-row copy in Skia) instead of blended pixel by pixel, the same pixels for a
   * quarter of the cost. The sheet's partly covered last column and row are blended as before.
   */
  private blit(target: Canvas, snapshot: Image, x: number, y: number, core: Rect): void {
    const ck = this.ck;
    const coreRect = ck.XYWHRect(x + core.x, y + core.y, core.width, core.height);
    if (core.width > 0 && core.height > 0) {
      saved(target, () => {
        target.clipRect(coreRect, ck.ClipOp.Intersect, false);
        target.drawImage(snapshot, x, y, this.copyPaint());
      });
    }
    if (core.width >= snapshot.width() && core.height >= snapshot.height()) return;
    saved(target, () => {
      target.clipRect(coreRect, ck.ClipOp.Difference, false);
      target.drawImage(snapshot, x, y);
    });
  }

  private copyPaint(): Paint {
    if (!this.copy) {
      this.copy = new this.ck.Paint();
      this.copy.setBlendMode(this.ck.BlendMode.Src);
    }
    return this.copy;
  }

  /** The next frame redraws every pixel of the backing (from the renderer's caches), keeping its surface. */
  redrawAll(): void {
    this.redrawAllNext = true;
  }

  dispose(): void {
    this.release();
    this.copy?.delete();
    this.copy = null;
  }

  /** Redraws the backing where layers changed; `core`: the sheet's whole pixels, opaque after a redraw. */
  private update(
    scene: Scene,
    pxPerCm: number,
    width: number,
    height: number,
    images: ImageSource,
    core: Rect,
  ): FrameReport {
    const drawings = this.renderer.layerDrawings(scene, pxPerCm, images);
    const states = drawings.map((d) => ({ signature: d.signature, bounds: d.bounds }));
    const key = backingKey(scene, pxPerCm, width, height, states.length);
    const fresh = !this.backing || key !== this.key;
    const full = fresh || this.redrawAllNext || this.preparedRows !== undefined;
    this.redrawAllNext = false;
    this.preparedRows = undefined;
    const dirty = full ? [{ x: 0, y: 0, width, height }] : this.dirtyRects(states);
    if (fresh) {
      this.release();
      this.backing = this.makeSurface(width, height);
      this.key = key;
    }
    this.states = states;
    if (dirty.length === 0) return { kind: 'blit', dirty };
    // Give the old snapshot back before writing: a live snapshot makes the surface copy itself.
    this.snapshot?.delete();
    this.snapshot = null;
    const canvas = this.backing!.surface.getCanvas();
    for (const rect of dirty)
      this.drawRegion(canvas, rect, core, scene, pxPerCm, images, drawings, true);
    return { kind: full ? 'full' : 'partial', dirty };
  }

  /** Redraws one rect of the backing from the layers that meet it; `sprites`: see drawCollage. */
  private drawRegion(
    canvas: Canvas,
    rect: Rect,
    core: Rect,
    scene: Scene,
    pxPerCm: number,
    images: ImageSource,
    drawings: LayerDrawing[],
    sprites: boolean,
  ): void {
    saved(canvas, () => {
      canvas.clipRect(
        this.ck.XYWHRect(rect.x, rect.y, rect.width, rect.height),
        this.ck.ClipOp.Intersect,
        false,
      );
      // Inside the sheet's whole pixels the opaque sheet fill replaces every pixel anyway.
      if (!contains(core, rect)) canvas.clear(this.ck.TRANSPARENT);
      this.renderer.drawCollage(canvas, scene, pxPerCm, images, rect, drawings, sprites);
    });
  }

  /** Old and new bounds of every changed layer, snapped out to whole pixels and merged where they meet. */
  private dirtyRects(states: LayerState[]): Rect[] {
    const rects: Rect[] = [];
    states.forEach((state, index) => {
      const old = this.states[index];
      if (old && old.signature === state.signature) return;
      for (const bounds of [old?.bounds, state.bounds]) if (bounds) rects.push(snapOut(bounds));
    });
    return mergeRects(rects);
  }

  private release(): void {
    this.snapshot?.delete();
    this.snapshot = null;
    this.backing?.delete();
    this.backing = null;
    this.key = '';
    this.states = [];
    this.preparedRows = undefined;
  }
}
