/**
 * Title and subtitle bands of generated designs (see common.ts for the readings of the spec):
 * hasText 0 none, 1 top, 2 bottom, 3 top with subtitle, 4 bottom with subtitle; a title unit of
 * 6 % of the area's smaller side (1.2..5 cm), doubled for the title when a subtitle exists;
 * padding 16 % of the text layer's smaller side; futura-pt, centre, bottom, black, no background.
 */
import type { Rect, TextSlotLayer, TextStyle } from '../layout/types';
import { clamp, round, roundRect } from './geometry';

export const GENERATED_TEXT_FONT = 'futura-pt';
/** The fitting algorithm's font sizes in cm (editor spec), smallest first. */
export const FONT_SIZES_CM: readonly number[] = [0.564, 0.706, 0.917, 1.693, 2.54, 3.387];
export const TEXT_MARGIN_RATIO = 0.16;
export const TITLE_UNIT_RATIO = 0.06;
export const TITLE_UNIT_MIN_CM = 1.2;
export const TITLE_UNIT_MAX_CM = 5;

export const HasText = {
  None: 0,
  Top: 1,
  Bottom: 2,
  TopWithSubtitle: 3,
  BottomWithSubtitle: 4,
} as const;
export type HasText = (typeof HasText)[keyof typeof HasText];
export const HAS_TEXT_MAX = 4;

/** The largest fitting-algorithm size that fits the layer's inner height (at least the smallest). */
export function fontSizeFor(innerHeightCm: number): number {
  let chosen = FONT_SIZES_CM[0]!;
  for (const size of FONT_SIZES_CM) if (size <= innerHeightCm) chosen = size;
  return chosen;
}

/**
 * The text margin (16 % of the smaller side) is not padding: the fitting box of src/model/text
 * takes it off, so padding stays 0 (both would take the margin twice and shrink every title).
 */
export function textStyle(width: number, height: number): TextStyle {
  const marginCm = round(TEXT_MARGIN_RATIO * Math.min(width, height));
  return {
    font: GENERATED_TEXT_FONT,
    fontSize: fontSizeFor(height - 2 * marginCm),
    color: '#000000',
    align: 'center',
    valign: 'bottom',
    style: 'normal',
    paddingCm: 0,
    letterSpacing: 0,
    caps: false,
    multipleLines: false,
    lineHeight: 0.5,
    background: 'none',
  };
}

export function textLayer(slot: string, rect: Rect): TextSlotLayer {
  const r = roundRect(rect);
  return { kind: 'text', slot, ...r, rotation: 0, style: textStyle(r.width, r.height) };
}

export function titleUnitCm(area: Rect): number {
  return clamp(
    TITLE_UNIT_RATIO * Math.min(area.width, area.height),
    TITLE_UNIT_MIN_CM,
    TITLE_UNIT_MAX_CM,
  );
}

export function normaliseHasText(value: number): HasText {
  const whole = Math.round(value);
  return (whole >= 0 && whole <= HAS_TEXT_MAX ? whole : 0) as HasText;
}

/** Reserve the title (and subtitle) band at the top or bottom; return texts and what is left. */
export function textBands(
  area: Rect,
  hasText: number,
): { texts: TextSlotLayer[]; photoArea: Rect } {
  const option = normaliseHasText(hasText);
  if (option === HasText.None) return { texts: [], photoArea: area };
  const unit = titleUnitCm(area);
  const subtitle = option === HasText.TopWithSubtitle || option === HasText.BottomWithSubtitle;
  const top = option === HasText.Top || option === HasText.TopWithSubtitle;
  const titleHeight = subtitle ? 2 * unit : unit;
  const band = titleHeight + (subtitle ? unit : 0);
  const bandY = top ? area.y : area.y + area.height - band;
  const texts = [
    textLayer('txt1', { x: area.x, y: bandY, width: area.width, height: titleHeight }),
  ];
  if (subtitle)
    texts.push(
      textLayer('txt2', { x: area.x, y: bandY + titleHeight, width: area.width, height: unit }),
    );
  const photoArea = {
    x: area.x,
    y: top ? area.y + band : area.y,
    width: area.width,
    height: area.height - band,
  };
  return { texts, photoArea };
}
