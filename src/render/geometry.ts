/**
 * Pure geometry of the renderer: how a photo covers its slot, and the turns between the canvas,
 * the collage (cm) and a tilted slot. No CanvasKit here, so the editor's drag code and the tests
 * share it with the drawing.
 *
 * Cover rule (the same as src/model/photos/quality.ts): at zoom 1 the photo, turned by its quarter
 * turn, covers the slot exactly in one direction and overflows in the other; zoom magnifies on top.
 * The focal point (fractions of the unturned photo) is put at the slot's centre, then the photo is
 * pushed back as little as needed so it still covers the slot.
 */
import type { Rect } from '../model/layout/types';
import type { QuarterTurn, Viewport } from './scene';

export interface Point {
  x: number;
  y: number;
}

export interface CoverInput {
  /** The slot's size (any unit: the result is in the same unit). */
  slotWidth: number;
  slotHeight: number;
  /** The image's pixel size as stored (before the quarter turn). */
  imageWidth: number;
  imageHeight: number;
  zoom: number;
  focusX: number;
  focusY: number;
  rotation: QuarterTurn;
}

export interface Cover {
  /** Slot units per image pixel. */
  scale: number;
  /** Where the photo's centre lands, in slot coordinates (top-left of the slot is 0,0). */
  centerX: number;
  centerY: number;
  /** The turned photo's size on the slot. */
  width: number;
  height: number;
}

export function isQuarterTurned(rotation: number): boolean {
  return rotation === 90 || rotation === 270;
}

export function normaliseQuarterTurn(degrees: number): QuarterTurn {
  const turns = ((Math.round(degrees / 90) % 4) + 4) % 4;
  return (turns * 90) as QuarterTurn;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A point of the unturned photo (fractions) as fractions of the photo turned clockwise by `rotation`. */
export function turnFractions(u: number, v: number, rotation: QuarterTurn): Point {
  switch (rotation) {
    case 90:
      return { x: 1 - v, y: u };
    case 180:
      return { x: 1 - u, y: 1 - v };
    case 270:
      return { x: v, y: 1 - u };
    default:
      return { x: u, y: v };
  }
}

/** The inverse of turnFractions. */
export function unturnFractions(x: number, y: number, rotation: QuarterTurn): Point {
  switch (rotation) {
    case 90:
      return { x: y, y: 1 - x };
    case 180:
      return { x: 1 - x, y: 1 - y };
    case 270:
      return { x: 1 - y, y: x };
    default:
      return { x, y };
  }
}

export function cover(input: CoverInput): Cover {
  const turned = isQuarterTurned(input.rotation);
  const imageW = Math.max(1, turned ? input.imageHeight : input.imageWidth);
  const imageH = Math.max(1, turned ? input.imageWidth : input.imageHeight);
  const zoom = clamp(finiteOr(input.zoom, 1), 1, 4);
  const scale = Math.max(input.slotWidth / imageW, input.slotHeight / imageH) * zoom;
  const width = imageW * scale;
  const height = imageH * scale;
  const focus = turnFractions(
    clamp(finiteOr(input.focusX, 0.5), 0, 1),
    clamp(finiteOr(input.focusY, 0.5), 0, 1),
    input.rotation,
  );
  const left = clamp(input.slotWidth / 2 - focus.x * width, input.slotWidth - width, 0);
  const top = clamp(input.slotHeight / 2 - focus.y * height, input.slotHeight - height, 0);
  return { scale, centerX: left + width / 2, centerY: top + height / 2, width, height };
}

/**
 * The focal point after dragging the photo by (dx, dy) slot units: the point of the photo that
 * now lies under the slot's centre, as fractions of the unturned photo. Dragging past an edge
 * stops at the edge, like the drawing does.
 */
export function panFocus(
  input: CoverInput,
  dx: number,
  dy: number,
): { focusX: number; focusY: number } {
  const placed = cover(input);
  const left = clamp(placed.centerX - placed.width / 2 + dx, input.slotWidth - placed.width, 0);
  const top = clamp(placed.centerY - placed.height / 2 + dy, input.slotHeight - placed.height, 0);
  const x = (input.slotWidth / 2 - left) / placed.width;
  const y = (input.slotHeight / 2 - top) / placed.height;
  const focus = unturnFractions(x, y, input.rotation);
  return { focusX: clamp(focus.x, 0, 1), focusY: clamp(focus.y, 0, 1) };
}

/** Canvas pixels to collage centimetres. */
export function canvasToCm(point: Point, viewport: Viewport): Point {
  return {
    x: (point.x - viewport.offsetX) / viewport.pxPerCm,
    y: (point.y - viewport.offsetY) / viewport.pxPerCm,
  };
}

export function cmToCanvas(point: Point, viewport: Viewport): Point {
  return {
    x: point.x * viewport.pxPerCm + viewport.offsetX,
    y: point.y * viewport.pxPerCm + viewport.offsetY,
  };
}

/** A point in collage cm as seen from a rect turned `degrees` clockwise round its centre: slot-local, top-left 0,0. */
export function toLocal(point: Point, rect: Rect, degrees: number): Point {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const radians = (-degrees * Math.PI) / 180;
  const dx = point.x - cx;
  const dy = point.y - cy;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return { x: dx * cos - dy * sin + rect.width / 2, y: dx * sin + dy * cos + rect.height / 2 };
}

/** Axis-aligned bounds of a rect turned `degrees` round its centre, grown by `outset` on every side first. */
export function turnedBounds(rect: Rect, degrees: number, outset = 0): Rect {
  const width = rect.width + 2 * outset;
  const height = rect.height + 2 * outset;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const w = width * cos + height * sin;
  const h = width * sin + height * cos;
  return {
    x: rect.x + rect.width / 2 - w / 2,
    y: rect.y + rect.height / 2 - h / 2,
    width: w,
    height: h,
  };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
