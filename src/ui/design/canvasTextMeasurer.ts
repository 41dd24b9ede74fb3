import { fixedAdvanceMeasurer, letterSpacingCm, type TextMeasurer } from '../../model/text/measure';

/** Measured at this many px per cm: large enough that rounding of the canvas's metrics does not matter. */
const PX_PER_CM = 40;

/**
 * A text measurer on the page's 2D canvas, until the CanvasKit measurer of the renderer (which
 * must agree with the drawing) replaces it in main.tsx. Without a 2D context (very old browsers,
 * tests) it falls back to the fixed-advance measurer.
 */
export function canvasTextMeasurer(): TextMeasurer {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return fixedAdvanceMeasurer();
  return {
    measure(text, font, sizeCm, letterSpacing) {
      context.font = `${sizeCm * PX_PER_CM}px "${font}", "Jost", sans-serif`;
      const metrics = context.measureText(text);
      const ascent = metrics.fontBoundingBoxAscent || sizeCm * PX_PER_CM * 0.95;
      const descent = metrics.fontBoundingBoxDescent || sizeCm * PX_PER_CM * 0.25;
      return {
        widthCm: metrics.width / PX_PER_CM + letterSpacingCm(text, sizeCm, letterSpacing),
        lineHeightCm: (ascent + descent) / PX_PER_CM,
      };
    },
  };
}
