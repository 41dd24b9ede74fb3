/**
 * The characters a text slot may hold: printable Latin (U+0020–007E and U+00A1–00FF) and line
 * breaks. The product's fonts cover exactly this set in every file we ship, so anything else would
 * print as an empty box or fall back to a different font on the print.
 */

const LINE_BREAK = '\n';

export function isAllowedCharacter(character: string): boolean {
  if (character === LINE_BREAK) return true;
  const code = character.codePointAt(0);
  if (code === undefined || character.length !== 1) return false;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff);
}

/** Pasted text: Windows and old Mac line endings become \n and tabs a space, before filtering. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\r\n?/g, LINE_BREAK).replace(/\t/g, ' ');
}

/**
 * Keeps the allowed characters and drops the rest. Line endings and tabs are normalised first,
 * so a pasted paragraph keeps its breaks and words separated by a tab stay apart.
 */
export function filterAllowedCharacters(text: string): string {
  let kept = '';
  for (const character of normalizeWhitespace(text)) {
    if (isAllowedCharacter(character)) kept += character;
  }
  return kept;
}

/** Saved text: allowed characters only, without leading or trailing spaces and line breaks. */
export function trimSavedText(text: string): string {
  return filterAllowedCharacters(text).trim();
}

/**
 * The text as drawn when 'Hoofdletters?' is ticked. A character whose capital lies outside the
 * allowed set (ÿ → Ÿ, µ → Μ) stays as it is, so caps never produce a glyph the fonts lack;
 * ß becomes SS as the language wants.
 */
export function applyCaps(text: string, caps: boolean): string {
  if (!caps) return text;
  let result = '';
  for (const character of text) {
    const upper = character.toUpperCase();
    result += [...upper].every(isAllowedCharacter) ? upper : character;
  }
  return result;
}
