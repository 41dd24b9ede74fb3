/** A designer's static template as the artwork script builds it: layers in cm plus the artwork files. */
import type {
  Layer,
  PhotoSlotLayer,
  Rect,
  TextSlotLayer,
  TextStyle,
} from '../../../src/model/layout/types';
import type { ArtContext } from '../art/core';

export interface Artwork {
  /** File name inside the template's folder: .jpg for opaque backgrounds, .png where it overlays photos. */
  file: string;
  /** The part of the canvas it covers (cm). */
  rect: Rect;
  draw(ctx: ArtContext): void;
}

export interface Design {
  /** Template id in themes.xml; the folder is catalog/templates/<id>/. */
  id: string;
  /** Id inside the template file. */
  slug: string;
  widthCm: number;
  heightCm: number;
  designer: string;
  design: string;
  backgroundColor: string;
  /** Layers in drawing order; artwork urls come from url(file). */
  layers(url: (file: string) => string): Layer[];
  artwork: Artwork[];
}

export function photo(slot: string, rect: Rect, rotation = 0, clip?: string): PhotoSlotLayer {
  const layer: PhotoSlotLayer = { kind: 'photo', slot, ...rect, rotation };
  if (clip !== undefined) layer.clip = clip;
  return layer;
}

export function text(
  slot: string,
  rect: Rect,
  style: Partial<TextStyle> & Pick<TextStyle, 'font' | 'fontSize' | 'color'>,
  placeholder?: string,
  rotation = 0,
): TextSlotLayer {
  const layer: TextSlotLayer = {
    kind: 'text',
    slot,
    ...rect,
    rotation,
    style: {
      align: 'center',
      valign: 'middle',
      style: 'normal',
      paddingCm: 0,
      letterSpacing: 0,
      caps: false,
      multipleLines: false,
      lineHeight: 0.5,
      background: 'none',
      ...style,
    },
  };
  if (placeholder !== undefined) layer.placeholder = placeholder;
  return layer;
}

export function overlay(url: string, rect: Rect, rotation = 0): Layer {
  return { kind: 'overlay', url, ...rect, rotation };
}

export const FULL = (design: Pick<Design, 'widthCm' | 'heightCm'>): Rect => ({
  x: 0,
  y: 0,
  width: design.widthCm,
  height: design.heightCm,
});

/** The four corners of a rect rotated by degrees around its centre. */
export function corners(rect: Rect, degrees: number): [number, number][] {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const dx = (sx! * rect.width) / 2;
    const dy = (sy! * rect.height) / 2;
    return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
  });
}
