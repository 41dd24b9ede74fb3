import type { TextStyle } from './types';

/**
 * The customer's data per slot (editor-core §3 "Photo slot data" and "Text slot"), kept by slot
 * name so it survives a layout or template change. Colours are '#rrggbb' like the layout's.
 */

export const IMAGE_EFFECTS = ['none', 'sepia', 'sepiabrown', 'grey', 'faded', 'vintage'] as const;
export type ImageEffect = (typeof IMAGE_EFFECTS)[number];

/** A text slot's text with its style; the add-text dialog edits all of it, the title dialog some. */
export interface TextSlotData extends TextStyle {
  /** The customer's text (allowed characters, trimmed when saved). '' shows the placeholder. */
  txt: string;
}

export interface PhotoSlotData {
  /** Photo id; '' when the slot is empty. */
  id: string;
  /** Magnification over the cover fit, 1 to 4. */
  zoom: number;
  /**
   * Focal point: the point of the photo, as fractions (0..1) of its own width and height before
   * rotation, that is drawn at the slot's centre as far as the cover rule allows. 0.5/0.5
   * centres the photo. Relative to the photo, so a swap or a new layout keeps the framing.
   */
  focusX: number;
  focusY: number;
  /** Degrees clockwise: 0, 90, 180 or 270. */
  rotation: number;
  effect: ImageEffect;
  /** Effective print dpi when last placed; -1 when the slot is empty. */
  dpi: number;
  /** Text drawn on the photo (the photo editor's Tekst), fitted in the photo slot's box. */
  text?: TextSlotData;
}

export const EMPTY_PHOTO_SLOT: Readonly<PhotoSlotData> = Object.freeze({
  id: '',
  zoom: 1,
  focusX: 0.5,
  focusY: 0.5,
  rotation: 0,
  effect: 'none',
  dpi: -1,
});

/** Every slot's data by slot name (img1…, txt1, txt2…). */
export interface SlotData {
  photos: Record<string, PhotoSlotData>;
  texts: Record<string, TextSlotData>;
}
