/**
 * npm run catalog:quotes — the twenty quote images ('Spreuken'): Dutch sayings set in the product's
 * fonts on coloured, painted and printed backgrounds; 1024 x 1024 JPEG in catalog/quotes/ with
 * catalog/quotes/index.json, which the server reads.
 */
import type { ArtContext } from './art/core';
import { catalogPath } from './catalogFiles';
import { loadCanvasKit, makeSurface, rng, saveSurface, writeFileAtomic } from './ck';
import { Fonts } from './fonts';
import { QUOTE_STYLES, UNITS } from './quoteStyles';

export const QUOTE_SIZE = 1024;

export const SAYINGS: readonly string[] = [
  'Geniet van de kleine dingen',
  'Thuis is waar je hart is',
  'Samen is alles leuker',
  'Oost west, thuis best',
  'Liefde is het enige dat groeit als je het deelt',
  'Het leven is mooi',
  'Na regen komt zonneschijn',
  'Vrienden zijn de familie die je zelf kiest',
  'Vandaag is een goede dag',
  'Familie is alles',
  'Volg je hart',
  'Elke dag een feestje',
  'Geluk zit in een klein hoekje',
  'Wees lief voor elkaar',
  'Dromen mag altijd',
  'Alles komt goed',
  'Kleine stapjes, grote dromen',
  'Blijf lachen',
  'Zo blij als een kind',
  'Wie zoet is krijgt lekkers',
];

export interface QuoteEntry {
  id: string;
  file: string;
  width: number;
  height: number;
  text: string;
}

async function main(): Promise<void> {
  const ck = await loadCanvasKit();
  const fonts = new Fonts(ck);
  const index: QuoteEntry[] = [];
  SAYINGS.forEach((text, number) => {
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
    const bytes = saveSurface(ck, surface, catalogPath(`quotes/${id}.jpg`), 'jpeg', 90);
    surface.delete();
    index.push({ id, file: `${id}.jpg`, width: QUOTE_SIZE, height: QUOTE_SIZE, text });
    console.log(`quotes/${id}.jpg (${style.name}): ${(bytes / 1024).toFixed(0)} kB  ${text}`);
  });
  writeFileAtomic(catalogPath('quotes/index.json'), `${JSON.stringify(index, null, 2)}\n`);
}

await main();
