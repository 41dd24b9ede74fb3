/**
 * Layers of a collage in centimetres: the plan that generators and static templates produce and
 * that the renderer draws. Origin is the top-left corner of the printed canvas (material margins
 * included: the canvas is the whole sheet, `safe` tells what stays on the front).
 * Colours are '#rrggbb' strings inside the model; the XML documents store them as 0x-prefixed hex.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  widthCm: number;
  heightCm: number;
}

/** The spec's modern photo border: a card around the photo, a glow and a drop shadow. */
export interface PhotoBorder {
  style: 'modern';
  marginsCm: number;
  cardWidthCm: number;
  glowWidthCm: number;
  shadowWidthCm: number;
}

export const MODERN_PHOTO_BORDER: PhotoBorder = {
  style: 'modern',
  marginsCm: 0,
  cardWidthCm: 0.4,
  glowWidthCm: 0.15,
  shadowWidthCm: 0.3,
};

/** A photo slot (dopimage). Its slot name (img1, img2, …) keys the user's data across layouts. */
export interface PhotoSlotLayer extends Rect {
  kind: 'photo';
  slot: string;
  /** Degrees clockwise around the slot's centre (playful and pile layouts tilt photos). */
  rotation: number;
  /** Name of the clip layer whose shape masks this photo, if any. */
  clip?: string;
  border?: PhotoBorder;
}

export type TextAlign = 'left' | 'center' | 'right';
export type TextVAlign = 'top' | 'middle' | 'bottom';
export type TextBackground = 'none' | 'back1' | 'back2';

export interface TextStyle {
  font: string;
  /** Font size in cm. */
  fontSize: number;
  color: string;
  align: TextAlign;
  valign: TextVAlign;
  style: string;
  paddingCm: number;
  letterSpacing: number;
  caps: boolean;
  multipleLines: boolean;
  lineHeight: number;
  background: TextBackground;
}

/** A text slot (doptext): txt1 is the title, txt2 the subtitle. */
export interface TextSlotLayer extends Rect {
  kind: 'text';
  slot: string;
  rotation: number;
  style: TextStyle;
  /** Default text shown until the customer types their own. */
  placeholder?: string;
}

/** A mask (dopclip): a rectangle with rounded corners, a circle, an SVG path in cm, or an image's alpha. */
export interface ClipLayer extends Rect {
  kind: 'clip';
  name: string;
  shape: 'rect' | 'circle' | 'path' | 'image';
  radiusCm?: number;
  /** SVG path data in cm relative to the layer's top-left, for shape 'path'. */
  path?: string;
  /** Catalog-relative URL of a mask image, for shape 'image'. */
  url?: string;
}

/** Artwork drawn above or below the photos (dopoverlay); never clickable or draggable. */
export interface OverlayLayer extends Rect {
  kind: 'overlay';
  url: string;
  rotation: number;
}

/** A filled shape (dopshapeoverlay): the background, boxes behind texts, decorations. */
export interface ShapeLayer extends Rect {
  kind: 'shape';
  shape: 'rect' | 'circle';
  /** The background shape's colour follows the background colour rule. */
  role: 'background' | 'decoration';
  fill: string;
  radiusCm: number;
  borderWidthCm: number;
  borderColor: string;
}

/** The frame for materials with a margin: the part that folds round the stretcher or the edge. */
export interface FrameLayer extends Rect {
  kind: 'frame';
  marginCm: number;
  color: string;
  fill: string;
}

/** A framed box around the design, where the design asks for it. */
export interface BoxLayer extends Rect {
  kind: 'box';
  borderWidthCm: number;
  color: string;
}

export type Layer =
  PhotoSlotLayer | TextSlotLayer | ClipLayer | OverlayLayer | ShapeLayer | FrameLayer | BoxLayer;
export type LayerKind = Layer['kind'];

/** Everything a layout needs to be drawn, saved and printed. */
export interface Layout extends Size {
  /** Layers in drawing order, bottom first. */
  layers: Layer[];
  backgroundColor: string;
  /** Tiles are flat: no shadows or borders between the parts. */
  isFlat: boolean;
  material: string;
  photoBorder?: PhotoBorder;
  /** Material margin in cm on each side (what wraps round a canvas frame). */
  marginCm: number;
}
