import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitBoxForSlot, innerTextBox, textMarginCm } from './box';
import {
  candidateFontSizes,
  dropLastWord,
  fitsAt,
  fitText,
  FONT_SIZES_CM,
  layoutTextBlock,
  MAX_FIT_STEPS,
  type FitStyle,
} from './fit';
import { fixedAdvanceMeasurer, type TextMeasurer } from './measure';

const measurer = fixedAdvanceMeasurer(0.6, 1.2);
const style = (overrides: Partial<FitStyle> = {}): FitStyle => ({
  font: 'Roboto',
  fontSize: 3.387,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  paddingCm: 0,
  ...overrides,
});

describe('text box', () => {
  it('takes 16 % of the smaller side as margin, plus padding', () => {
    expect(textMarginCm({ widthCm: 20, heightCm: 5 })).toBeCloseTo(0.8);
    const inner = innerTextBox({ widthCm: 20, heightCm: 5 }, 0.2);
    expect(inner.widthCm).toBeCloseTo(18);
    expect(inner.heightCm).toBeCloseTo(3);
    expect(innerTextBox({ widthCm: 1, heightCm: 1 }, 5)).toEqual({ widthCm: 0, heightCm: 0 });
  });

  it('doubles the title height only when a subtitle exists', () => {
    expect(fitBoxForSlot('txt1', { widthCm: 20, heightCm: 3 }, true)).toEqual({
      widthCm: 20,
      heightCm: 6,
    });
    expect(fitBoxForSlot('txt1', { widthCm: 20, heightCm: 3 }, false)).toEqual({
      widthCm: 20,
      heightCm: 3,
    });
    expect(fitBoxForSlot('txt2', { widthCm: 20, heightCm: 3 }, true)).toEqual({
      widthCm: 20,
      heightCm: 3,
    });
  });
});

describe('fitText', () => {
  const box = { widthCm: 20, heightCm: 5 }; // inner 18.4 x 3.4

  it('keeps text that fits at its size', () => {
    const result = fitText({ text: 'Hoi', style: style({ fontSize: 2.54 }), box }, measurer);
    expect(result).toEqual({
      text: 'Hoi',
      fontSize: 2.54,
      lines: ['Hoi'],
      outcome: 'fits',
      steps: 1,
    });
  });

  it('steps down when the height does not fit', () => {
    // 3.387 cm: line 4.06 cm tall > 3.4; 2.54 cm: 3.05 cm fits.
    expect(fitText({ text: 'Hallo', style: style(), box }, measurer)).toMatchObject({
      text: 'Hallo',
      fontSize: 2.54,
      outcome: 'smaller',
      steps: 2,
    });
  });

  it('steps down through the sizes when the width does not fit', () => {
    const text = 'Een hele lange titel die niet past'; // 34 characters: fits at 0.706 (14.4 cm), not at 0.917 (18.7 cm)
    expect(fitText({ text, style: style(), box }, measurer)).toMatchObject({
      text,
      fontSize: 0.706,
      outcome: 'smaller',
      steps: 5,
    });
  });

  it('counts letter spacing in the width', () => {
    const spaced = fitText(
      { text: 'Hallo', style: style({ fontSize: 2.54, letterSpacing: 1 }), box },
      measurer,
    );
    // 2.54: 7.62 + 4 × 2.54 = 17.78 fits; with 1.5 em: 7.62 + 15.24 = 22.86 does not.
    expect(spaced.fontSize).toBe(2.54);
    expect(
      fitText(
        { text: 'Hallo', style: style({ fontSize: 2.54, letterSpacing: 1.5 }), box },
        measurer,
      ).fontSize,
    ).toBe(1.693);
  });

  it('drops words from the end at the smallest size', () => {
    // inner 3.36 cm wide: at 0.564 about 9.9 characters fit.
    const result = fitText(
      { text: 'Hallo lieve mensen', style: style(), box: { widthCm: 4, heightCm: 2 } },
      measurer,
    );
    expect(result).toMatchObject({
      text: 'Hallo',
      fontSize: 0.564,
      outcome: 'shortened',
      steps: 8,
    });
  });

  it('clears text that cannot fit at all', () => {
    const result = fitText(
      { text: 'Hallo', style: style(), box: { widthCm: 1, heightCm: 1 } },
      measurer,
    );
    expect(result).toEqual({ text: '', fontSize: 3.387, lines: [], outcome: 'cleared', steps: 6 });
  });

  it('stops after 20 steps', () => {
    const box = { widthCm: 2, heightCm: 2 }; // one 'ab' fits at 0.564, two do not
    const words = (count: number) => Array.from({ length: count }, () => 'ab').join(' ');
    expect(fitText({ text: words(15), style: style(), box }, measurer)).toMatchObject({
      text: 'ab',
      outcome: 'shortened',
      steps: 20,
    });
    expect(fitText({ text: words(16), style: style(), box }, measurer)).toMatchObject({
      text: '',
      outcome: 'cleared',
      steps: 20,
    });
  });

  it('leaves empty text alone', () => {
    expect(fitText({ text: '  ', style: style({ fontSize: 1.693 }), box }, measurer)).toEqual({
      text: '  ',
      fontSize: 1.693,
      lines: [],
      outcome: 'fits',
      steps: 0,
    });
  });

  it('starts from the largest listed size when the size is not valid', () => {
    expect(candidateFontSizes(Number.NaN)).toEqual(FONT_SIZES_CM);
    expect(candidateFontSizes(2)).toEqual([2, 1.693, 0.917, 0.706, 0.564]);
    expect(candidateFontSizes(0.4)).toEqual([0.4]);
    expect(fitText({ text: 'Hallo', style: style({ fontSize: -1 }), box }, measurer).fontSize).toBe(
      2.54,
    );
  });

  it('measures the capitals that are drawn', () => {
    const seen: string[] = [];
    const recording: TextMeasurer = {
      measure: (text, ...rest) => (seen.push(text), measurer.measure(text, ...rest)),
    };
    fitText({ text: 'straße', style: style({ caps: true, fontSize: 0.564 }), box }, recording);
    expect(seen).toEqual(['STRASSE']);
  });

  it('drops words with the spaces and line breaks around them', () => {
    expect(dropLastWord('een twee\n drie  ')).toBe('een twee');
    expect(dropLastWord('een')).toBe('');
  });
});

