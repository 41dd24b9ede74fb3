/**
 * The layers that are not slots: filled shapes (the background and decorations), overlay artwork,
 * the frame of materials with a margin and the framed box. Drawn in collage pixels (origin at the
 * collage's top-left, pxPerCm applied by the caller's numbers, not by a canvas scale).
 */
import type { Canvas, CanvasKit } from 'canvaskit-wasm';
import type { BoxLayer, FrameLayer, OverlayLayer, Rect, ShapeLayer } from '../model/layout/types';
import type { ImageSource } from './cache';
import { BLACK, colorOr, WHITE } from './color';
import { saved, withPaint } from './paint';

export function pxRect(rect: Rect, pxPerCm: number): Rect {
  return {
    x: rect.x * pxPerCm,
    y: rect.y * pxPerCm,
    width: rect.width * pxPerCm,
    height: rect.height * pxPerCm,
  };
}

/** A rect or circle with its fill and, inside its edge, its border. `fill` overrides the layer's (the background rule). */
export function drawShape(
  ck: CanvasKit,
  canvas: Canvas,
  layer: ShapeLayer,
  pxPerCm: number,
  fill?: string,
): void {
  const r = pxRect(layer, pxPerCm);
  const border = Math.max(0, layer.borderWidthCm) * pxPerCm;
  const radius = Math.max(0, layer.radiusCm) * pxPerCm;
  const shape = (inset: number) => {
    const box = ck.XYWHRect(
      r.x + inset,
      r.y + inset,
      Math.max(0, r.width - 2 * inset),
      Math.max(0, r.height - 2 * inset),
    );
    return {
      box,
      rrect: ck.RRectXY(box, Math.max(0, radius - inset), Math.max(0, radius - inset)),
    };
  };
  const outline = shape(0);
  withPaint(ck, { color: colorOr(fill ?? layer.fill, WHITE) }, (paint) => {
    if (layer.shape === 'circle') canvas.drawOval(outline.box, paint);
    else canvas.drawRRect(outline.rrect, paint);
  });
  if (border <= 0) return;
  const stroke = shape(border / 2);
  withPaint(ck, { color: colorOr(layer.borderColor, BLACK), stroke: border }, (paint) => {
    if (layer.shape === 'circle') canvas.drawOval(stroke.box, paint);
    else canvas.drawRRect(stroke.rrect, paint);
  });
}

/** Artwork from the catalog, turned round its centre; nothing while its image is not loaded. */
export function drawOverlay(
  ck: CanvasKit,
  canvas: Canvas,
  layer: OverlayLayer,
  pxPerCm: number,
  images: ImageSource,
): void {
  const image = images.artwork(layer.url);
  if (!image) return;
  const r = pxRect(layer, pxPerCm);
  saved(canvas, () => {
    if (layer.rotation) canvas.rotate(layer.rotation, r.x + r.width / 2, r.y + r.height / 2);
    canvas.drawImageRectOptions(
      image,
      ck.XYWHRect(0, 0, image.width(), image.height()),
      ck.XYWHRect(r.x, r.y, r.width, r.height),
      ck.FilterMode.Linear,
      ck.MipmapMode.Linear,
    );
  });
}

/**
 * The frame of a material with a margin (editor view): the margin band that folds round the
 * stretcher or is trimmed, in the frame's fill (#fcfaf2), and a line in its colour (#000000)
 * where the front ends.
 */
export function drawFrame(ck: CanvasKit, canvas: Canvas, layer: FrameLayer, pxPerCm: number): void {
  const outer = pxRect(layer, pxPerCm);
  const margin = Math.max(0, layer.marginCm) * pxPerCm;
  if (margin <= 0) return;
  const inner = ck.XYWHRect(
    outer.x + margin,
    outer.y + margin,
    Math.max(0, outer.width - 2 * margin),
    Math.max(0, outer.height - 2 * margin),
  );
  withPaint(ck, { color: colorOr(layer.fill, WHITE) }, (paint) =>
    canvas.drawDRRect(
      ck.RRectXY(ck.XYWHRect(outer.x, outer.y, outer.width, outer.height), 0, 0),
      ck.RRectXY(inner, 0, 0),
      paint,
    ),
  );
  const line = Math.max(1, 0.05 * pxPerCm);
  withPaint(ck, { color: colorOr(layer.color, BLACK), stroke: line }, (paint) =>
    canvas.drawRect(
      ck.XYWHRect(
        inner[0]! - line / 2,
        inner[1]! - line / 2,
        inner[2]! - inner[0]! + line,
        inner[3]! - inner[1]! + line,
      ),
      paint,
    ),
  );
}

/** The framed box: a border of the box's width inside its rect. */
export function drawBox(ck: CanvasKit, canvas: Canvas, layer: BoxLayer, pxPerCm: number): void {
  const r = pxRect(layer, pxPerCm);
  const border = Math.max(0, layer.borderWidthCm) * pxPerCm;
  if (border <= 0) return;
  withPaint(ck, { color: colorOr(layer.color, BLACK), stroke: border }, (paint) =>
    canvas.drawRect(
      ck.XYWHRect(
        r.x + border / 2,
        r.y + border / 2,
        Math.max(0, r.width - border),
        Math.max(0, r.height - border),
      ),
      paint,
    ),
  );
}
