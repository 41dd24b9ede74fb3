/**
 * SceneRenderer: draws a scene at any pixels-per-cm. One function of (scene, viewport, images):
 * the editor, the screenshot worker and the print server all call draw().
 *
 * Every layer is turned into a "drawing" (layerDrawings.ts): a signature (everything that changes
 * its pixels), its bounds in collage pixels and a draw function. With picture caching on (the
 * editor), a layer is recorded once per signature and replayed after, and photo slots and artwork,
 * the costly layers, become sprites (sprites.ts: their finished pixels, blitted) once they are
 * drawn unchanged a second time on a pixel-aligned canvas; the compositor compares signatures to
 * find what a frame must redraw. Without it (print, screenshot) layers are drawn straight.
 */
import type { Canvas, CanvasKit, SkPicture } from 'canvaskit-wasm';
import type { Rect } from '../model/layout/types';
import { BlurredRects } from './border';
import type { ImageSource } from './cache';
import { colorOr, WHITE } from './color';
import type { FontLibrary } from './fonts';
import { intersects } from './geometry';
import { layerDrawings, type DrawingTools, type LayerDrawing } from './layerDrawings';
import { LayerPictures } from './layerPictures';
import { drawOverlays } from './overlays';
import { saved, withPaint } from './paint';
import type { Sampling } from './photo';
import { isPrint, sceneBackground, type Scene, type Viewport } from './scene';
import { isPixelAligned, LayerSprites } from './sprites';
import { TextPainter } from './text';

export interface SceneRendererOptions {
  /** 'high' (cubic) for print, 'fast' (bilinear from the right level of detail) for the screen. */
  sampling?: Sampling;
  /**
   * Record one picture per layer and version and replay it, and keep photo slots and artwork as
   * sprites at the shown pixels (the editor).
   */
  cachePictures?: boolean;
}

export class SceneRenderer {
  readonly text: TextPainter;
  private readonly blurs: BlurredRects;
  private readonly pictures = new LayerPictures();
  private readonly sprites: LayerSprites;
  private readonly tools: DrawingTools;
  private readonly cachePictures: boolean;

  constructor(
    private readonly ck: CanvasKit,
    fonts: FontLibrary,
    options: SceneRendererOptions = {},
  ) {
    this.text = new TextPainter(ck, fonts);
    this.blurs = new BlurredRects(ck);
    this.tools = { ck, text: this.text, blurs: this.blurs, sampling: options.sampling ?? 'fast' };
    this.cachePictures = options.cachePictures ?? false;
    this.sprites = new LayerSprites(ck);
  }

  /** The whole frame: the collage placed by the viewport, then the editor's overlays. */
  draw(canvas: Canvas, scene: Scene, viewport: Viewport, images: ImageSource): void {
    saved(canvas, () => {
      canvas.translate(viewport.offsetX, viewport.offsetY);
      this.drawCollage(canvas, scene, viewport.pxPerCm, images);
      if (!isPrint(scene) && scene.overlays)
        drawOverlays(this.ck, canvas, scene.layout, scene.overlays, viewport.pxPerCm);
    });
  }

  /**
   * The collage in collage pixels (origin at its top-left): the sheet in the background colour,
   * then every layer, clipped to the sheet. With `region`, only layers that meet it are drawn
   * (the caller clips to it). `drawings`: this scene's layerDrawings when the caller has them
   * already (the compositor: one set of signatures a frame, however many rects it redraws).
   * `sprites: false` leaves the sprites alone (the compositor's first drawing in bands, where a
   * layer's second band would otherwise rasterise the whole layer into its sprite).
   */
  drawCollage(
    canvas: Canvas,
    scene: Scene,
    pxPerCm: number,
    images: ImageSource,
    region?: Rect,
    drawings = this.layerDrawings(scene, pxPerCm, images),
    sprites = true,
  ): void {
    const ck = this.ck;
    const sheet = ck.XYWHRect(
      0,
      0,
      scene.layout.widthCm * pxPerCm,
      scene.layout.heightCm * pxPerCm,
    );
    const spritesFit = sprites && this.cachePictures && isPixelAligned(canvas);
    // The sheet is filled opaque below, so a sprite's opaque core may be copied onto it: only when
    // the sheet's edges fall on whole pixels. A fractional edge makes the sheet's clip anti-aliased,
    // and under such a clip Skia blends a sprite's rim one level apart when the core is cut out
    // (tests/render/sprites.test.ts has the even case; the uneven one keeps blending everything).
    const sheetWidth = scene.layout.widthCm * pxPerCm;
    const sheetHeight = scene.layout.heightCm * pxPerCm;
    const copyArea =
      Number.isInteger(sheetWidth) && Number.isInteger(sheetHeight)
        ? { x: 0, y: 0, width: sheetWidth, height: sheetHeight }
        : undefined;
    saved(canvas, () => {
      // The print's master is the sheet rounded to whole pixels: its clip is not antialiased. An
      // antialiased clip with a fractional edge made Skia round slanted edges 1/255 apart in a
      // print band that does not start at the sheet's top (server/print/printTiles.test.ts).
      canvas.clipRect(sheet, ck.ClipOp.Intersect, !isPrint(scene));
      withPaint(ck, { color: colorOr(sceneBackground(scene), WHITE) }, (paint) =>
        canvas.drawRect(sheet, paint),
      );
      drawings.forEach((drawing, index) => {
        const bounds = drawing.bounds;
        if (!bounds || (region && !intersects(bounds, region))) return;
        if (!this.cachePictures) return drawing.draw(canvas);
        const picture = this.pictures.get(index, drawing.signature, () => this.record(drawing));
        const blitted =
          spritesFit &&
          drawing.sprite === true &&
          this.sprites.draw(canvas, index, drawing.signature, bounds, picture, copyArea);
        if (!blitted) canvas.drawPicture(picture);
      });
    });
    if (this.cachePictures) {
      this.pictures.trim(scene.layout.layers.length);
      this.sprites.trim(scene.layout.layers.length);
    }
  }

  /**
   * Records the pictures this scene's layers have none of yet, one layer after the other while
   * `more()` says yes after each; true once every layer has its picture. The compositor's first
   * drawing records them this way before its bands, so that the first band is not also every
   * layer's recording. Without picture caching there is nothing to record.
   */
  recordPictures(drawings: LayerDrawing[], more: () => boolean): boolean {
    if (!this.cachePictures) return true;
    let recorded = false;
    for (const [index, drawing] of drawings.entries()) {
      if (!drawing.bounds || this.pictures.signature(index) === drawing.signature) continue;
      if (recorded && !more()) return false;
      this.pictures.get(index, drawing.signature, () => this.record(drawing));
      recorded = true;
    }
    return true;
  }

  /** One drawing per layer, in layer order (layerDrawings.ts). */
  layerDrawings(scene: Scene, pxPerCm: number, images: ImageSource): LayerDrawing[] {
    return layerDrawings(this.tools, scene, pxPerCm, images);
  }

  /** Pixel memory held by sprites (tests, support). */
  get spriteBytes(): number {
    return this.sprites.byteSize;
  }

  dispose(): void {
    this.pictures.dispose();
    this.sprites.dispose();
    this.blurs.dispose();
  }

  private record(drawing: LayerDrawing): SkPicture {
    const recorder = new this.ck.PictureRecorder();
    try {
      const b = drawing.bounds!;
      const canvas = recorder.beginRecording(this.ck.XYWHRect(b.x, b.y, b.width, b.height), false);
      drawing.draw(canvas);
      return recorder.finishRecordingAsPicture();
    } finally {
      recorder.delete();
    }
  }
}
