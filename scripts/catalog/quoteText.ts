/** Setting a saying in a box: the largest size at which balanced lines fit. */
import type { Canvas, CanvasKit, Paint } from 'canvaskit-wasm';
import type { Fonts } from './fonts';
import { drawLine, makeFont, measureLine } from './text';

export interface QuoteType {
  family: string;
  weight?: number;
  caps?: boolean;
  /** Letter spacing in em. */
  spacing?: number;
  /** Baseline distance as a multiple of the size. */
  leading?: number;
  maxSize: number;
}

function wrap(words: string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || fits(candidate)) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export interface SetText {
  lines: string[];
  size: number;
  leading: number;
}

/** Chooses size and line breaks; then narrows the measure while the line count stays, for even lines. */
export function setQuote(
  ck: CanvasKit,
  fonts: Fonts,
  text: string,
  type: QuoteType,
  width: number,
  height: number,
): SetText {
  const words = (type.caps ? text.toUpperCase() : text).split(' ');
  const leading = type.leading ?? 1.25;
  const face = fonts.typeface(type.family, type.weight ?? 400);
  for (let size = type.maxSize; size > 0.3; size *= 0.96) {
    const font = makeFont(ck, face, size);
    const widthOf = (line: string) => measureLine({ font, spacingEm: type.spacing ?? 0 }, line);
    const lines = wrap(words, (line) => widthOf(line) <= width);
    const fits =
      lines.every((line) => widthOf(line) <= width) && lines.length * size * leading <= height;
    if (fits) {
      let narrow = width;
      for (let step = 0; step < 20; step++) {
        const trial = narrow * 0.97;
        const rewrapped = wrap(words, (line) => widthOf(line) <= trial);
        if (rewrapped.length !== lines.length || rewrapped.some((line) => widthOf(line) > trial))
          break;
        narrow = trial;
      }
      const balanced = wrap(words, (line) => widthOf(line) <= narrow);
      font.delete();
      return { lines: balanced, size, leading };
    }
    font.delete();
  }
  throw new Error(`'${text}' does not fit`);
}

/** Draws set lines centred on (cx, cy). */
export function drawQuote(
  ck: CanvasKit,
  canvas: Canvas,
  fonts: Fonts,
  set: SetText,
  type: QuoteType,
  cx: number,
  cy: number,
  paint: Paint,
): void {
  const font = makeFont(ck, fonts.typeface(type.family, type.weight ?? 400), set.size);
  const metrics = font.getMetrics();
  const blockHeight = (set.lines.length - 1) * set.size * set.leading;
  // Centre the block on the lines' visual middle (ascent to descent of a capital line).
  const firstBaseline = cy - blockHeight / 2 - (metrics.ascent + metrics.descent) / 2;
  set.lines.forEach((line, index) =>
    drawLine(
      canvas,
      { font, spacingEm: type.spacing ?? 0 },
      line,
      cx,
      firstBaseline + index * set.size * set.leading,
      paint,
      'center',
    ),
  );
  font.delete();
}
