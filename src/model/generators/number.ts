/**
 * The number designs: number (gen:numberdigit, 0–999), numberyear (0–9999) and numberdate (a date
 * such as 24-12-2025). Every cell or rect of the digits' shapes is one photo with the modern photo
 * border; playful tilts the photos by the spec's rotation list (not for the shape fontset, whose
 * long photos would no longer line up). The text options are the number layouts of the spec.
 *
 * The shapes come from catalog/shapes.xml, parsed once by the caller: `numberGenerators(shapes)`.
 */
import type { MaterialCode } from '../catalog/types';
import { MODERN_PHOTO_BORDER, type Rect, type Size, type TextSlotLayer } from '../layout/types';
import {
  buildLayout,
  contentArea,
  control,
  controlValues,
  insetRect,
  photoSlot,
  textLayer,
  titleUnitCm,
} from './common';
import {
  NUMBER_DEFAULTS,
  NUMBER_MAX,
  charCells,
  formatSuggestion,
  numberChars,
  type NumberKind,
} from './numberLayout';
import type { NumberShapes, ShapeRect } from './numberShapes';
import {
  BORDERED_GAP_CM,
  BORDER_REACH_CM,
  PLAYFUL_MAX_DEGREES,
  fitForRotation,
  playfulRotation,
  withModernBorder,
} from './playful';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

/** Fontset 3 is the shape set: the playful control hides for it. */
export const SHAPE_FONTSET = 3;
export const DEFAULT_FONTSET = 0;
/**
 * A date has ten characters: in the bold fontset (D, id 2: five rows, the fewest photos) its
 * photos stay at least 2 cm on the date design's sizes; fontset A gave 149 photos of 0.66 cm.
 */
export const DATE_DEFAULT_FONTSET = 2;

export function defaultFontset(kind: NumberKind): number {
  return kind === 'date' ? DATE_DEFAULT_FONTSET : DEFAULT_FONTSET;
}

/** The number text options, in the spec's order; hasText indexes this list. */
export const NUMBER_TEXT_OPTIONS = [
  'bottomLarge',
  'bottomSubLarge',
  'bottom',
  'bottomSub',
  'none',
] as const;
export const NUMBER_TEXT_DEFAULT = 0;
/** A large title is this many title units high. */
export const LARGE_TITLE_FACTOR = 1.5;

/** Title (and subtitle) at the bottom of the area, the title larger for the 'large' options. */
export function numberTextBands(
  area: Rect,
  option: number,
): { texts: TextSlotLayer[]; photoArea: Rect } {
  const name = NUMBER_TEXT_OPTIONS[option] ?? 'none';
  if (name === 'none') return { texts: [], photoArea: area };
  const unit =
    titleUnitCm(area) *
    (name === 'bottomLarge' || name === 'bottomSubLarge' ? LARGE_TITLE_FACTOR : 1);
  const subtitle = name === 'bottomSub' || name === 'bottomSubLarge';
  // The spec doubles the title layer when a subtitle exists.
  const titleHeight = subtitle ? 2 * unit : unit;
  const band = titleHeight + (subtitle ? unit : 0);
  const bandY = area.y + area.height - band;
  const texts = [
    textLayer('txt1', { x: area.x, y: bandY, width: area.width, height: titleHeight }),
  ];
  if (subtitle)
    texts.push(
      textLayer('txt2', { x: area.x, y: bandY + titleHeight, width: area.width, height: unit }),
    );
  return { texts, photoArea: { ...area, height: area.height - band } };
}

/**
 * Grid rects scaled to a pitch that fits `cols` x `rows` cells into `area`, centred. Photos keep
 * two border cards apart (less when the cells are tiny, so a photo never vanishes).
 */
export function placeShapeRects(
  area: Rect,
  cols: number,
  rows: number,
  rects: ShapeRect[],
): Rect[] {
  const pitchFor = (gap: number) => Math.min((area.width + gap) / cols, (area.height + gap) / rows);
  const gap = Math.min(BORDERED_GAP_CM, pitchFor(0) / 4);
  const pitch = pitchFor(gap);
  const x0 = area.x + (area.width - (cols * pitch - gap)) / 2;
  const y0 = area.y + (area.height - (rows * pitch - gap)) / 2;
  return rects.map((r) => ({
    x: x0 + r.x * pitch,
    y: y0 + r.y * pitch,
    width: r.width * pitch - gap,
    height: r.height * pitch - gap,
  }));
}

