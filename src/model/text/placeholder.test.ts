import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsAt, type FitStyle } from './fit';
import { acceptTextInput, largerFittingSize, TEXT_TOO_LONG_KEY } from './input';
import { fixedAdvanceMeasurer, type TextMeasurer } from './measure';
import {
  DUTCH_PLACEHOLDERS,
  MAX_PLACEHOLDER_ATTEMPTS,
  placeholderKey,
  shortenPlaceholder,
  textOrPlaceholder,
} from './placeholder';
import nl from '../../i18n/locales/nl.json';

const measurer = fixedAdvanceMeasurer(0.6, 1.2);
const style: FitStyle = {
  font: 'Roboto',
  fontSize: 1,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  paddingCm: 0,
};
// At size 1 a character is 0.6 cm wide; a 10 x 3 box leaves 9.04 cm: 15 characters.
const box = { widthCm: 10, heightCm: 3 };

describe('placeholders', () => {
  it('has Dutch placeholders for title and subtitle, the same as the Dutch locale', () => {
    expect(placeholderKey('txt1')).toBe('text.placeholder.title');
    expect(placeholderKey('txt2')).toBe('text.placeholder.subtitle');
    expect(placeholderKey('img1')).toBeUndefined();
    expect(nl.text.placeholder.title).toBe(DUTCH_PLACEHOLDERS.txt1);
    expect(nl.text.placeholder.subtitle).toBe(DUTCH_PLACEHOLDERS.txt2);
  });

  it('keeps a placeholder that fits', () => {
    expect(shortenPlaceholder('Jouw titel', style, box, measurer)).toEqual({
      text: 'Jouw titel',
      attempts: 0,
    });
  });

  it('removes the last character while it does not fit', () => {
    // 'Jouw ondertitel' has 15 characters and fits; in a 8 cm box (7.04 cm) 11 characters fit.
    expect(
      shortenPlaceholder('Jouw ondertitel', style, { widthCm: 8, heightCm: 3 }, measurer),
    ).toEqual({ text: 'Jouw ondert', attempts: 4 });
  });

  it('does not leave a trailing space', () => {
    // 'Jouw titel' needs 6 cm; in 5.9 cm (4.95 usable: 8 characters) it becomes 'Jouw tit'; in 4 cm (3.04: 5) 'Jouw'.
    expect(
      shortenPlaceholder('Jouw titel', style, { widthCm: 4, heightCm: 3 }, measurer).text,
    ).toBe('Jouw');
  });

  it('gives up after 20 attempts with an empty text', () => {
    const long = 'x'.repeat(40);
    expect(shortenPlaceholder(long, style, box, measurer)).toEqual({
      text: '',
      attempts: MAX_PLACEHOLDER_ATTEMPTS,
    });
    expect(shortenPlaceholder('x'.repeat(35), style, box, measurer)).toEqual({
      text: 'x'.repeat(15),
      attempts: MAX_PLACEHOLDER_ATTEMPTS,
    });
  });

  it('shows the customer text, or the placeholder when the text is empty', () => {
    expect(textOrPlaceholder('Oma 80', 'Jouw titel', style, box, measurer)).toEqual({
      text: 'Oma 80',
      isPlaceholder: false,
    });
    expect(textOrPlaceholder(' \n', 'Jouw titel', style, box, measurer)).toEqual({
      text: 'Jouw titel',
      isPlaceholder: true,
    });
  });

  it('always ends with a fitting prefix or nothing, within 20 attempts', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z ]{0,40}$/),
        fc.double({ min: 0.5, max: 30, noNaN: true }),
        (placeholder, width) => {
          const b = { widthCm: width, heightCm: 3 };
          const result = shortenPlaceholder(placeholder, style, b, measurer);
          expect(result.attempts).toBeLessThanOrEqual(MAX_PLACEHOLDER_ATTEMPTS);
          expect(placeholder.trim().startsWith(result.text)).toBe(true);
          expect(fitsAt(result.text, style, style.fontSize, b, measurer)).toBe(true);
        },
      ),
    );
  });
});

describe('typing filter', () => {
  it('accepts input that fits, filtered', () => {
    expect(acceptTextInput('Oma', 'Oma 😀 80', style, box, measurer)).toEqual({
      accepted: true,
      text: 'Oma  80',
    });
  });

  it('refuses input that no longer fits and keeps the previous text', () => {
    const previous = 'x'.repeat(15);
    expect(acceptTextInput(previous, `${previous}y`, style, box, measurer)).toEqual({
      accepted: false,
      text: previous,
      message: { key: TEXT_TOO_LONG_KEY },
    });
  });

  it('always accepts deleting, even from a text that does not fit', () => {
    const tooLong = 'x'.repeat(30);
    expect(acceptTextInput(tooLong, 'x'.repeat(29), style, box, measurer)).toEqual({
      accepted: true,
      text: 'x'.repeat(29),
    });
  });

  it('counts only the filtered characters', () => {
    expect(acceptTextInput('x'.repeat(15), `${'x'.repeat(15)}😀`, style, box, measurer)).toEqual({
      accepted: true,
      text: 'x'.repeat(15),
    });
  });
});

describe('a full text takes no narrower letters', () => {
  /** Letters as wide as in a real font: i narrow, W and k wide. */
  const proportional: TextMeasurer = {
    measure(text, _font, sizeCm) {
      const em: Record<string, number> = { i: 0.25, l: 0.25, W: 0.95, k: 0.55, m: 0.85 };
      return {
        widthCm: [...text].reduce((sum, c) => sum + (em[c] ?? 0.55) * sizeCm, 0),
        lineHeightCm: 1.2 * sizeCm,
      };
    },
  };
  // 'va' is 1.1 cm at size 1; the box leaves 1.9 cm (2.5 minus a margin of 16 % of 2 cm on each side).
  const narrow = { widthCm: 2.5, heightCm: 2 };

  it("refuses the 'i' typed after a refused 'k': 'vak' never shows as 'vai'", () => {
    expect(acceptTextInput('va', 'vak', style, narrow, proportional)).toMatchObject({
      accepted: false,
      text: 'va',
    });
    expect(acceptTextInput('va', 'vai', style, narrow, proportional)).toMatchObject({
      accepted: false,
      text: 'va',
    });
    expect(acceptTextInput('v', 'va', style, narrow, proportional)).toEqual({
      accepted: true,
      text: 'va',
    });
  });

  it("knows when 'Grotere letters' can only refuse", () => {
    expect(largerFittingSize('va', { ...style, fontSize: 0.706 }, narrow, proportional)).toBe(
      0.917,
    );
    expect(
      largerFittingSize('va', { ...style, fontSize: 1.693 }, narrow, proportional),
    ).toBeUndefined();
    expect(
      largerFittingSize('', { ...style, fontSize: 3.387 }, narrow, proportional),
    ).toBeUndefined();
  });
});
