import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCaps,
  filterAllowedCharacters,
  isAllowedCharacter,
  normalizeWhitespace,
  trimSavedText,
} from './characters';

describe('allowed characters', () => {
  it('keeps the bounds of both ranges and drops what lies just outside', () => {
    expect(isAllowedCharacter('\u0020')).toBe(true);
    expect(isAllowedCharacter('\u007e')).toBe(true);
    expect(isAllowedCharacter('\u00a1')).toBe(true);
    expect(isAllowedCharacter('\u00ff')).toBe(true);
    expect(isAllowedCharacter('\u001f')).toBe(false);
    expect(isAllowedCharacter('\u007f')).toBe(false);
    expect(isAllowedCharacter('\u00a0')).toBe(false);
    expect(isAllowedCharacter('\u0100')).toBe(false);
    expect(isAllowedCharacter('\t')).toBe(false);
    expect(isAllowedCharacter('\n')).toBe(true);
    expect(isAllowedCharacter('ab')).toBe(false);
    expect(isAllowedCharacter('')).toBe(false);
  });

  it('filters emoji, tabs and other scripts but keeps accents and line breaks', () => {
    expect(filterAllowedCharacters('Één\tdag 😀 in Zürich\r\nπ€ & «café»\rend')).toBe(
      'Één dag  in Zürich\n & «café»\nend',
    );
  });

  it('trims saved text after filtering', () => {
    expect(trimSavedText('  \n Hallo wereld 😀 \n ')).toBe('Hallo wereld');
    expect(trimSavedText('\u0000 a')).toBe('a');
  });

  it('returns only allowed characters, idempotently, as a subsequence of the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (input) => {
        const kept = filterAllowedCharacters(input);
        expect([...kept].every(isAllowedCharacter) && filterAllowedCharacters(kept) === kept).toBe(
          true,
        );
        const normalized = normalizeWhitespace(input);
        let cursor = 0;
        const isSubsequence = [...kept].every((character) => {
          cursor = normalized.indexOf(character, cursor);
          if (cursor < 0) return false;
          cursor += character.length;
          return true;
        });
        expect(isSubsequence).toBe(true);
      }),
    );
  });

  it('keeps text made of allowed characters unchanged', () => {
    const allowed = fc.constantFrom(...'abcXYZ 09!~\n¡ÿéßµ'.split(''));
    fc.assert(
      fc.property(fc.array(allowed, { maxLength: 40 }), (characters) => {
        const text = characters.join('');
        expect(filterAllowedCharacters(text)).toBe(text);
      }),
    );
  });

  it('capitalises only into allowed characters', () => {
    expect(applyCaps('café ß ÿ µ', true)).toBe('CAFÉ SS ÿ µ');
    expect(applyCaps('café', false)).toBe('café');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const capped = applyCaps(filterAllowedCharacters(input), true);
        expect([...capped].every(isAllowedCharacter)).toBe(true);
      }),
    );
  });
});
