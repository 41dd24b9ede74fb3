/**
 * Tilted photos: the playful rotations of heart and number designs, and the geometry that keeps a
 * rotated photo inside the cell it was given (so tilted photos never overlap their neighbours).
 */
import { MODERN_PHOTO_BORDER, type PhotoSlotLayer, type Rect } from '../layout/types';

/** The spec's playful rotations in degrees, cycled over the photos in slot order. */
export const PLAYFUL_ROTATIONS: readonly number[] = [-4, 0, 2, -2, 3, -2, 3, 1];

export const PLAYFUL_MAX_DEGREES = Math.max(...PLAYFUL_ROTATIONS.map(Math.abs));

/** How far the modern photo border reaches past the photo: the card plus its shadow or glow. */
export const BORDER_REACH_CM =
  MODERN_PHOTO_BORDER.cardWidthCm +
  Math.max(MODERN_PHOTO_BORDER.glowWidthCm, MODERN_PHOTO_BORDER.shadowWidthCm);

/** Space between two bordered photos: their cards touch but do not overlap. */
export const BORDERED_GAP_CM = 2 * MODERN_PHOTO_BORDER.cardWidthCm;

export function playfulRotation(index: number): number {
  return PLAYFUL_ROTATIONS[index % PLAYFUL_ROTATIONS.length]!;
}

/** Axis-aligned bounding box of a rect turned `degrees` around its centre. */
export function rotatedBounds(rect: Rect, degrees: number): Rect {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = rect.width * cos + rect.height * sin;
  const height = rect.width * sin + rect.height * cos;
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/**
 * The largest rect of the cell's proportions, centred in the cell, whose bounding box stays inside
 * the cell when turned by up to `maxDegrees`.
 */
export function fitForRotation(cell: Rect, maxDegrees: number): Rect {
  if (maxDegrees === 0) return cell;
  const radians = (Math.abs(maxDegrees) * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const scale = Math.min(
    cell.width / (cell.width * cos + cell.height * sin),
    cell.height / (cell.width * sin + cell.height * cos),
  );
  const width = cell.width * scale;
  const height = cell.height * scale;
  return {
    x: cell.x + (cell.width - width) / 2,
    y: cell.y + (cell.height - height) / 2,
    width,
    height,
  };
}

/** Give every slot the modern border (heart, number, pile, bordersplit). */
export function withModernBorder(slots: PhotoSlotLayer[]): PhotoSlotLayer[] {
  return slots.map((slot) => ({ ...slot, border: { ...MODERN_PHOTO_BORDER } }));
}
