/**
 * Which slot lies under a point: pure, so the editor's pointer code and its tests need no CanvasKit.
 * The topmost slot wins (layers are in drawing order, bottom first). Tilted slots are tested in
 * their own turned frame; a slot masked by a clip is hit only inside the clip's shape (rectangle
 * with rounded corners or circle; path and image masks by their bounds). Overlays, shapes, frames
 * and boxes are never hit: the spec makes them not clickable or draggable.
 */
import type { ClipLayer, Layout, PhotoSlotLayer, Rect, TextSlotLayer } from '../model/layout/types';
import { canvasToCm, toLocal, type Point } from './geometry';
import type { Viewport } from './scene';

export interface SlotHit {
  kind: 'photo' | 'text';
  slot: string;
  /** The point in the slot's own frame (cm from its top-left, along its turned edges). */
  local: Point;
}

export function insideRoundedRect(point: Point, rect: Rect, radius: number): boolean {
  if (
    point.x < rect.x ||
    point.y < rect.y ||
    point.x > rect.x + rect.width ||
    point.y > rect.y + rect.height
  )
    return false;
  const r = Math.max(0, Math.min(radius, rect.width / 2, rect.height / 2));
  if (r === 0) return true;
  const cx = Math.min(Math.max(point.x, rect.x + r), rect.x + rect.width - r);
  const cy = Math.min(Math.max(point.y, rect.y + r), rect.y + rect.height - r);
  return (point.x - cx) ** 2 + (point.y - cy) ** 2 <= r * r;
}

export function insideEllipse(point: Point, rect: Rect): boolean {
  const rx = rect.width / 2;
  const ry = rect.height / 2;
  if (rx <= 0 || ry <= 0) return false;
  const dx = (point.x - rect.x - rx) / rx;
  const dy = (point.y - rect.y - ry) / ry;
  return dx * dx + dy * dy <= 1;
}

/** The clip's rect in the slot's frame: its offset from the slot, kept when the slot turns. */
export function clipRectInSlot(clip: ClipLayer, slot: Rect): Rect {
  return { x: clip.x - slot.x, y: clip.y - slot.y, width: clip.width, height: clip.height };
}

function insideClip(local: Point, clip: ClipLayer, slot: Rect): boolean {
  const rect = clipRectInSlot(clip, slot);
  if (clip.shape === 'circle') return insideEllipse(local, rect);
  return insideRoundedRect(local, rect, clip.shape === 'rect' ? (clip.radiusCm ?? 0) : 0);
}

function clipsByName(layout: Layout): Map<string, ClipLayer> {
  const clips = new Map<string, ClipLayer>();
  for (const layer of layout.layers) if (layer.kind === 'clip') clips.set(layer.name, layer);
  return clips;
}

function hitSlot(
  layer: PhotoSlotLayer | TextSlotLayer,
  point: Point,
  clips: Map<string, ClipLayer>,
): Point | null {
  const local = toLocal(point, layer, layer.rotation);
  const own = { x: 0, y: 0, width: layer.width, height: layer.height };
  if (!insideRoundedRect(local, own, 0)) return null;
  const clip =
    layer.kind === 'photo' && layer.clip !== undefined ? clips.get(layer.clip) : undefined;
  if (clip && !insideClip(local, clip, layer)) return null;
  return local;
}

/** The topmost photo or text slot under `pointCm` (collage centimetres), or null. */
export function slotAtCm(
  layout: Layout,
  pointCm: Point,
  kinds: ReadonlyArray<SlotHit['kind']> = ['photo', 'text'],
): SlotHit | null {
  const clips = clipsByName(layout);
  for (let index = layout.layers.length - 1; index >= 0; index -= 1) {
    const layer = layout.layers[index]!;
    if ((layer.kind !== 'photo' && layer.kind !== 'text') || !kinds.includes(layer.kind)) continue;
    const local = hitSlot(layer, pointCm, clips);
    if (local) return { kind: layer.kind, slot: layer.slot, local };
  }
  return null;
}

/** The topmost slot under a canvas pixel. */
export function slotAt(
  layout: Layout,
  pointPx: Point,
  viewport: Viewport,
  kinds?: ReadonlyArray<SlotHit['kind']>,
): SlotHit | null {
  return slotAtCm(layout, canvasToCm(pointPx, viewport), kinds);
}
