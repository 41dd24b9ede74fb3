import type { TextStyle } from '../layout/types';
import { innerTextBox, type TextBox } from './box';
import { applyCaps } from './characters';
import type { TextMeasurer } from './measure';

/** The spec's font sizes in cm, largest first: fitting steps down through them. */
export const FONT_SIZES_CM: readonly number[] = [3.387, 2.54, 1.693, 0.917, 0.706, 0.564];
/** The spec's limit on fitting: at most 20 tries (font sizes and dropped words together). */
export const MAX_FIT_STEPS = 20;
/** Default extra space between lines, as a fraction of the font size. */
export const DEFAULT_LINE_HEIGHT = 0.5;

const TOLERANCE_CM = 1e-9;

export type FitStyle = Pick<
  TextStyle,
  'font' | 'fontSize' | 'letterSpacing' | 'caps' | 'multipleLines' | 'lineHeight' | 'paddingCm'
>;

export interface TextBlock {
  /** The lines as drawn (caps applied, wrapped when the style allows multiple lines). */
  lines: string[];
  widthCm: number;
  heightCm: number;
}

/**
 * Lays out `text` at `sizeCm` for a box `maxWidthCm` wide.
 * Line breaks always start a new line; a multi-line style also wraps words greedily at the
 * width (a single word wider than the box stays on its own line and makes the text not fit).
 * Line height: consecutive baselines are (1 + lineHeight) × size apart, so the default 0.5 gives
 * the usual 1.5 line spacing; the block is the first line's natural height plus that advance for
 * every further line.
 */
export function layoutTextBlock(
  text: string,
  style: FitStyle,
  sizeCm: number,
  maxWidthCm: number,
  measurer: TextMeasurer,
): TextBlock {
  const measure = (line: string) => measurer.measure(line, style.font, sizeCm, style.letterSpacing);
  const paragraphs = applyCaps(text, style.caps).split('\n');
  const lines = style.multipleLines
    ? paragraphs.flatMap((paragraph) => wrapWords(paragraph, maxWidthCm, measure))
    : paragraphs;
  let widthCm = 0;
  let naturalLineHeightCm = 0;
  lines.forEach((line, index) => {
    const measured = measure(line);
    widthCm = Math.max(widthCm, measured.widthCm);
    if (index === 0) naturalLineHeightCm = measured.lineHeightCm;
  });
  const lineHeight =
    Number.isFinite(style.lineHeight) && style.lineHeight >= 0
      ? style.lineHeight
      : DEFAULT_LINE_HEIGHT;
  const heightCm = naturalLineHeightCm + (lines.length - 1) * sizeCm * (1 + lineHeight);
  return { lines, widthCm, heightCm };
}

function wrapWords(
  paragraph: string,
  maxWidthCm: number,
  measure: (line: string) => { widthCm: number },
): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of paragraph.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current === '' || measure(candidate).widthCm <= maxWidthCm + TOLERANCE_CM) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  return lines;
}

/** Whether `text` fits `box` at `sizeCm` (text margin and padding taken off the box first). */
export function fitsAt(
  text: string,
  style: FitStyle,
  sizeCm: number,
  box: TextBox,
  measurer: TextMeasurer,
): boolean {
  return measureFit(text, style, sizeCm, box, measurer).fits;
}

function measureFit(
  text: string,
  style: FitStyle,
  sizeCm: number,
  box: TextBox,
  measurer: TextMeasurer,
): TextBlock & { fits: boolean } {
  if (text.trim() === '') return { lines: [], widthCm: 0, heightCm: 0, fits: true };
  const inner = innerTextBox(box, style.paddingCm);
  const block = layoutTextBlock(text, style, sizeCm, inner.widthCm, measurer);
  const fits =
    block.widthCm <= inner.widthCm + TOLERANCE_CM &&
    block.heightCm <= inner.heightCm + TOLERANCE_CM;
  return { ...block, fits };
}

/** The sizes fitting tries: the current size, then every listed size below it. */
export function candidateFontSizes(currentCm: number): number[] {
  if (!Number.isFinite(currentCm) || currentCm <= 0) return [...FONT_SIZES_CM];
  return [currentCm, ...FONT_SIZES_CM.filter((size) => size < currentCm - TOLERANCE_CM)];
}

/** Removes the last word and the spaces or line breaks around it. */
export function dropLastWord(text: string): string {
  return text.replace(/\s*\S+\s*$/, '');
}

export type FitOutcome = 'fits' | 'smaller' | 'shortened' | 'cleared';

export interface FitResult {
  text: string;
  fontSize: number;
  lines: string[];
  outcome: FitOutcome;
  /** Tries used (each font size or shortened text measured once); never above MAX_FIT_STEPS. */
  steps: number;
}

export interface FitRequest {
  text: string;
  style: FitStyle;
  box: TextBox;
}

/**
 * The spec's fitting: try the current size, then step down through the listed sizes; if the
 * smallest still does not fit, drop words from the end; if nothing fits within 20 tries, clear.
 * The font size never grows: a customer's smaller choice is kept.
 */
export function fitText({ text, style, box }: FitRequest, measurer: TextMeasurer): FitResult {
  const startSize =
    Number.isFinite(style.fontSize) && style.fontSize > 0 ? style.fontSize : FONT_SIZES_CM[0]!;
  if (text.trim() === '')
    return { text, fontSize: startSize, lines: [], outcome: 'fits', steps: 0 };
  let steps = 0;
  let smallest = startSize;
  for (const size of candidateFontSizes(style.fontSize)) {
    if (steps >= MAX_FIT_STEPS) break;
    steps += 1;
    smallest = size;
    const fit = measureFit(text, style, size, box, measurer);
    if (fit.fits)
      return {
        text,
        fontSize: size,
        lines: fit.lines,
        outcome: size === startSize ? 'fits' : 'smaller',
        steps,
      };
  }
  let shortened = text;
  while (steps < MAX_FIT_STEPS) {
    shortened = dropLastWord(shortened);
    if (shortened.trim() === '') break;
    steps += 1;
    const fit = measureFit(shortened, style, smallest, box, measurer);
    if (fit.fits)
      return { text: shortened, fontSize: smallest, lines: fit.lines, outcome: 'shortened', steps };
  }
  return { text: '', fontSize: startSize, lines: [], outcome: 'cleared', steps };
}
