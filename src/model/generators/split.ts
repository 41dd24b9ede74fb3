/**
 * The split designs: the sheet split in two parts, the main part (one photo, or 2x1, 1x2 or 2x2
 * photos: the middle split) and the other photos in the rest. normalsplit has plain photos;
 * bordersplit gives every photo the modern border, with margin and spacing measured to the
 * outside of the border cards.
 *
 * Settings: position (where the main part sits: 0 top, 1 bottom, 2 left, 3 right), numberHor (photo
 * count 2–12, at least one more than the main part holds), division (the main part's share of the
 * height — of the width for left and right — 20–60 % step 5), middleSplit (0 1x1, 1 2x1, 2 1x2,
 * 3 2x2: columns x rows of the main part), borderCM (spacing), marginCM (margin), inline (1: the
 * other photos in one line; 0: in balanced rows), hasText.
 * Refused when a photo would be under 3 cm on a side or under 25 cm² (the spec's split limits).
 */
import type { MaterialCode } from '../catalog/types';
import { MODERN_PHOTO_BORDER, type Rect, type Size } from '../layout/types';
import {
  buildLayout,
  contentArea,
  control,
  controlValues,
  hasTextControl,
  insetRect,
  marginControl,
  photoSlot,
  spacingControl,
  splitGrid,
  splitLine,
  textBands,
} from './common';
import { withModernBorder } from './playful';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

export const SPLIT_MIN_SIDE_CM = 3;
export const SPLIT_MIN_AREA_CM2 = 25;
export const SPLIT_REFUSAL = 'generators.split.tooSmall';
export const SPLIT_MAX_PHOTOS = 12;
export const SPLIT_DEFAULTS = {
  position: 0,
  count: 5,
  share: 40,
  middleSplit: 0,
  spacing: 0.5,
  margin: 0.5,
  inline: 0,
} as const;

/** The rest part's photos are laid out closest to this width:height. */
const PREFERRED_ASPECT = 4 / 3;

export const SplitPosition = { Top: 0, Bottom: 1, Left: 2, Right: 3 } as const;
/** Columns x rows of the main part per middle split value: 1x1, 2x1, 1x2, 2x2. */
export const MIDDLE_SPLITS: ReadonlyArray<{ cols: number; rows: number }> = [
  { cols: 1, rows: 1 },
  { cols: 2, rows: 1 },
  { cols: 1, rows: 2 },
  { cols: 2, rows: 2 },
];

/** A photo the spec's split refuses: a side under 3 cm or an area under 25 cm² (bounds allowed). */
export function tooSmallForSplit(rect: Rect): boolean {
  const eps = 1e-9;
  return (
    rect.width < SPLIT_MIN_SIDE_CM - eps ||
    rect.height < SPLIT_MIN_SIDE_CM - eps ||
    rect.width * rect.height < SPLIT_MIN_AREA_CM2 - eps
  );
}

function splitControls(settings: GeneratorSettings): Control[] {
  const middle = control(
    {
      name: 'middleSplit',
      label: 'controls.middleSplit',
      type: 'arrow',
      min: 0,
      max: MIDDLE_SPLITS.length - 1,
      step: 1,
    },
    settings,
    SPLIT_DEFAULTS.middleSplit,
  );
  const main = MIDDLE_SPLITS[middle.current]!;
  const text = hasTextControl(settings);
  return [
    control(
      {
        name: 'numberHor',
        label: 'controls.photos',
        min: main.cols * main.rows + 1,
        max: SPLIT_MAX_PHOTOS,
        step: 1,
      },
      settings,
      SPLIT_DEFAULTS.count,
    ),
    control(
      { name: 'division', label: 'controls.share', min: 20, max: 60, step: 5 },
      settings,
      SPLIT_DEFAULTS.share,
    ),
    control(
      { name: 'position', label: 'controls.position', type: 'arrow', min: 0, max: 3, step: 1 },
      settings,
      SPLIT_DEFAULTS.position,
    ),
    middle,
    spacingControl(settings, SPLIT_DEFAULTS.spacing),
    marginControl(settings, SPLIT_DEFAULTS.margin, text.current !== 0),
    control(
      { name: 'inline', label: 'controls.inline', type: 'arrow', min: 0, max: 1, step: 1 },
      settings,
      SPLIT_DEFAULTS.inline,
    ),
    text,
  ];
}

