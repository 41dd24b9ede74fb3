/** Single-line text for the catalog scripts: measuring with letter spacing, drawing aligned. */
import type { Canvas, CanvasKit, Font, Paint, Typeface } from 'canvaskit-wasm';

export interface TextRun {
  font: Font;
  /** Extra space between characters as a fraction of the font size (em). */
  spacingEm: number;
}

export function makeFont(ck: CanvasKit, typeface: Typeface, sizePx: number): Font {
  const font = new ck.Font(typeface, sizePx);
  // Sizes are often in cm under a scaled canvas: hinted (whole-pixel) advances at such small
  // sizes would be scaled up into visible gaps and overlaps.
  font.setSubpixel(true);
  font.setLinearMetrics(true);
  font.setHinting(ck.FontHinting.None);
  font.setEdging(ck.FontEdging.AntiAlias);
  return font;
}

function advances(run: TextRun, text: string): number[] {
  const glyphs = run.font.getGlyphIDs(text);
  return Array.from(run.font.getGlyphWidths(glyphs));
}

export function measureLine(run: TextRun, text: string): number {
  const widths = advances(run, text);
  const spacing = run.spacingEm * run.font.getSize();
  return widths.reduce((sum, width) => sum + width, 0) + spacing * Math.max(0, widths.length - 1);
}

/** Draws one line with its baseline at y; x is the left, centre or right edge per align. */
export function drawLine(
  canvas: Canvas,
  run: TextRun,
  text: string,
  x: number,
  y: number,
  paint: Paint,
  align: 'left' | 'center' | 'right' = 'left',
): void {
  const width = measureLine(run, text);
  let left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
  if (run.spacingEm === 0) {
    canvas.drawText(text, left, y, paint, run.font);
    return;
  }
  const widths = advances(run, text);
  const spacing = run.spacingEm * run.font.getSize();
  [...text].forEach((char, index) => {
    canvas.drawText(char, left, y, paint, run.font);
    left += (widths[index] ?? 0) + spacing;
  });
}

/** The largest size (px) at which every line fits the width, at most maxPx. */
export function fitSize(
  typefaceFont: (sizePx: number) => Font,
  lines: string[],
  spacingEm: number,
  widthPx: number,
  maxPx: number,
): number {
  let size = maxPx;
  for (let step = 0; step < 60 && size > 4; step++) {
    const font = typefaceFont(size);
    const widest = Math.max(...lines.map((line) => measureLine({ font, spacingEm }, line)));
    font.delete();
    if (widest <= widthPx) return size;
    size *= 0.95;
  }
  return size;
}
