/**
 * Building blocks every generator shares (geometry.ts and text-bands.ts are re-exported here): the printable area, the background shape, the text
 * bands, frame and box layers, grid splitting, a seeded PRNG, settings and control helpers.
 *
 * Readings of the spec where it is terse (templates-photos-text.md §3, §9; editor-core.md §9):
 * - Printable area: the canvas is the whole sheet; the material margin (what wraps round a canvas
 *   frame or is trimmed) is taken off every side. Slots stay inside it.
 * - "Background overlay shape with print margin 5": the background shape reaches 5 mm past the
 *   printable edge into the bleed, and never less than the whole sheet. With a material margin of
 *   0.5 cm or more that is the sheet itself; with poster/plexi/dibond/none it pokes out a little
 *   past the sheet, which the renderer clips: no white hairline at the trimmed edge.
 * - hasText 0..4: 0 none, 1 title on top, 2 title at the bottom, 3 title and subtitle on top,
 *   4 title and subtitle at the bottom (the spec orders them "none up to top-with-subtitle").
 * - Text band: a title line is 6 % of the smaller side of the area (kept within 1.2..5 cm); the
 *   spec doubles the title layer with a subtitle, so the band is then 2 title units for the title
 *   plus 1 unit for the subtitle under it. "Text margins 16 % of the smaller side" is the padding
 *   inside a text layer: 16 % of the layer's smaller side.
 * - The 0.2 cm offset of designer 'generated' designs simple/happy/modern is an extra inset of the
 *   content on every side, inside the printable area.
 * - Box (design setting box=1): a black framed box on the content edge; the photos move inwards
 *   by the box's border width so the box never covers a photo.
 */