/** Cut `area` along the split axis into the main part (its share of the length) and the rest. */
export function splitParts(
  area: Rect,
  position: number,
  share: number,
  spacing: number,
): { main: Rect; rest: Rect } {
  const vertical = position === SplitPosition.Left || position === SplitPosition.Right;
  const length = (vertical ? area.width : area.height) - spacing;
  const mainLength = (length * share) / 100;
  const [first, second] =
    position === SplitPosition.Top || position === SplitPosition.Left
      ? [mainLength, length - mainLength]
      : [length - mainLength, mainLength];
  const a = vertical ? { ...area, width: first } : { ...area, height: first };
  const b = vertical
    ? { ...area, x: area.x + first + spacing, width: second }
    : { ...area, y: area.y + first + spacing, height: second };
  return position === SplitPosition.Top || position === SplitPosition.Left
    ? { main: a, rest: b }
    : { main: b, rest: a };
}

/**
 * `count` photos in `area`: one line along the part's long side when inline, else rows (or
 * columns, for a tall part) with the count spread as evenly as possible, the number of lines
 * chosen to keep the photos closest to 4:3 landscape.
 */
export function fillPart(area: Rect, count: number, spacing: number, inline: boolean): Rect[] {
  const tall = area.height > area.width;
  const lineOptions = inline ? [1] : Array.from({ length: count }, (_, i) => i + 1);
  const score = (lines: number) => {
    const perLine = Math.ceil(count / lines);
    const [along, across] = tall ? [area.height, area.width] : [area.width, area.height];
    const alongSize = (along - (perLine - 1) * spacing) / perLine;
    const acrossSize = (across - (lines - 1) * spacing) / lines;
    const aspect = tall ? acrossSize / alongSize : alongSize / acrossSize;
    return Math.abs(Math.log(aspect / PREFERRED_ASPECT));
  };
  const lines = lineOptions.reduce(
    (best, n) => (score(n) < score(best) - 1e-9 ? n : best),
    lineOptions[0]!,
  );
  const lineSpans = splitLine(
    tall ? area.x : area.y,
    tall ? area.width : area.height,
    lines,
    spacing,
  );
  return lineSpans.flatMap(([start, size], line) => {
    const inLine = Math.floor(count / lines) + (line < count % lines ? 1 : 0);
    return splitLine(tall ? area.y : area.x, tall ? area.height : area.width, inLine, spacing).map(
      ([pos, length]) =>
        tall
          ? { x: start, y: pos, width: size, height: length }
          : { x: pos, y: start, width: length, height: size },
    );
  });
}

function generateSplit(input: GeneratorInput, bordered: boolean): GeneratorResult {
  const v = controlValues(splitControls(input.settings));
  const card = bordered ? MODERN_PHOTO_BORDER.cardWidthCm : 0;
  // With borders, margin and spacing run between the outsides of the cards.
  const spacing = v.borderCM! + 2 * card;
  const content = contentArea(input);
  const { texts, photoArea } = textBands(content, v.hasText!);
  const inner = insetRect(photoArea, v.marginCM! + card);
  const { main, rest } = splitParts(inner, v.position!, v.division!, spacing);
  const middle = MIDDLE_SPLITS[v.middleSplit!]!;
  const mainRects = splitGrid(main, middle.cols, middle.rows, spacing);
  const restRects = fillPart(rest, v.numberHor! - mainRects.length, spacing, v.inline === 1);
  const rects = [...mainRects, ...restRects];
  if (rects.some(tooSmallForSplit)) {
    return {
      ok: false,
      refusal: {
        key: SPLIT_REFUSAL,
        values: { side: SPLIT_MIN_SIDE_CM, area: SPLIT_MIN_AREA_CM2 },
      },
    };
  }
  const slots = rects.map((rect, index) => photoSlot(rect, index));
  const photos = bordered ? withModernBorder(slots) : slots;
  const built = buildLayout(input, { photos, texts, content });
  const layout = bordered ? { ...built, photoBorder: { ...MODERN_PHOTO_BORDER } } : built;
  return { ok: true, layout, warnings: [] };
}

function splitGenerator(name: string, bordered: boolean): Generator {
  return {
    name,
    defaults: (): GeneratorSettings => ({
      position: String(SPLIT_DEFAULTS.position),
      numberHor: String(SPLIT_DEFAULTS.count),
      division: String(SPLIT_DEFAULTS.share),
      middleSplit: String(SPLIT_DEFAULTS.middleSplit),
      borderCM: String(SPLIT_DEFAULTS.spacing),
      marginCM: String(SPLIT_DEFAULTS.margin),
      inline: String(SPLIT_DEFAULTS.inline),
      hasText: '0',
    }),
    controls: (settings: GeneratorSettings, _size: Size, _material: MaterialCode) =>
      splitControls(settings),
    generate: (input) => generateSplit(input, bordered),
  };
}

export const normalsplit = splitGenerator('normalsplit', false);
export const bordersplit = splitGenerator('bordersplit', true);
