import type { TextBox } from './box';
import { filterAllowedCharacters } from './characters';
import { FONT_SIZES_CM, fitsAt, type FitStyle } from './fit';
import type { TextMeasurer } from './measure';

/** i18n key of the refusal: 'De titel is te lang voor dit veld.' */
export const TEXT_TOO_LONG_KEY = 'text.tooLong';

/** The widest letter of the fonts: what a typed character must leave room for. */
export const WIDEST_CHARACTER = 'W';

export type TextInputResult =
  { accepted: true; text: string } | { accepted: false; text: string; messageKey: string };

/** The characters `proposed` adds to `previous` (the part between their common start and end), or null when it adds none. */
export function insertedRange(
  previous: string,
  proposed: string,
): { start: number; end: number } | null {
  const before = [...previous];
  const after = [...proposed];
  if (after.length <= before.length) return null;
  let start = 0;
  while (start < before.length && before[start] === after[start]) start += 1;
  let tail = 0;
  while (
    tail < before.length - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return { start, end: after.length - tail };
}

/**
 * The typing filter: the proposed value keeps only allowed characters and is refused (the
 * previous value stays) when it no longer fits the box at the current font size. Making the text
 * shorter is always accepted, so a customer can delete out of a text that an earlier layout made
 * too long.
 *
 * Beyond the spec: a typed character is taken only when the widest letter would fit in its place.
 * Otherwise a full title refuses the 'k' of 'vak' and then takes the narrower 'i' typed after it,
 * and shows 'vai'. A text is full for every letter at once, so what shows is what was typed, cut.
 */
export function acceptTextInput(
  previous: string,
  proposed: string,
  style: FitStyle,
  box: TextBox,
  measurer: TextMeasurer,
): TextInputResult {
  const text = filterAllowedCharacters(proposed);
  const characters = [...text];
  if (
    characters.length <= [...previous].length &&
    (characters.length < [...previous].length || fitsAt(text, style, style.fontSize, box, measurer))
  ) {
    return { accepted: true, text };
  }
  const inserted = insertedRange(previous, text);
  const widest = inserted
    ? characters
        .map((character, index) =>
          index >= inserted.start && index < inserted.end && !/\s/.test(character)
            ? WIDEST_CHARACTER
            : character,
        )
        .join('')
    : text;
  if (
    fitsAt(text, style, style.fontSize, box, measurer) &&
    fitsAt(widest, style, style.fontSize, box, measurer)
  )
    return { accepted: true, text };
  return { accepted: false, text: previous, messageKey: TEXT_TOO_LONG_KEY };
}

/**
 * The next listed font size up that the text still fits at, or undefined: 'Grotere letters' is
 * disabled then (it could only refuse).
 */
export function largerFittingSize(
  text: string,
  style: FitStyle,
  box: TextBox,
  measurer: TextMeasurer,
): number | undefined {
  const next = [...FONT_SIZES_CM].reverse().find((size) => size > style.fontSize + 1e-9);
  if (next === undefined) return undefined;
  return fitsAt(text, style, next, box, measurer) ? next : undefined;
}
