/**
 * What each layer of a scene draws: its drawing, a signature of everything that changes its
 * pixels, its bounds and a draw function. Its own file: sceneRenderer.ts records, caches and
 * composes the drawings; this is what they are.
 */
import type { Canvas, CanvasKit } from 'canvaskit-wasm';
import type { ClipLayer, Layer, PhotoSlotLayer, Rect, TextSlotLayer } from '../model/layout/types';
import { textBoxOf } from '../model/layout/slotEdits';
import { shortenPlaceholder } from '../model/text/placeholder';
import { borderReachCm, type BlurredRects } from './border';
import type { ImageSource } from './cache';
import { turnedBounds } from './geometry';
import { objectId } from './layerPictures';
import { drawBox, drawFrame, drawOverlay, drawShape, pxRect } from './layers';
import { saved } from './paint';
import { drawPhotoSlot, photoImage, type PhotoDrawContext, type Sampling } from './photo';
import { isPrint, sceneBackground, type Scene, type SceneText } from './scene';
import type { TextPainter } from './text';

export interface LayerDrawing {
  signature: string;
  /** Where the layer may paint, in collage pixels (null: nothing). */
  bounds: Rect | null;
  draw(canvas: Canvas): void;
  /** Worth keeping as a sprite (sampled photos, blurred borders, tilted artwork). */
  sprite?: boolean;
}

const NOTHING: LayerDrawing = { signature: 'nothing', bounds: null, draw: () => undefined };

/** What the drawings draw with: the renderer's CanvasKit, text painter, blurred borders and sampling. */
export interface DrawingTools {
  ck: CanvasKit;
  text: TextPainter;
  blurs: BlurredRects;
  sampling: Sampling;
}

/** One drawing per layer, in layer order. */
export function layerDrawings(
  tools: DrawingTools,
  scene: Scene,
  pxPerCm: number,
  images: ImageSource,
): LayerDrawing[] {
  const clips = new Map<string, ClipLayer>();
  for (const layer of scene.layout.layers) if (layer.kind === 'clip') clips.set(layer.name, layer);
  const common = `${pxPerCm}|${scene.purpose ?? 'editor'}|${tools.sampling}`;
  return scene.layout.layers.map((layer) =>
    layerDrawing(tools, scene, layer, pxPerCm, images, clips, common),
  );
}

function layerDrawing(
  tools: DrawingTools,
  scene: Scene,
  layer: Layer,
  pxPerCm: number,
  images: ImageSource,
  clips: Map<string, ClipLayer>,
  common: string,
): LayerDrawing {
  const ck = tools.ck;
  const box = pxRect(layer, pxPerCm);
  switch (layer.kind) {
    case 'photo':
      return photoDrawing(tools, scene, layer, pxPerCm, images, clips, common);
    case 'text':
      return textDrawing(tools, scene, layer, pxPerCm, common);
    case 'shape': {
      const fill = layer.role === 'background' ? sceneBackground(scene) : layer.fill;
      return {
        signature: JSON.stringify([common, layer, fill]),
        bounds: box,
        draw: (canvas) => drawShape(ck, canvas, layer, pxPerCm, fill),
      };
    }
    case 'overlay': {
      const image = images.artwork(layer.url);
      return {
        signature: JSON.stringify([common, layer, objectId(image)]),
        bounds: turnedBounds(box, layer.rotation),
        draw: (canvas) => drawOverlay(ck, canvas, layer, pxPerCm, images),
        sprite: true,
      };
    }
    case 'frame':
      // In print the material margin carries the design round the edge: no frame there.
      if (isPrint(scene)) return NOTHING;
      return {
        signature: JSON.stringify([common, layer]),
        bounds: box,
        draw: (canvas) => drawFrame(ck, canvas, layer, pxPerCm),
      };
    case 'box':
      return {
        signature: JSON.stringify([common, layer]),
        bounds: box,
        draw: (canvas) => drawBox(ck, canvas, layer, pxPerCm),
      };
    default:
      return NOTHING;
  }
}