import { materialMarginCm } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type {
  BoxLayer,
  FrameLayer,
  Layer,
  Layout,
  PhotoSlotLayer,
  Rect,
  ShapeLayer,
  Size,
  TextSlotLayer,
} from '../layout/types';
import { clamp, insetRect, readingOrder, roundRect, snapToStep } from './geometry';
import { HAS_TEXT_MAX } from './text-bands';
import type {
  Control,
  ControlType,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

export * from './geometry';
export * from './text-bands';

export const BACKGROUND_BLEED_CM = 0.5;
export const DEFAULT_BACKGROUND = '#ffffff';
export const FRAME_COLOR = '#000000';
export const FRAME_FILL = '#fcfaf2';
export const DESIGN_OFFSET_CM = 0.2;
export const OFFSET_DESIGNS: readonly string[] = ['simple', 'happy', 'modern'];
export const BOX_BORDER_CM = 0.3;
export const BOX_COLOR = '#000000';
/** The canvas minus the material margin on every side. */
export function printableArea(size: Size, material: MaterialCode | string): Rect {
  return insetRect(
    { x: 0, y: 0, width: size.widthCm, height: size.heightCm },
    materialMarginCm(material),
  );
}

export function designOffsetCm(designer?: string, design?: string): number {
  return designer === 'generated' && design !== undefined && OFFSET_DESIGNS.includes(design)
    ? DESIGN_OFFSET_CM
    : 0;
}

export function wantsBox(settings: GeneratorSettings): boolean {
  return settings.box === '1';
}

/** Where a generator may place photos and texts: printable area, design offset, box inset. */
export function contentArea(
  input: Pick<GeneratorInput, 'size' | 'material' | 'designer' | 'design' | 'settings'>,
): Rect {
  const printable = printableArea(input.size, input.material);
  const offset =
    designOffsetCm(input.designer, input.design) + (wantsBox(input.settings) ? BOX_BORDER_CM : 0);
  return insetRect(printable, offset);
}

export function backgroundLayer(
  size: Size,
  material: MaterialCode | string,
  fill = DEFAULT_BACKGROUND,
): ShapeLayer {
  const printable = printableArea(size, material);
  const reach = Math.max(0, BACKGROUND_BLEED_CM - printable.x);
  return {
    kind: 'shape',
    shape: 'rect',
    role: 'background',
    x: -reach,
    y: -reach,
    width: size.widthCm + 2 * reach,
    height: size.heightCm + 2 * reach,
    fill,
    radiusCm: 0,
    borderWidthCm: 0,
    borderColor: fill,
  };
}

/** Materials with a margin show where the sheet folds or is trimmed. */
export function frameLayer(size: Size, material: MaterialCode | string): FrameLayer | undefined {
  const marginCm = materialMarginCm(material);
  if (marginCm <= 0) return undefined;
  return {
    kind: 'frame',
    x: 0,
    y: 0,
    width: size.widthCm,
    height: size.heightCm,
    marginCm,
    color: FRAME_COLOR,
    fill: FRAME_FILL,
  };
}

/** The framed box lies on the edge of the area that `contentArea` shrank by its border. */
export function boxLayer(content: Rect): BoxLayer {
  return {
    kind: 'box',
    ...roundRect(insetRect(content, -BOX_BORDER_CM)),
    borderWidthCm: BOX_BORDER_CM,
    color: BOX_COLOR,
  };
}

/** A saved setting as a number ('0,5' accepted); missing or unreadable gives the fallback. */
export function readNumber(settings: GeneratorSettings, key: string, fallback: number): number {
  const raw = settings[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : fallback;
}

export interface ControlSpec {
  name: string;
  label: string;
  type?: ControlType;
  min: number;
  max: number;
  step: number;
  hidden?: boolean;
}

/** A control whose current value is the saved setting clamped into range and snapped to its step. */
export function control(spec: ControlSpec, settings: GeneratorSettings, fallback: number): Control {
  const max = Math.max(spec.min, spec.max);
  const current = clamp(
    snapToStep(
      clamp(readNumber(settings, spec.name, fallback), spec.min, max),
      spec.min,
      spec.step,
    ),
    spec.min,
    max,
  );
  return {
    name: spec.name,
    label: spec.label,
    type: spec.type ?? 'number',
    current,
    min: spec.min,
    max,
    step: spec.step,
    hidden: spec.hidden ?? false,
  };
}

export function controlValues(controls: Control[]): Record<string, number> {
  return Object.fromEntries(controls.map((c) => [c.name, c.current]));
}

export function toSettings(values: Record<string, number>): GeneratorSettings {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

/** The shared controls: spacing between photos (borderCM), outer margin (marginCM), text option. */
export function spacingControl(settings: GeneratorSettings, fallback = 0.5): Control {
  return control(
    { name: 'borderCM', label: 'controls.spacing', min: 0, max: 2, step: 0.1 },
    settings,
    fallback,
  );
}

/** The spec hides the margin control while text is shown. */
export function marginControl(
  settings: GeneratorSettings,
  fallback = 0.5,
  hidden = false,
): Control {
  return control(
    { name: 'marginCM', label: 'controls.margin', min: 0.5, max: 2, step: 0.1, hidden },
    settings,
    fallback,
  );
}

export function hasTextControl(settings: GeneratorSettings, fallback = 0): Control {
  return control(
    { name: 'hasText', label: 'controls.text', type: 'arrow', min: 0, max: HAS_TEXT_MAX, step: 1 },
    settings,
    fallback,
  );
}

export function photoSlot(rect: Rect, index: number, rotation = 0): PhotoSlotLayer {
  return { kind: 'photo', slot: `img${index + 1}`, ...roundRect(rect), rotation };
}

/** Photo slots img1..imgN in reading order. */
export function photoSlots(rects: Rect[]): PhotoSlotLayer[] {
  return readingOrder(rects).map((rect, index) => photoSlot(rect, index));
}

export interface LayoutParts {
  photos: PhotoSlotLayer[];
  texts?: TextSlotLayer[];
  /** Content area, for the box when the design asks for one. */
  content?: Rect;
  backgroundColor?: string;
  isFlat?: boolean;
  /** The sheet, when the generator decides it (tiles); otherwise input.size. */
  size?: Size;
}

/** Stack the layers in drawing order: background, box, photos, texts, frame. */
export function buildLayout(input: GeneratorInput, parts: LayoutParts): Layout {
  const size = parts.size ?? input.size;
  const background = parts.backgroundColor ?? DEFAULT_BACKGROUND;
  const layers: Layer[] = [backgroundLayer(size, input.material, background)];
  if (parts.content && wantsBox(input.settings)) layers.push(boxLayer(parts.content));
  layers.push(...parts.photos, ...(parts.texts ?? []));
  const frame = frameLayer(size, input.material);
  if (frame) layers.push(frame);
  return {
    widthCm: size.widthCm,
    heightCm: size.heightCm,
    layers,
    backgroundColor: background,
    isFlat: parts.isFlat ?? false,
    material: input.material,
    marginCm: materialMarginCm(input.material),
  };
}

/** Below this a photo slot is useless: the settings are refused instead. */
export const MIN_SLOT_CM = 1;
export const TOO_SMALL = 'generators.tooSmall';

export function tooSmall(rects: Rect[]): boolean {
  return rects.some((r) => r.width < MIN_SLOT_CM - 1e-9 || r.height < MIN_SLOT_CM - 1e-9);
}

/** The common tail of a generator: refuse degenerate slots, else number them and build the layout. */
export function layoutFromRects(
  input: GeneratorInput,
  rects: Rect[],
  parts: Omit<LayoutParts, 'photos'> = {},
): GeneratorResult {
  if (rects.length === 0 || tooSmall(rects)) return { ok: false, refusal: { key: TOO_SMALL } };
  return {
    ok: true,
    layout: buildLayout(input, { ...parts, photos: photoSlots(rects) }),
    warnings: [],
  };
}
