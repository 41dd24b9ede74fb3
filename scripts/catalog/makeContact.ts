/**
 * npm run catalog:contact — one picture of every catalog card (out/catalog/contact.png) and of the
 * quote images (out/catalog/quotes.png), to look at the range as a customer would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogPath, OUT_DIR, readThemes } from './catalogFiles';
import { color, decodeImage, loadCanvasKit, makeSurface, saveSurface, type CanvasKit } from './ck';
import { Fonts } from './fonts';
import { drawLine, makeFont } from './text';

export interface Card {
  file: string;
  label: string;
}

/** A labelled grid of pictures (PNG/JPEG files), each scaled into a square cell. */
export async function sheet(
  ck: CanvasKit,
  fonts: Fonts,
  cards: Card[],
  cell: number,
  columns: number,
  path: string,
): Promise<void> {
  const labelHeight = 34;
  const gap = 16;
  const rows = Math.ceil(cards.length / columns);
  const surface = makeSurface(
    ck,
    columns * (cell + gap) + gap,
    rows * (cell + labelHeight + gap) + gap,
  );
  const canvas = surface.getCanvas();
  canvas.clear(color(ck, '#f3f1ed'));
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  const font = makeFont(ck, fonts.typeface('Roboto'), 13);
  cards.forEach((card, index) => {
    const left = gap + (index % columns) * (cell + gap);
    const top = gap + Math.floor(index / columns) * (cell + labelHeight + gap);
    if (existsSync(card.file)) {
      const image = decodeImage(ck, readFileSync(card.file));
      const scale = cell / Math.max(image.width(), image.height());
      const width = image.width() * scale;
      const height = image.height() * scale;
      const x = left + (cell - width) / 2;
      const y = top + (cell - height) / 2;
      paint.setColor(color(ck, '#000000', 0.18));
      paint.setMaskFilter(ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, 4, false));
      canvas.drawRect(ck.XYWHRect(x + 2, y + 3, width, height), paint);
      paint.setMaskFilter(null);
      canvas.drawImageRectOptions(
        image,
        ck.XYWHRect(0, 0, image.width(), image.height()),
        ck.XYWHRect(x, y, width, height),
        ck.FilterMode.Linear,
        ck.MipmapMode.Linear,
        null,
      );
      image.delete();
    }
    paint.setColor(color(ck, '#333333'));
    drawLine(
      canvas,
      { font, spacingEm: 0 },
      card.label.slice(0, 34),
      left + cell / 2,
      top + cell + 22,
      paint,
      'center',
    );
  });
  saveSurface(ck, surface, path);
  surface.delete();
  paint.delete();
}

async function main(): Promise<void> {
  const ck = await loadCanvasKit();
  const fonts = new Fonts(ck);
  const templates = readThemes();
  const cards = templates.map((template) => ({
    file: catalogPath(template.thumbUrl),
    label: `${template.id} ${template.namePart} (${template.filters.join(', ')})`,
  }));
  await sheet(ck, fonts, cards, 240, 6, join(OUT_DIR, 'contact.png'));
  const quotesIndex = catalogPath('quotes/index.json');
  if (existsSync(quotesIndex)) {
    const quotes = JSON.parse(readFileSync(quotesIndex, 'utf8')) as {
      id: string;
      file: string;
      text: string;
    }[];
    await sheet(
      ck,
      fonts,
      quotes.map((quote) => ({ file: catalogPath(`quotes/${quote.file}`), label: quote.id })),
      200,
      5,
      join(OUT_DIR, 'quotes.png'),
    );
  }
  console.log(`written: ${join(OUT_DIR, 'contact.png')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