function photoDrawing(
  tools: DrawingTools,
  scene: Scene,
  layer: PhotoSlotLayer,
  pxPerCm: number,
  images: ImageSource,
  clips: Map<string, ClipLayer>,
  common: string,
): LayerDrawing {
  const photo = scene.photos[layer.slot];
  const clip = layer.clip !== undefined ? clips.get(layer.clip) : undefined;
  const own = { x: 0, y: 0, width: layer.width * pxPerCm, height: layer.height * pxPerCm };
  const image = photo ? photoImage(images, own, photo) : null;
  const mask = clip?.shape === 'image' && clip.url ? images.artwork(clip.url) : null;
  const flat = scene.layout.isFlat;
  const reach = layer.border && !flat ? borderReachCm(layer.border) * pxPerCm : 0;
  const ctx = (canvas: Canvas): PhotoDrawContext => ({
    ck: tools.ck,
    canvas,
    pxPerCm,
    images,
    text: tools.text,
    blurs: tools.blurs,
    flat,
    sampling: tools.sampling,
    emptySlot: isPrint(scene) ? 'plain' : 'placeholder',
  });
  return {
    signature: JSON.stringify([
      common,
      layer,
      photo ?? null,
      clip ?? null,
      objectId(image),
      objectId(mask),
      flat,
    ]),
    bounds: turnedBounds(pxRect(layer, pxPerCm), layer.rotation, reach + 1),
    draw: (canvas) =>
      inSlotFrame(canvas, layer, pxPerCm, () =>
        drawPhotoSlot(ctx(canvas), layer, photo, clip, image),
      ),
    sprite: true,
  };
}

function textDrawing(
  tools: DrawingTools,
  scene: Scene,
  layer: TextSlotLayer,
  pxPerCm: number,
  common: string,
): LayerDrawing {
  const own = scene.texts[layer.slot];
  const given =
    own ??
    (!isPrint(scene) && layer.placeholder
      ? { text: layer.placeholder, style: layer.style, placeholder: true }
      : null);
  const content = given?.placeholder ? fittedPlaceholder(tools, scene, layer, given) : given;
  if (!content || content.text.trim() === '')
    return { ...NOTHING, signature: JSON.stringify([common, layer, null]) };
  // A fitted title may use twice its layer's height and stand out of it; the background pads it.
  const outset = (layer.height + 2 * content.style.fontSize) * pxPerCm;
  return {
    signature: JSON.stringify([common, layer, content]),
    bounds: turnedBounds(pxRect(layer, pxPerCm), layer.rotation, outset),
    draw: (canvas) =>
      inSlotFrame(canvas, layer, pxPerCm, () =>
        tools.text.draw(
          canvas,
          { x: 0, y: 0, width: layer.width * pxPerCm, height: layer.height * pxPerCm },
          content.text,
          content.style,
          pxPerCm,
        ),
      ),
  };
}

/**
 * A placeholder at the slot's own size, its last character removed while it does not fit (at most
 * 20 times, then nothing): the spec's rule, so 'Jouw titel' never stands out of a narrow slot.
 */
function fittedPlaceholder(
  tools: DrawingTools,
  scene: Scene,
  layer: TextSlotLayer,
  given: SceneText,
): SceneText {
  const box = textBoxOf(scene.layout, layer);
  return { ...given, text: shortenPlaceholder(given.text, given.style, box, tools.text).text };
}

/** Moves the origin to the slot's top-left in its own turned frame. */
function inSlotFrame(
  canvas: Canvas,
  layer: PhotoSlotLayer | TextSlotLayer,
  pxPerCm: number,
  draw: () => void,
): void {
  saved(canvas, () => {
    const r = pxRect(layer, pxPerCm);
    canvas.translate(r.x + r.width / 2, r.y + r.height / 2);
    if (layer.rotation) canvas.rotate(layer.rotation, 0, 0);
    canvas.translate(-r.width / 2, -r.height / 2);
    draw();
  });
}
