/**
 * Measuring is passed in, so the same fitting code runs with CanvasKit in the page, in the
 * screenshot worker and on the print server. The renderer's measurer and its drawing must agree;
 * tests use the fixed-advance measurer below.
 */

export interface TextMeasure {
  /** Width of one line as drawn, letter spacing included. */
  widthCm: number;
  /** The font's natural height of one line (ascent + descent) at this size. */
  lineHeightCm: number;
}

export interface TextMeasurer {
  /**
   * Measures one line (no line breaks) in `font` at `sizeCm`.
   * `letterSpacing` is in em: a fraction of the font size added between two characters
   * (0.1 at 2 cm puts 0.2 cm between letters), so it scales with the text like the glyphs do.
   */
  measure(text: string, font: string, sizeCm: number, letterSpacing: number): TextMeasure;
}

/** Extra width that letter spacing adds to a line: one gap between each two characters. */
export function letterSpacingCm(text: string, sizeCm: number, letterSpacing: number): number {
  const characters = [...text].length;
  return characters > 1 ? (characters - 1) * letterSpacing * sizeCm : 0;
}

/**
 * A measurer for tests: every character advances `advanceEm` × size, a line is
 * `lineHeightEm` × size tall. Same rules as the real one for letter spacing.
 */
export function fixedAdvanceMeasurer(advanceEm = 0.6, lineHeightEm = 1.2): TextMeasurer {
  return {
    measure(text, _font, sizeCm, letterSpacing) {
      const characters = [...text].length;
      return {
        widthCm: characters * advanceEm * sizeCm + letterSpacingCm(text, sizeCm, letterSpacing),
        lineHeightCm: lineHeightEm * sizeCm,
      };
    },
  };
}

/**
 * A measurer that can be swapped: the page fits text with the browser's canvas until CanvasKit
 * has loaded, then with the renderer's own measurer, so what fits is what the canvas and the
 * print draw.
 */
export class SwitchingMeasurer implements TextMeasurer {
  constructor(private current: TextMeasurer) {}

  use(next: TextMeasurer): void {
    this.current = next;
  }

  measure(text: string, font: string, sizeCm: number, letterSpacing: number): TextMeasure {
    return this.current.measure(text, font, sizeCm, letterSpacing);
  }
}