describe('multiple lines', () => {
  it('wraps words and adds (1 + lineHeight) × size per further line', () => {
    const block = layoutTextBlock(
      'aaaa bbbb cccc dddd',
      style({ multipleLines: true }),
      1,
      6.8,
      measurer,
    );
    expect(block.lines).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(block.heightCm).toBeCloseTo(1.2 + 1.5);
    expect(block.widthCm).toBeCloseTo(5.4);
  });

  it('keeps line breaks and puts an over-long word on its own line', () => {
    const block = layoutTextBlock(
      'a\nlanggggggggg b',
      style({ multipleLines: true, lineHeight: 1 }),
      1,
      3,
      measurer,
    );
    expect(block.lines).toEqual(['a', 'langgggggggg', 'b']);
    expect(block.heightCm).toBeCloseTo(1.2 + 2 * 2);
  });

  it('honours line breaks in a single-line style without wrapping', () => {
    const block = layoutTextBlock('aaaa bbbb\ncc', style(), 1, 1, measurer);
    expect(block.lines).toEqual(['aaaa bbbb', 'cc']);
  });

  it('uses the default line height when the style has none', () => {
    const block = layoutTextBlock('a\nb', style({ lineHeight: Number.NaN }), 2, 10, measurer);
    expect(block.heightCm).toBeCloseTo(2.4 + 3);
  });

  it('fits a paragraph into a tall box by wrapping', () => {
    const text = 'Voor de liefste oma van de hele wereld, met dank voor alles';
    const single = fitText({ text, style: style(), box: { widthCm: 10, heightCm: 10 } }, measurer);
    const multi = fitText(
      { text, style: style({ multipleLines: true }), box: { widthCm: 10, heightCm: 10 } },
      measurer,
    );
    expect(multi.fontSize).toBeGreaterThan(single.fontSize);
    expect(multi.lines.length).toBeGreaterThan(1);
  });
});

describe('fitText properties', () => {
  const word = fc.stringMatching(/^[A-Za-z0-9éß!?]{1,12}$/);
  const text = fc.array(word, { minLength: 1, maxLength: 30 }).chain((words) =>
    fc
      .array(fc.constantFrom(' ', '  ', '\n'), {
        minLength: words.length,
        maxLength: words.length,
      })
      .map((gaps) => words.map((w, i) => (i ? gaps[i]! : '') + w).join('')),
  );
  const fitStyle = fc.record({
    font: fc.constant('Roboto'),
    fontSize: fc.constantFrom(...FONT_SIZES_CM),
    letterSpacing: fc.double({ min: 0, max: 1, noNaN: true }),
    caps: fc.boolean(),
    multipleLines: fc.boolean(),
    lineHeight: fc.double({ min: 0, max: 2, noNaN: true }),
    paddingCm: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  const box = fc.record({
    widthCm: fc.double({ min: 0.5, max: 120, noNaN: true }),
    heightCm: fc.double({ min: 0.5, max: 60, noNaN: true }),
  });

  it('returns text that fits, or clears it; within 20 steps; with listed sizes not above the start', () => {
    fc.assert(
      fc.property(text, fitStyle, box, (input, fs, b) => {
        const result = fitText({ text: input, style: fs, box: b }, measurer);
        expect(result.steps).toBeLessThanOrEqual(MAX_FIT_STEPS);
        expect(FONT_SIZES_CM).toContain(result.fontSize);
        expect(result.fontSize).toBeLessThanOrEqual(fs.fontSize);
        expect(input.startsWith(result.text)).toBe(true);
        if (result.outcome === 'cleared') expect(result.text).toBe('');
        else expect(fitsAt(result.text, fs, result.fontSize, b, measurer)).toBe(true);
        if (result.outcome === 'fits') expect(result.text).toBe(input);
      }),
    );
  });

  it('never makes a fitting text smaller', () => {
    fc.assert(
      fc.property(text, fitStyle, box, (input, fs, b) => {
        fc.pre(fitsAt(input, fs, fs.fontSize, b, measurer));
        expect(fitText({ text: input, style: fs, box: b }, measurer)).toMatchObject({
          text: input,
          fontSize: fs.fontSize,
          outcome: 'fits',
          steps: 1,
        });
      }),
    );
  });
});
