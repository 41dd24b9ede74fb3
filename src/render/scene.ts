/**
 * The scene: a plain snapshot of everything the renderer draws. The editor canvas (src/ui/canvas), the
 * screenshot worker and the print server each build one from their own state; the renderer reads
 * nothing else (DESIGN.md convention 3). Everything is data: no CanvasKit objects, no stores, so a
 * scene can be posted to a worker or written to a test as JSON.
 */
import type { Layout, TextStyle } from '../model/layout/types';

export const PHOTO_EFFECTS = ['none', 'sepia', 'sepiabrown', 'grey', 'faded', 'vintage'] as const;
export type PhotoEffect = (typeof PHOTO_EFFECTS)[number];

/** Quarter turns only: the spec limits photo rotation to multiples of 90 degrees. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/** A photo placed in a slot (editor-core §3 "Photo slot data"). */
export interface ScenePhoto {
  /** The photo's key in the image source (its MD5-based photo key). */
  imageKey: string;
  /** Magnification over the cover fit, 1 to 4. */
  zoom: number;
  /**
   * Focal point as fractions (0..1) of the photo's own width and height before rotation: drawn at
   * the slot's centre as far as covering the slot allows. Relative to the photo, so a swap keeps
   * each photo's framing.
   */
  focusX: number;
  focusY: number;
  rotation: QuarterTurn;
  effect: PhotoEffect;
  /** Text written on the photo in the photo editor, fitted in the photo slot's box. */
  text?: SceneText;
}

/** A text slot's content: the customer's text and the style it is drawn in (font size already fitted). */
export interface SceneText {
  text: string;
  style: TextStyle;
  /** The editor's stand-in for an empty title ('Jouw titel'): shortened until it fits, never printed. */
  placeholder?: boolean;
}

export type SmileyColour = 'red' | 'orange' | 'green';

/** Editor-only marks drawn above the collage; never in a screenshot or print. */
export interface SceneOverlays {
  /** Canvas materials: shade the part that wraps round the stretcher and mark the blocked corners. */
  wrapZone?: boolean;
  /** Dashed line where the front ends (the material margin). */
  safeArea?: boolean;
  selectedSlot?: string;
  dragOverSlot?: string;
  /** 'Toon fotokwaliteit': a smiley per filled photo slot. */
  quality?: Record<string, SmileyColour>;
}

export interface Scene {
  layout: Layout;
  /** Photos by slot name; a slot without an entry is empty: the placeholder in the editor, plain grey in print. */
  photos: Record<string, ScenePhoto>;
  /** Texts by slot name; a slot without an entry shows the layer's placeholder text, if any (editor only). */
  texts: Record<string, SceneText>;
  /** The collage's background colour ('#rrggbb'); the layout's own colour when absent. */
  backgroundColor?: string;
  /**
   * 'print': the print master and the screenshot. Frame layers are left out (the material margin
   * carries the design round the edge), empty slots stay plain, overlays are ignored.
   * 'editor' (default): what the customer works on.
   */
  purpose?: 'editor' | 'print';
  overlays?: SceneOverlays;
}

/** Pixels per centimetre and where the collage's top-left corner lands on the canvas (pixels). */
export interface Viewport {
  pxPerCm: number;
  offsetX: number;
  offsetY: number;
}

export function viewportFit(
  layout: Pick<Layout, 'widthCm' | 'heightCm'>,
  widthPx: number,
  heightPx: number,
): Viewport {
  const pxPerCm = Math.min(widthPx / layout.widthCm, heightPx / layout.heightCm);
  return {
    pxPerCm,
    offsetX: (widthPx - layout.widthCm * pxPerCm) / 2,
    offsetY: (heightPx - layout.heightCm * pxPerCm) / 2,
  };
}

export function isPrint(scene: Scene): boolean {
  return scene.purpose === 'print';
}

export function sceneBackground(scene: Scene): string {
  return scene.backgroundColor ?? scene.layout.backgroundColor;
}
