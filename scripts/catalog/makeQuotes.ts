/**
 * npm run catalog:quotes — the twenty quote images ('Spreuken') in every locale: sayings set in the
 * product's fonts on coloured, painted and printed backgrounds; 1024 x 1024 JPEG with an
 * index.json the server reads. Dutch in catalog/quotes/, every other locale in
 * catalog/quotes/<locale>/ (quoteSayings.ts). Saying n has the same style and background in every
 * locale; only its words differ.
 * Usage: catalog:quotes [locale …] (default: all six).
 */
import type { ArtContext } from './art/core';
import { catalogPath } from './catalogFiles';
import { loadCanvasKit, makeSurface, rng, saveSurface, writeFileAtomic } from './ck';
import { Fonts } from './fonts';
import { QUOTE_LOCALES, quotesFolder, SAYINGS, type QuoteLocale } from './quoteSayings';
import { QUOTE_STYLES, UNITS } from './quoteStyles';

export const QUOTE_SIZE = 1024;
/**
 * JPEG quality of the quote images: six locales of twenty must stay well within the catalogue's
 * size (catalog.test.ts). At 75 the letters and the grain look as they did at 90 side by side at
 * 100 %, and a locale's twenty weigh 2.6 MB instead of 4.9 MB.
 */
export const QUOTE_QUALITY = 75;

export interface QuoteEntry {
  id: string;
  file: string;
  width: number;
  height: number;
  text: string;
}

async function main(locales: readonly QuoteLocale[]): Promise<void> {
  const ck = await loadCanvasKit();
  const fonts = new Fonts(ck);
  for (const locale of locales) {
    const folder = quotesFolder(locale);
    const index: QuoteEntry[] = [];
    let total = 0;
    SAYINGS[locale].forEach((text, number) => {
      const id = `q${number + 1}`;
      const style = QUOTE_STYLES[number % QUOTE_STYLES.length]!;
      const variant = Math.floor(number / QUOTE_STYLES.length);
      const surface = makeSurface(ck, QUOTE_SIZE, QUOTE_SIZE);
      const canvas = surface.getCanvas();
      canvas.scale(QUOTE_SIZE / UNITS, QUOTE_SIZE / UNITS);
      const ctx: ArtContext = {
        ck,
        canvas,
        random: rng(9000 + number),
        pxPerCm: QUOTE_SIZE / UNITS,
        widthCm: UNITS,
        heightCm: UNITS,
      };
      style.draw(ctx, fonts, text, variant);
      const file = `${folder}/${id}.jpg`;
      const bytes = saveSurface(ck, surface, catalogPath(file), 'jpeg', QUOTE_QUALITY);
      surface.delete();
      total += bytes;
      index.push({ id, file: `${id}.jpg`, width: QUOTE_SIZE, height: QUOTE_SIZE, text });
      console.log(`${file} (${style.name}): ${(bytes / 1024).toFixed(0)} kB  ${text}`);
    });
    writeFileAtomic(catalogPath(`${folder}/index.json`), `${JSON.stringify(index, null, 2)}\n`);
    console.log(`${folder}: ${(total / 1024 / 1024).toFixed(2)} MB`);
  }
}

const asked = process.argv.slice(2);
const unknown = asked.filter((locale) => !(QUOTE_LOCALES as readonly string[]).includes(locale));
if (unknown.length) throw new Error(`no sayings for ${unknown.join(', ')}`);
await main(asked.length ? (asked as QuoteLocale[]) : QUOTE_LOCALES);
