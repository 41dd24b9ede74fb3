/**
 * npm run catalog:thumbs — the card pictures of the catalog (catalog/thumbs/<id>.webp, 240 px on
 * the long side): generated designs drawn from their generator's default layout at the template's
 * first size, static designs from their template file and artwork, with placeholder photos and
 * without their placeholder texts: one picture serves all six locales, so it carries no words
 * (the card's texts are the catalogue's, per locale).
 * Usage: catalog:thumbs [--preview] (--preview also writes 720 px pictures, with the template
 * files' Dutch placeholders, into out/catalog/previews/).
 */
import type { Image } from 'canvaskit-wasm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from '../../src/model/catalog/types';
import { generatorForSource, registerNumberGenerators } from '../../src/model/generators/registry';
import { loadNumberShapes } from '../../server/catalog/numberShapesFile';
import type { Layout } from '../../src/model/layout/types';
import { catalogPath, OUT_DIR, readStaticTemplate, readThemes, thumbSize } from './catalogFiles';
import { decodeImage, loadCanvasKit, makeSurface, saveSurface, type CanvasKit } from './ck';
import { drawLayout } from './drawLayout';
import { Fonts } from './fonts';

/** Every thumbnail is drawn from the same seed, so re-running changes nothing. */
const SEED = 1;
/** WebP quality of the cards: no visible loss at 240 px on a phone's 2x screen. */
const THUMB_QUALITY = 82;

export function layoutOfTemplate(template: Template): Layout {
  if (template.type === 'static') return readStaticTemplate(template.source).layout;
  const generator = generatorForSource(template.source);
  const size = template.sizes[0]!;
  const material = size.materials[0] ?? '';
  const settings = { ...generator.defaults(size, material), ...template.settings };
  const result = generator.generate({
    settings,
    size,
    material,
    seed: SEED,
    designer: template.designer,
    design: template.design,
  });
  if (!result.ok)
    throw new Error(
      `template ${template.id}: the generator refuses its default (${result.refusal.key})`,
    );
  return result.layout;
}

/**
 * Draws the layout and writes it as the path's extension says. The catalog's cards are WebP: a
 * seventh of their PNG bytes (96 kB -> 14 kB for four cards) for the chooser's first paint on a phone.
 */
export async function renderLayoutImage(
  ck: CanvasKit,
  fonts: Fonts,
  layout: Layout,
  longSidePx: number,
  path: string,
  texts = true,
): Promise<{ width: number; height: number; bytes: number }> {
  const images = new Map<string, Image>();
  const image = (url: string): Image => {
    let found = images.get(url);
    if (!found) {
      found = decodeImage(ck, readFileSync(catalogPath(url)));
      images.set(url, found);
    }
    return found;
  };
  const { width, height } =
    longSidePx === 240 ? thumbSize(layout.widthCm, layout.heightCm) : scaled(layout, longSidePx);
  const surface = makeSurface(ck, width, height);
  drawLayout(ck, surface.getCanvas(), layout, {
    scale: width / layout.widthCm,
    fonts,
    image,
    texts,
  });
  const bytes = path.endsWith('.webp')
    ? saveSurface(ck, surface, path, 'webp', THUMB_QUALITY)
    : saveSurface(ck, surface, path);
  surface.delete();
  images.forEach((found) => found.delete());
  return { width, height, bytes };
}

function scaled(layout: Layout, longSidePx: number): { width: number; height: number } {
  const scale = longSidePx / Math.max(layout.widthCm, layout.heightCm);
  return { width: Math.round(layout.widthCm * scale), height: Math.round(layout.heightCm * scale) };
}

async function main(): Promise<void> {
  registerNumberGenerators(loadNumberShapes());
  const ck = await loadCanvasKit();
  const fonts = new Fonts(ck);
  const preview = process.argv.includes('--preview');
  for (const template of readThemes()) {
    if (!template.thumbUrl) continue;
    const layout = layoutOfTemplate(template);
    const written = await renderLayoutImage(
      ck,
      fonts,
      layout,
      240,
      catalogPath(template.thumbUrl),
      false,
    );
    const note =
      written.width === template.thumbWidth && written.height === template.thumbHeight
        ? ''
        : `  (themes.xml says ${template.thumbWidth}x${template.thumbHeight})`;
    console.log(
      `${template.thumbUrl}: ${written.width}x${written.height}, ${written.bytes} bytes${note}`,
    );
    if (preview)
      await renderLayoutImage(
        ck,
        fonts,
        layout,
        720,
        join(OUT_DIR, 'previews', `${template.id}.png`),
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