function numberControls(
  kind: NumberKind,
  settings: GeneratorSettings,
  shapes: NumberShapes,
): Control[] {
  const fontset = control(
    {
      name: 'fontset',
      label: 'controls.fontset',
      type: 'arrow',
      min: 0,
      max: shapes.length - 1,
      step: 1,
    },
    settings,
    defaultFontset(kind),
  );
  const value: Control =
    kind === 'date'
      ? {
          name: 'numberValue',
          label: 'controls.date',
          type: 'input',
          current: 0,
          min: 0,
          max: 0,
          step: 1,
          hidden: false,
          text: numberChars(kind, settings.numberValue),
        }
      : control(
          {
            name: 'numberValue',
            label: 'controls.number',
            type: 'input',
            min: 0,
            max: NUMBER_MAX[kind],
            step: 1,
          },
          { numberValue: numberChars(kind, settings.numberValue) },
          0,
        );
  return [
    value,
    fontset,
    control(
      {
        name: 'playfull',
        label: 'controls.playful',
        type: 'arrow',
        min: 0,
        max: 1,
        step: 1,
        hidden: fontset.current === SHAPE_FONTSET,
      },
      settings,
      0,
    ),
    control(
      {
        name: 'hasText',
        label: 'controls.numberText',
        type: 'arrow',
        min: 0,
        max: NUMBER_TEXT_OPTIONS.length - 1,
        step: 1,
      },
      settings,
      NUMBER_TEXT_DEFAULT,
    ),
  ];
}

function generateNumber(
  kind: NumberKind,
  shapes: NumberShapes,
  input: GeneratorInput,
): GeneratorResult {
  const v = controlValues(numberControls(kind, input.settings, shapes));
  const fontset = shapes[v.fontset!]!;
  const playful = v.playfull === 1 && fontset.id !== SHAPE_FONTSET;
  const content = contentArea(input);
  const { texts, photoArea } = numberTextBands(content, v.hasText!);
  const cells = charCells(numberChars(kind, input.settings.numberValue), fontset);
  const inner = insetRect(photoArea, BORDER_REACH_CM);
  const rects = placeShapeRects(inner, cells.cols, cells.rows, cells.rects);
  const photos = withModernBorder(
    rects.map((rect, index) =>
      playful
        ? photoSlot(fitForRotation(rect, PLAYFUL_MAX_DEGREES), index, playfulRotation(index))
        : photoSlot(rect, index),
    ),
  );
  const layout = {
    ...buildLayout(input, { photos, texts, content }),
    photoBorder: { ...MODERN_PHOTO_BORDER },
  };
  const suggestion = formatSuggestion(input.size, inner, cells.cols / cells.rows);
  return { ok: true, layout, warnings: suggestion ? [suggestion] : [] };
}

function numberGenerator(name: string, kind: NumberKind, shapes: NumberShapes): Generator {
  return {
    name,
    defaults: (): GeneratorSettings => ({
      numberValue: NUMBER_DEFAULTS[kind],
      fontset: String(defaultFontset(kind)),
      playfull: '0',
      hasText: String(NUMBER_TEXT_DEFAULT),
    }),
    controls: (settings: GeneratorSettings, _size: Size, _material: MaterialCode) =>
      numberControls(kind, settings, shapes),
    generate: (input) => generateNumber(kind, shapes, input),
  };
}

/** The three number generators over one parsed shapes file. */
export function numberGenerators(shapes: NumberShapes): {
  number: Generator;
  numberyear: Generator;
  numberdate: Generator;
} {
  return {
    number: numberGenerator('number', 'digit', shapes),
    numberyear: numberGenerator('numberyear', 'year', shapes),
    numberdate: numberGenerator('numberdate', 'date', shapes),
  };
}
