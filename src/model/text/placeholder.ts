import { SUBTITLE_SLOT, TITLE_SLOT, type TextBox } from './box';
import { filterAllowedCharacters } from './characters';
import { fitsAt, type FitStyle } from './fit';
import type { TextMeasurer } from './measure';

/** i18n keys of the placeholders shown in an empty title or subtitle. */
export const PLACEHOLDER_KEYS: Readonly<Record<string, string>> = {
  [TITLE_SLOT]: 'text.placeholder.title',
  [SUBTITLE_SLOT]: 'text.placeholder.subtitle',
};

/** The Dutch placeholders (canonical; the server and tests use them without i18n). */
export const DUTCH_PLACEHOLDERS: Readonly<Record<string, string>> = {
  [TITLE_SLOT]: 'Jouw titel',
  [SUBTITLE_SLOT]: 'Jouw ondertitel',
};

export function placeholderKey(slot: string): string | undefined {
  return PLACEHOLDER_KEYS[slot];
}

/** The spec's limit on shortening a placeholder. */
export const MAX_PLACEHOLDER_ATTEMPTS = 20;

export interface ShortenedPlaceholder {
  text: string;
  /** Characters removed (0 when the placeholder fits as it is). */
  attempts: number;
}

/**
 * Shortens a placeholder at the slot's own font size: the last character is removed while it
 * does not fit, at most 20 times. A placeholder that still does not fit is cleared: nothing may
 * be drawn outside its box.
 */
export function shortenPlaceholder(
  placeholder: string,
  style: FitStyle,
  box: TextBox,
  measurer: TextMeasurer,
): ShortenedPlaceholder {
  let text = filterAllowedCharacters(placeholder).trim();
  let attempts = 0;
  while (text !== '' && !fitsAt(text, style, style.fontSize, box, measurer)) {
    if (attempts === MAX_PLACEHOLDER_ATTEMPTS) return { text: '', attempts };
    text = [...text].slice(0, -1).join('').trimEnd();
    attempts += 1;
  }
  return { text, attempts };
}

/** What a title or subtitle shows: the customer's text, or the shortened placeholder when empty. */
export function textOrPlaceholder(
  text: string,
  placeholder: string,
  style: FitStyle,
  box: TextBox,
  measurer: TextMeasurer,
): { text: string; isPlaceholder: boolean } {
  if (text.trim() !== '') return { text, isPlaceholder: false };
  return { text: shortenPlaceholder(placeholder, style, box, measurer).text, isPlaceholder: true };
}
