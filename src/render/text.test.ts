/**
 * The renderer's measurer against the text model's rules: widths scale with the size, letter
 * spacing counts between characters only, and text fitted with it is laid out to fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitText, layoutTextBlock } from '../model/text/fit';
import { innerTextBox } from '../model/text/box';
import type { TextStyle } from '../model/layout/types';
import { loadNodeCanvasKit } from '../../server/print/assets';
import type { FontLibrary } from './fonts';
import { TextPainter } from './text';

let painter: TextPainter;
let fonts: FontLibrary;
beforeAll(async () => {
  const loaded = await loadNodeCanvasKit();
  fonts = loaded.fonts;
  painter = new TextPainter(loaded.ck, fonts);
});
afterAll(() => fonts?.delete());

const style: TextStyle = {
  font: 'Roboto',
  fontSize: 3.387,
  color: '#000000',
  align: 'center',
  valign: 'bottom',
  style: 'normal',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  background: 'none',
};
const words = fc.stringMatching(/^[A-Za-z éèëÅø]{1,24}$/);

describe('TextPainter as the model measurer', () => {
  it('scales widths and line height with the font size', () => {
    fc.assert(
      fc.property(words, fc.double({ min: 0.3, max: 5, noNaN: true }), (text, size) => {
        const one = painter.measure(text, 'Rasa', 1, 0);
        const sized = painter.measure(text, 'Rasa', size, 0);
        expect(sized.widthCm).toBeCloseTo(one.widthCm * size, 9);
        expect(sized.lineHeightCm).toBeCloseTo(one.lineHeightCm * size, 9);
      }),
      { numRuns: 40 },
    );
  });

  it('adds letter spacing between characters only', () => {
    fc.assert(
      fc.property(words, fc.double({ min: 0, max: 0.5, noNaN: true }), (text, spacing) => {
        const plain = painter.measure(text, 'Montserrat', 2, 0).widthCm;
        const spaced = painter.measure(text, 'Montserrat', 2, spacing).widthCm;
        // 0.0005 cm: the paragraph's layout rounds widths to a fraction of a pixel of its raster.
        expect(spaced - plain).toBeCloseTo((text.length - 1) * spacing * 2, 3);
      }),
      { numRuns: 40 },
    );
  });

  it('measures nothing for empty text and a real height for every font', () => {
    for (const font of ['Roboto', 'Indie Flower', 'McLaren', 'futura-pt']) {
      const empty = painter.measure('', font, 2, 0.2);
      expect(empty.widthCm).toBe(0);
      expect(empty.lineHeightCm).toBeGreaterThan(1.5);
    }
    expect(painter.measure('Łódź', 'futura-pt', 1, 0).widthCm).toBeGreaterThan(
      painter.measure('Lodz', 'futura-pt', 1, 0).widthCm * 0.9,
    );
  });

  it('fits a long title into a narrow slot so that its lines are within the box', () => {
    const box = { widthCm: 20, heightCm: 4 };
    const fit = fitText({ text: 'Zomervakantie aan de Zeeuwse kust', style, box }, painter);
    expect(fit.outcome).not.toBe('cleared');
    expect(fit.fontSize).toBeLessThan(style.fontSize);
    const inner = innerTextBox(box, style.paddingCm);
    const block = layoutTextBlock(fit.text, style, fit.fontSize, inner.widthCm, painter);
    expect(block.widthCm).toBeLessThanOrEqual(inner.widthCm + 1e-9);
    expect(block.heightCm).toBeLessThanOrEqual(inner.heightCm + 1e-9);
  });
});
