import type { TextBox } from './box';
import { filterAllowedCharacters } from './characters';
import { FONT_SIZES_CM, fitsAt, type FitStyle } from './fit';
import type { TextMeasurer } from './measure';
import {
  characterCount,
  MAX_TEXT_CHARACTERS,
  maxLengthMessage,
  type FormMessageKey,
} from './textForm';

/** i18n key of the refusal: 'De titel is te lang voor dit veld.' */
export const TEXT_TOO_LONG_KEY = 'text.tooLong';

/** The widest letter of the fonts: what a typed character must leave room for. */
export const WIDEST_CHARACTER = 'W';

export type TextInputResult =
  { accepted: true; text: string } | { accepted: false; text: string; message: FormMessageKey };

/**
 * What a growing text must leave room for, judged on the text alone: its last character replaced
 * by the widest letter or, when it ends in spaces or a line break, the widest letter after them. A
 * space is worth keeping only when a letter can still follow it, so trailing spaces past the edge
 * are refused like letters are.
 */
export function roomProbe(text: string): string {
  const characters = [...text];
  const last = characters[characters.length - 1];
  if (last === undefined) return '';
  if (/\s/.test(last)) return `${text}${WIDEST_CHARACTER}`;
  return `${characters.slice(0, -1).join('')}${WIDEST_CHARACTER}`;
}

/** `text` is `previous` with characters taken out (Backspace, Delete, cut), nothing put in. */
export function isDeletionFrom(previous: string, text: string): boolean {
  const before = [...previous];
  const after = [...text];
  if (after.length >= before.length) return false;
  let index = 0;
  for (const character of before) if (character === after[index]) index += 1;
  return index === after.length;
}

/**
 * The typing filter: the proposed value keeps only allowed characters and is refused (the
 * previous value stays) when it no longer fits the box at the current font size, or holds more
 * than the saved document takes. Deleting is always accepted, so a customer can delete out of a
 * text that an earlier layout made too long.
 *
 * Beyond the spec: a text is taken only when the widest letter would fit in place of its last
 * character (or after its trailing spaces). Otherwise a full title refuses the 'k' of 'vak' and then
 * takes the narrower 'i' typed after it, and shows 'vai'. The answer depends on the proposed text
 * alone, never on how it got there: typed letter by letter into a cleared field, pasted, or typed
 * over a selection, the same text is accepted or refused alike.
 */
export function acceptTextInput(
  previous: string,
  proposed: string,
  style: FitStyle,
  box: TextBox,
  measurer: TextMeasurer,
): TextInputResult {
  const text = filterAllowedCharacters(proposed);
  if (text === previous || isDeletionFrom(previous, text)) return { accepted: true, text };
  if (characterCount(text) > MAX_TEXT_CHARACTERS) {
    return { accepted: false, text: previous, message: maxLengthMessage(MAX_TEXT_CHARACTERS) };
  }
  const fits = (candidate: string) => fitsAt(candidate, style, style.fontSize, box, measurer);
  if (fits(text) && fits(roomProbe(text))) return { accepted: true, text };
  return { accepted: false, text: previous, message: { key: TEXT_TOO_LONG_KEY } };
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
