import type { MaterialCode } from '../catalog/types';
import type { GeneratorSettings } from '../generators/types';
import type { PhotoSlotData, TextSlotData } from '../layout/slotTypes';

/** The saved-collage document (editor-core §3), as read from and written to its XML. */

export const COLLAGE_VERSION = 2;
export const DEFAULT_VARIATION = 'default';
export const SCREEN_DPCM = 40;

/** A slot's place on the canvas in cm, with its rotation in degrees. */
export interface SlotPosition {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export interface ImageSlotEntry {
  kind: 'image';
  name: string;
  position: SlotPosition;
  photo: PhotoSlotData;
}

export interface ShapeOverlayEntry {
  kind: 'shapeoverlay';
  name: string;
  position: SlotPosition;
  color: string;
}

export interface ClipEntry {
  kind: 'clip';
  name: string;
  position: SlotPosition;
}

export interface TextSlotEntry {
  kind: 'text';
  name: string;
  position: SlotPosition;
  text: TextSlotData;
}

export type SlotEntry = ImageSlotEntry | ShapeOverlayEntry | ClipEntry | TextSlotEntry;

/** One page's design data: canvas, generator settings and the slots in drawing order. */
export interface UserData {
  variation: string;
  version: typeof COLLAGE_VERSION;
  photoBorderColor: string;
  photoBorderAutomaticColor: boolean;
  backgroundColor: string;
  widthCm: number;
  heightCm: number;
  screenDpcm: number;
  material: MaterialCode;
  settings: GeneratorSettings;
  slots: SlotEntry[];
}

export interface PageRef {
  templateId: string;
  childTemplateId?: string;
}

export interface CollageDocument {
  templateId: string;
  childTemplateId?: string;
  /** Base64 JPEG (500 x 500) without a data-URL prefix. */
  screenshot?: string;
  /** Every photo id the slots use (the server keeps these photos). */
  photos: string[];
  /** Multi-page collages: one page per userdata, in order. */
  pages?: PageRef[];
  /** One per page (exactly one without pages). */
  userdata: UserData[];
}

export const PARSE_ERROR = "Couldn't parse the xml data";
export const TEMPLATE_NOT_FOUND_ERROR = "Couldn't find template";

export type ReadCollageResult =
  | {
      ok: true;
      document: CollageDocument;
      /** Set when an older version was migrated. */ migratedFrom?: number;
    }
  | {
      ok: false;
      error: typeof PARSE_ERROR | typeof TEMPLATE_NOT_FOUND_ERROR;
      /** For logs: where and why. */ detail: string;
    };
