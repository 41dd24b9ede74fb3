import type { TextBox } from './box';
import { filterAllowedCharacters } from './characters';
import { fitsAt, type FitStyle } from './fit';
import type { TextMeasurer } from './measure';

/** i18n key of the refusal: 'De titel is te lang voor dit veld.' */
export const TEXT_TOO_LONG_KEY = 'text.tooLong';

export type TextInputResult = { accepted: true; text: string } | { accepted: false; text: string; messageKey: string };

/**
 * The typing filter: the proposed value keeps only allowed characters and is refused (the
 * previous value stays) when it no longer fits the box at the current font size. Making the text
 * shorter is always accepted, so a customer can delete out of a text that an earlier layout made
 * too long.
 */
export function acceptTextInput(previous: string, proposed: string, style: FitStyle, box: TextBox, measurer: TextMeasurer): TextInputResult {
  const text = filterAllowedCharacters(proposed);
  if ([...text].length < [...previous].length || fitsAt(text, style, style.fontSize, box, measurer)) return { accepted: true, text };
  return { accepted: false, text: previous, messageKey: TEXT_TOO_LONG_KEY };
}
