/**
 * The spec's text-form messages (templates-photos-text §5, editor-core §5) as i18n keys with their
 * values, and the rules that choose them. One place, so the title dialog, the add-text dialog, the
 * sign-in form and the saved document agree on the same limits.
 */

export interface FormMessageKey {
  key: string;
  values?: Record<string, number>;
}

/** 'Dit is een verplicht veld.' */
export const REQUIRED_KEY = 'forms.required';
/** 'Dit veld moet minimaal N tekens langs zijn' */
export const MIN_LENGTH_KEY = 'textForm.minLength';
/** 'Dit veld max maximaal N tekens langs zijn' */
export const MAX_LENGTH_KEY = 'textForm.maxLength';
/** 'De titel moet uniek zijn.' */
export const UNIQUE_TITLE_KEY = 'textForm.uniqueTitle';
/** 'De omschrijving moet uniek zijn.' */
export const UNIQUE_DESCRIPTION_KEY = 'textForm.uniqueDescription';

/**
 * The most characters one text (a title, a subtitle, a text on a photo) may hold. The saved
 * document refuses more, so the form must never accept more: a small font in a large box could
 * otherwise fit a pasted page that no later load would read.
 */
export const MAX_TEXT_CHARACTERS = 5000;

export function minLengthMessage(count: number): FormMessageKey {
  return { key: MIN_LENGTH_KEY, values: { count } };
}

export function maxLengthMessage(count: number): FormMessageKey {
  return { key: MAX_LENGTH_KEY, values: { count } };
}

/** Characters as the customer counts them (an accented letter is one, whatever its UTF-16 length). */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * A length rule of a form field: empty is 'required' (when the field is), then the minimum, then
 * the maximum. Null when the value passes. The value is judged trimmed, as it is sent and saved.
 */
export function lengthMessage(
  value: string,
  rule: { required?: boolean; min?: number; max?: number },
): FormMessageKey | null {
  const count = characterCount(value.trim());
  if (count === 0) return rule.required ? { key: REQUIRED_KEY } : null;
  if (rule.min !== undefined && count < rule.min) return minLengthMessage(rule.min);
  if (rule.max !== undefined && count > rule.max) return maxLengthMessage(rule.max);
  return null;
}

/** Title and subtitle compared as they print: trimmed, ignoring case and runs of spaces. */
function comparable(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * Title and subtitle ('omschrijving') must differ: the same words twice on a collage is a slip
 * (a paste into the wrong field). The field the customer edited last carries the message: 'De
 * titel moet uniek zijn.' under the title, 'De omschrijving moet uniek zijn.' under the subtitle.
 * An empty field never clashes.
 */
export function uniquenessMessage(
  title: string,
  subtitle: string,
  editedLast: 'title' | 'subtitle',
): { field: 'title' | 'subtitle'; message: FormMessageKey } | null {
  const a = comparable(title);
  if (a === '' || a !== comparable(subtitle)) return null;
  return editedLast === 'title'
    ? { field: 'title', message: { key: UNIQUE_TITLE_KEY } }
    : { field: 'subtitle', message: { key: UNIQUE_DESCRIPTION_KEY } };
}
