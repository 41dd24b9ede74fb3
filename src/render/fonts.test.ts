import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CanvasKit } from 'canvaskit-wasm';
import { describe, expect, it } from 'vitest';
import { FontLibrary, FONT_FILES, FONT_NAMES, fontFamilies, resolveFont } from './fonts';
import { FONT_URLS } from './fontUrls';
import { loadCanvasKit } from './canvaskit';
import { loadNodeFonts } from '../../server/print/assets';

const require = createRequire(import.meta.url);

describe('font manifest', () => {
  it('has one family name per file, a URL for the page and a file for Node for each', () => {
    expect(new Set(FONT_FILES.map((f) => f.family)).size).toBe(FONT_FILES.length);
    expect(Object.keys(FONT_URLS).sort()).toEqual(FONT_FILES.map((f) => f.file).sort());
    for (const file of FONT_FILES) expect(existsSync(require.resolve(file.file))).toBe(true);
  });

  it('matches saved font names loosely and falls back to Roboto', () => {
    expect(resolveFont('IndieFlower')).toBe('Indie Flower');
    expect(resolveFont('indie-flower')).toBe('Indie Flower');
    expect(resolveFont('Futura PT')).toBe('futura-pt');
    expect(resolveFont('CrimsonText-Regular')).toBe('Crimson Text');
    expect(resolveFont('Comic Sans')).toBe('Roboto');
  });

  it('lists latin-ext before latin, then Roboto, then the symbol fallbacks', () => {
    expect(fontFamilies('Rasa')).toEqual([
      'Rasa latin-ext',
      'Rasa',
      'Roboto latin-ext',
      'Roboto',
      'Fallback symbols',
      'Fallback math',
      'Fallback greek',
      'Fallback cyrillic',
    ]);
    expect(fontFamilies('Roboto').slice(0, 3)).toEqual([
      'Roboto latin-ext',
      'Roboto',
      'Fallback symbols',
    ]);
  });

  it('gives every font its latin-1 letters and its latin-ext letters from the right file', async () => {
    const ck = await loadCanvasKit();
    const fonts = await loadNodeFonts();
    const library = FontLibrary.from(ck, fonts);
    library.delete();
    for (const name of FONT_NAMES) {
      const latin = ck.Typeface.MakeTypefaceFromData(fonts.find((f) => f.family === name)!.bytes)!;
      const ext = ck.Typeface.MakeTypefaceFromData(
        fonts.find((f) => f.family === `${name} latin-ext`)!.bytes,
      )!;
      const latinFont = new ck.Font(latin, 20);
      const extFont = new ck.Font(ext, 20);
      expect(Array.from(latinFont.getGlyphIDs('AzéÅÿ€')).every((id) => id !== 0)).toBe(true);
      expect(Array.from(extFont.getGlyphIDs('ŁźĞő')).every((id) => id !== 0)).toBe(true);
      latinFont.delete();
      extFont.delete();
      latin.delete();
      ext.delete();
    }
  });
});

describe('FontLibrary.inTurns (the page: one font file a task)', () => {
  /** The width of a line in each design font, with letters only the fallback files have. */
  function widths(ck: CanvasKit, library: FontLibrary): number[] {
    return FONT_NAMES.map((name) => {
      const style = new ck.ParagraphStyle({
        textStyle: { fontFamilies: fontFamilies(name), fontSize: 40, color: ck.BLACK },
      });
      const builder = ck.ParagraphBuilder.MakeFromFontCollection(style, library.collection);
      builder.addText('Zoë & Łukasz ∑ Ωμέγα Жизнь');
      const paragraph = builder.build();
      paragraph.layout(10_000);
      const width = paragraph.getMaxIntrinsicWidth();
      paragraph.delete();
      builder.delete();
      return width;
    });
  }

  it('takes a turn after each file and shapes exactly as the library registered at once', async () => {
    const ck = await loadCanvasKit();
    const fonts = await loadNodeFonts();
    let turns = 0;
    const library = await FontLibrary.inTurns(ck, fonts, async () => {
      turns += 1;
    });
    const atOnce = FontLibrary.from(ck, fonts);
    expect(turns).toBe(FONT_FILES.length);
    const shaped = widths(ck, library);
    expect(shaped).toEqual(widths(ck, atOnce));
    // Every font its own width: a family that fell back to Roboto would repeat Roboto's.
    expect(new Set(shaped).size).toBe(FONT_NAMES.length);
    library.delete();
    atOnce.delete();
  });

  it('gives up with the error of a failed turn', async () => {
    const ck = await loadCanvasKit();
    const fonts = await loadNodeFonts();
    let turns = 0;
    await expect(
      FontLibrary.inTurns(ck, fonts, async () => {
        turns += 1;
        if (turns === 3) throw new Error('page closed');
      }),
    ).rejects.toThrow('page closed');
    expect(turns).toBe(3);
  });
});
