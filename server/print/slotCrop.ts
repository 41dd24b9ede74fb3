/**
 * The part of a decoded photo a slot shows (pure): the print decodes only that part of each photo
 * (the codec's region decode) and keeps only it in CanvasKit's memory. The slot's drawing
 * (src/render/photo.ts drawCover) places the whole photo by `cover` and clips it to the slot;
 * mapping the slot's visible rect back through the same placement gives the photo's pixels the
 * drawing can sample, plus a margin for the cubic filter's reach and the antialiased edge, so the
 * part draws exactly the pixels the whole photo would.
 */
import type { Rect } from '../../src/model/layout/types';
import { cover } from '../../src/render/geometry';
import type { QuarterTurn } from '../../src/render/scene';

export interface SlotView {
  /** The slot in its own frame (px, top-left 0,0). */
  own: Rect;
  /** What its clip lets show, in the same frame (the slot itself, or its clip layer's rect). */
  shown: Rect;
  zoom: number;
  focusX: number;
  focusY: number;
  /** The photo's turn in the slot. */
  rotation: QuarterTurn;
}

export interface PhotoCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Source pixels the cubic filter (B = C = 1/3) reads on either side of a sample point. */
const CUBIC_REACH_PX = 2;

/** The photo's pixels (of an `imageWidth` x `imageHeight` decode) the slot may sample, whole pixels within the photo. */
export function slotCrop(view: SlotView, imageWidth: number, imageHeight: number): PhotoCrop {
  const { own, shown } = view;
  const placed = cover({
    slotWidth: own.width,
    slotHeight: own.height,
    imageWidth,
    imageHeight,
    zoom: view.zoom,
    focusX: view.focusX,
    focusY: view.focusY,
    rotation: view.rotation,
  });
  const left = Math.min(own.x, shown.x);
  const top = Math.min(own.y, shown.y);
  const right = Math.max(own.x + own.width, shown.x + shown.width);
  const bottom = Math.max(own.y + own.height, shown.y + shown.height);
  const radians = (view.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ] as const) {
    // undo drawCover's translate to the centre, turn and scale
    const dx = px - placed.centerX;
    const dy = py - placed.centerY;
    xs.push((cos * dx + sin * dy) / placed.scale + imageWidth / 2);
    ys.push((-sin * dx + cos * dy) / placed.scale + imageHeight / 2);
  }
  // an edge pixel drawn partly covered samples up to a device pixel outside the visible rect
  const margin = CUBIC_REACH_PX + 1 + Math.ceil(1.5 / placed.scale);
  const x = Math.min(imageWidth - 1, Math.max(0, Math.floor(Math.min(...xs)) - margin));
  const y = Math.min(imageHeight - 1, Math.max(0, Math.floor(Math.min(...ys)) - margin));
  const width = Math.max(1, Math.min(imageWidth, Math.ceil(Math.max(...xs)) + margin) - x);
  const height = Math.max(1, Math.min(imageHeight, Math.ceil(Math.max(...ys)) + margin) - y);
  return { x, y, width, height };
}
