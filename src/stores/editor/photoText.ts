/**
 * Text on a photo, apart from PhotoEditorStore so the dialog's store reads whole: a new text's
 * defaults and the font sizes the add-text dialog steps through.
 */
import type { TextSlotData } from '../../model/layout/slotTypes';
import type { PhotoSlotLayer } from '../../model/layout/types';
import { FONT_SIZES_CM } from '../../model/text/fit';
import { largerFittingSize } from '../../model/text/input';
import type { TextMeasurer } from '../../model/text/measure';

/** A new text on a photo: the spec's text slot defaults (centre, bottom, Roboto, black, no background). */
export const DEFAULT_PHOTO_TEXT: TextSlotData = {
  txt: '',
  font: 'Roboto',
  fontSize: 1.693,
  color: '#000000',
  align: 'center',
  valign: 'bottom',
  style: '',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: true,
  lineHeight: 0.5,
  background: 'none',
};

const SIZES_UP = [...FONT_SIZES_CM].sort((a, b) => a - b);

/** The next allowed size up at which the text still fits the photo's slot; undefined when none does. */
export function largerSizeThatFits(
  text: TextSlotData,
  layer: PhotoSlotLayer,
  measurer: TextMeasurer,
): number | undefined {
  return largerFittingSize(
    text.txt,
    text,
    { widthCm: layer.width, heightCm: layer.height },
    measurer,
  );
}

/** The next allowed size down; undefined at the smallest. */
export function smallerSize(current: number): number | undefined {
  return [...SIZES_UP].reverse().find((size) => size < current - 1e-9);
}

/** Below the largest allowed size: a larger size exists, so a refused one did not fit. */
export function belowLargestSize(size: number): boolean {
  return size < SIZES_UP[SIZES_UP.length - 1]! - 1e-9;
}
