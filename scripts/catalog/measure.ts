/** The model's TextMeasurer backed by CanvasKit and the product fonts (catalog scripts and tests). */
import type { CanvasKit, Font } from 'canvaskit-wasm';
import { letterSpacingCm, type TextMeasurer } from '../../src/model/text/measure';
import type { Fonts } from './fonts';

/** Fonts are measured at this many px per cm; widths scale linearly with the size. */
const MEASURE_PX_PER_CM = 100;

export function canvasKitMeasurer(
  ck: CanvasKit,
  fonts: Fonts,
): TextMeasurer & { font(family: string, sizePx: number): Font } {
  const cache = new Map<string, Font>();
  const fontAt = (family: string, sizePx: number): Font => {
    const key = `${family}@${sizePx}`;
    let font = cache.get(key);
    if (!font) {
      font = new ck.Font(fonts.typeface(family), sizePx);
      font.setSubpixel(true);
      font.setLinearMetrics(true);
      font.setHinting(ck.FontHinting.None);
      cache.set(key, font);
    }
    return font;
  };
  return {
    font: fontAt,
    measure(text, family, sizeCm, letterSpacing) {
      const font = fontAt(family, sizeCm * MEASURE_PX_PER_CM);
      const widths = font.getGlyphWidths(font.getGlyphIDs(text));
      const glyphWidthPx = widths.reduce((sum, width) => sum + width, 0);
      const metrics = font.getMetrics();
      return {
        widthCm: glyphWidthPx / MEASURE_PX_PER_CM + letterSpacingCm(text, sizeCm, letterSpacing),
        lineHeightCm: (metrics.descent - metrics.ascent) / MEASURE_PX_PER_CM,
      };
    },
  };
}
