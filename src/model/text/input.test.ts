import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsAt, type FitStyle } from './fit';
import { acceptTextInput, isDeletionFrom, roomProbe, TEXT_TOO_LONG_KEY } from './input';
import type { TextMeasurer } from './measure';
import { MAX_LENGTH_KEY, MAX_TEXT_CHARACTERS } from './textForm';

/** Letters about as wide as in a real font (em): i narrow, W the widest, a space narrow. */
const EM: Record<string, number> = { i: 0.25, l: 0.25, ' ': 0.28, W: 0.95, m: 0.85, k: 0.55 };
const proportional: TextMeasurer = {
  measure(text, _font, sizeCm) {
    return {
      widthCm: [...text].reduce((sum, c) => sum + (EM[c] ?? 0.55) * sizeCm, 0),
      lineHeightCm: 1.2 * sizeCm,
    };
  },
};
const style: FitStyle = {
  font: 'Roboto',
  fontSize: 1,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  paddingCm: 0,
};
const accept = (previous: string, proposed: string, width: number) =>
  acceptTextInput(previous, proposed, style, { widthCm: width, heightCm: 3 }, proportional);

/** Typing `text` letter by letter after `start` (a cleared field, or a selection typed over). */
function typed(start: string, text: string, width: number): string {
  let current = start;
  const letters = [...text];
  for (let end = 1; end <= letters.length; end++) {
    const result = accept(current, letters.slice(0, end).join(''), width);
    if (!result.accepted) break;
    current = result.text;
  }
  return current;
}

const titles = fc.stringMatching(/^[a-zA-Z0-9 ]{1,30}$/);
const widths = fc.double({ min: 2, max: 25, noNaN: true });

describe('the same text gets the same answer however it was entered', () => {
  it("'Zomer in Toscane 2025' over 'Kort': pasted, typed over the selection and typed into a cleared field", () => {
    const text = 'Zomer in Toscane 2025';
    for (const width of [10, 12, 14, 16, 18, 20, 25]) {
      const pasted = accept('Kort', text, width).accepted;
      expect(typed('', text, width) === text).toBe(pasted);
      expect(typed('Kort'.slice(0, 0), text, width) === text).toBe(pasted);
    }
    // Wide enough for the text: taken every way.
    expect(accept('Kort', text, 20)).toEqual({ accepted: true, text });
  });

  it('pasting a text is accepted exactly when typing it letter by letter into a cleared field is', () => {
    fc.assert(
      fc.property(titles, widths, (text, width) => {
        expect(typed('', text, width) === text).toBe(accept('', text, width).accepted);
      }),
    );
  });

  it('what was typed before does not change the answer for the same text', () => {
    fc.assert(
      fc.property(titles, titles, widths, (before, text, width) => {
        const previous = typed('', before, width);
        // Not a deletion of the previous text: judged on the text alone.
        fc.pre(!isDeletionFrom(previous, text) && previous !== text);
        expect(accept(previous, text, width).accepted).toBe(accept('', text, width).accepted);
      }),
    );
  });

  it('a typed text stops where the text no longer leaves room for the widest letter', () => {
    fc.assert(
      fc.property(titles, widths, (text, width) => {
        const result = typed('', text, width);
        const box = { widthCm: width, heightCm: 3 };
        expect(fitsAt(result, style, 1, box, proportional)).toBe(true);
        if (result !== '')
          expect(fitsAt(roomProbe(result), style, 1, box, proportional)).toBe(true);
      }),
    );
  });
});

describe('spaces past the limit', () => {
  // The 3 cm box leaves 2.04 cm (a margin of 16 % of 3 cm on each side).
  it('are refused typed and pasted alike: a space is kept only when a letter can follow it', () => {
    // 'mi' is 1.1 cm and leaves room for a W (1.8 cm); 'mi W' would be 2.33 cm.
    const full = 'mi';
    expect(accept('', full, 3).accepted).toBe(true);
    expect(accept(full, `${full} `, 3)).toEqual({
      accepted: false,
      text: full,
      message: { key: TEXT_TOO_LONG_KEY },
    });
    expect(accept('', `${full}   `, 3).accepted).toBe(false);
    expect(typed('', `${full}   `, 3)).toBe(full);
  });

  it('take a space where a word can still follow', () => {
    expect(accept('ii', 'ii ', 3)).toEqual({ accepted: true, text: 'ii ' });
    expect(accept('ii ', 'ii i', 3)).toEqual({ accepted: true, text: 'ii i' });
  });

  it('the probe puts the widest letter after trailing spaces and line breaks, in place of a last letter', () => {
    expect(roomProbe('ab')).toBe('aW');
    expect(roomProbe('ab  ')).toBe('ab  W');
    expect(roomProbe('ab\n')).toBe('ab\nW');
    expect(roomProbe('')).toBe('');
  });
});

describe('deleting and the length limit', () => {
  it('deleting is always accepted, even out of a text that no longer fits', () => {
    const overlong = 'mmmmmmmmmm';
    expect(accept(overlong, 'mmmmmmmmm', 3)).toEqual({ accepted: true, text: 'mmmmmmmmm' });
    expect(accept(overlong, 'mmmm', 3)).toEqual({ accepted: true, text: 'mmmm' });
  });

  it('a shorter text that is no deletion is judged like any other', () => {
    expect(accept('iiiiiii', 'WWWWWW', 3).accepted).toBe(false);
  });

  it('recognises deletions', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.array(fc.nat(11)), (text, drops) => {
        const letters = [...text];
        const kept = letters.filter((_, index) => !drops.includes(index)).join('');
        expect(isDeletionFrom(text, kept)).toBe(kept.length < letters.length);
      }),
    );
    expect(isDeletionFrom('abc', 'abd')).toBe(false);
    expect(isDeletionFrom('abc', 'abc')).toBe(false);
  });

  it(`refuses more than ${MAX_TEXT_CHARACTERS} characters with the maximum-length message`, () => {
    const huge = { widthCm: 1e6, heightCm: 3 };
    const atLimit = 'i'.repeat(MAX_TEXT_CHARACTERS);
    expect(acceptTextInput('', atLimit, style, huge, proportional).accepted).toBe(true);
    expect(acceptTextInput(atLimit, `${atLimit}i`, style, huge, proportional)).toEqual({
      accepted: false,
      text: atLimit,
      message: { key: MAX_LENGTH_KEY, values: { count: MAX_TEXT_CHARACTERS } },
    });
  });
});
