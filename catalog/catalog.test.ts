/**
 * The shop's real catalog, read as the server and the editor read it: themes.xml and its
 * translations, the static template files and their artwork, the thumbnails and the folder's size
 * (the quote images: quotes.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeGap, unknownTextLocales, untranslated } from '../src/model/catalog/catalogTexts';
import { priceFromDescription } from '../src/model/catalog/prices';
import { parseThemes } from '../src/model/catalog/themes';
import type { Template } from '../src/model/catalog/types';
import { readTemplateXml, type StaticTemplateDocument } from '../src/model/document/templateXml';
import {
  GENERATORS,
  generatorForSource,
  generatorNameFromSource,
  registerNumberGenerators,
} from '../src/model/generators/registry';
import { loadNumberShapes } from '../server/catalog/numberShapesFile';
import type { Layer, Rect } from '../src/model/layout/types';
import { fitBoxForSlot, SUBTITLE_SLOT } from '../src/model/text/box';
import { isAllowedCharacter } from '../src/model/text/characters';
import { fitsAt } from '../src/model/text/fit';
import type { TextMeasurer } from '../src/model/text/measure';
import { CATALOG_DIR, THUMB_LONG_SIDE } from '../scripts/catalog/catalogFiles';
import { decodeImage, loadCanvasKit, type CanvasKit } from '../scripts/catalog/ck';
import { Fonts } from '../scripts/catalog/fonts';
import { imageInfo, type ImageInfo } from '../scripts/catalog/imageInfo';
import { canvasKitMeasurer } from '../scripts/catalog/measure';

const THEME_FILTERS = [
  'basic',
  'modern',
  'classic',
  'retro',
  'vintage',
  'illustration',
  'painting',
];
const MAX_ARTWORK_BYTES = 1.5 * 1024 * 1024;
const MAX_CATALOG_BYTES = 25 * 1024 * 1024;
const MIN_ARTWORK_PX_PER_CM = 20;
const MAX_ARTWORK_SIDE_PX = 2000;

const file = (relative: string) => join(CATALOG_DIR, relative);
const LOCALES = ['nl', 'en', 'de', 'fr', 'it', 'es'];

interface EditorTexts {
  text: { placeholder: Record<string, string> };
  choice: { filters: Record<string, string> };
}
const editorTexts = (locale: string): EditorTexts =>
  JSON.parse(
    readFileSync(join(CATALOG_DIR, '..', 'src', 'i18n', 'locales', `${locale}.json`), 'utf8'),
  ) as EditorTexts;

/** The editor's placeholders of an empty title and subtitle, in every locale. */
function localePlaceholders(slot: string): string[] {
  const key = slot === 'txt1' ? 'title' : slot === 'txt2' ? 'subtitle' : undefined;
  if (!key) return [];
  return LOCALES.map((locale) => editorTexts(locale).text.placeholder[key]!);
}
const infoOf = (relative: string): ImageInfo | undefined => imageInfo(readFileSync(file(relative)));

function readCatalog(): Template[] {
  const result = parseThemes(readFileSync(file('themes.xml'), 'utf8'));
  if (!result.ok) throw new Error(result.detail);
  expect(result.problems).toEqual([]);
  return result.templates;
}

const templates = readCatalog();
const statics = templates.filter((template) => template.type === 'static');
const documents = new Map<string, StaticTemplateDocument>();
for (const template of statics) {
  const read = readTemplateXml(readFileSync(file(template.source), 'utf8'));
  if (read.ok) documents.set(template.id, read.template);
}

/** The corners of a layer's rect turned by its rotation about its centre. */
function corners(rect: Rect, degrees: number): [number, number][] {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const angle = (degrees * Math.PI) / 180;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const dx = (sx! * rect.width) / 2;
    const dy = (sy! * rect.height) / 2;
    return [
      cx + dx * Math.cos(angle) - dy * Math.sin(angle),
      cy + dx * Math.sin(angle) + dy * Math.cos(angle),
    ];
  });
}

function slots(layers: Layer[]) {
  return layers.filter((layer) => layer.kind === 'photo' || layer.kind === 'text');
}

describe('themes.xml', () => {
  it('parses without problems, with unique ids and a priced default-able size list per template', () => {
    expect(templates.length).toBeGreaterThanOrEqual(26);
    expect(new Set(templates.map((template) => template.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.sizes.length, template.id).toBeGreaterThan(0);
      for (const size of template.sizes) {
        expect(priceFromDescription(size.description), `${template.id}/${size.id}`).toBeGreaterThan(
          0,
        );
        expect(size.materials.length, `${template.id}/${size.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the generated templates 101-118 and has one for every generator, each producing its default layout', () => {
    registerNumberGenerators(loadNumberShapes());
    const generated = templates.filter((template) => template.type === 'generated');
    expect(generated.map((template) => template.id)).toEqual(
      Array.from({ length: 18 }, (_, index) => String(101 + index)),
    );
    const covered = new Set(generated.map((template) => generatorNameFromSource(template.source)));
    for (const name of Object.keys(GENERATORS)) expect(covered, name).toContain(name);
    for (const template of generated) {
      const generator = generatorForSource(template.source);
      expect(generator.name).toBe(generatorNameFromSource(template.source));
      const size = template.sizes[0]!;
      const material = size.materials[0]!;
      const result = generator.generate({
        settings: { ...generator.defaults(size, material), ...template.settings },
        size,
        material,
        seed: 1,
        designer: template.designer,
        design: template.design,
      });
      expect(result.ok, template.id).toBe(true);
    }
  });

  it("gives 'Datum' (118) photos of at least 2 cm at every standard size and material with its defaults", () => {
    registerNumberGenerators(loadNumberShapes());
    const dates = templates.filter((template) => template.id === '118');
    expect(generatorNameFromSource(dates[0]!.source)).toBe('numberdate');
    for (const template of dates) {
      const generator = generatorForSource(template.source);
      for (const size of template.sizes) {
        for (const material of size.materials) {
          const result = generator.generate({
            settings: { ...generator.defaults(size, material), ...template.settings },
            size,
            material,
            seed: 1,
            designer: template.designer,
            design: template.design,
          });
          if (!result.ok) throw new Error(`${template.id} refused`);
          const photos = result.layout.layers.filter((layer) => layer.kind === 'photo');
          const smallest = Math.min(...photos.map((photo) => Math.min(photo.width, photo.height)));
          // 2 cm to the millimetre.
          expect(
            Math.round(smallest * 10) / 10,
            `${template.id} ${size.widthCm}x${size.heightCm} ${material}`,
          ).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });

  it('has at least eight static designer templates covering every theme filter and several designers', () => {
    expect(statics.length).toBeGreaterThanOrEqual(8);
    const filters = new Set(statics.flatMap((template) => template.filters));
    for (const filter of THEME_FILTERS) expect(filters, filter).toContain(filter);
    const designers = new Set(statics.map((template) => template.designer));
    expect(designers.size).toBeGreaterThanOrEqual(2);
    for (const template of statics) {
      expect(template.filters, template.id).toContain(`designer:${template.designer}`);
      expect(
        template.filters.some((filter) => THEME_FILTERS.includes(filter)),
        template.id,
      ).toBe(true);
    }
  });
});

describe('translations', () => {
  it('gives every text of every design in all six locales: nothing falls back to Dutch', () => {
    // A shop adding a design sees here (and in the server's log) what it has not translated yet.
    expect(untranslated(templates, LOCALES).map(describeGap)).toEqual([]);
    expect(unknownTextLocales(templates, LOCALES)).toEqual([]);
  });

  it("names the photo tiles as the design list's filter does, in every locale", () => {
    const tiles = templates.filter((template) => template.filters.includes('tiles'));
    expect(tiles.length).toBeGreaterThan(0);
    for (const template of tiles)
      for (const locale of LOCALES) {
        const category =
          locale === 'nl' ? template.categoryPart : template.texts[locale]!.categoryPart;
        expect(category, `${template.id} ${locale}`).toBe(editorTexts(locale).choice.filters.tiles);
      }
  });
});

describe('static template files', () => {
  let measurer: TextMeasurer;
  let ck: CanvasKit;
  beforeAll(async () => {
    ck = await loadCanvasKit();
    measurer = canvasKitMeasurer(ck, new Fonts(ck));
  });

  it.each(statics.map((template) => [template.id, template] as const))(
    '%s reads without problems and matches its sizes',
    (_id, template) => {
      const read = readTemplateXml(readFileSync(file(template.source), 'utf8'));
      expect(read.ok ? '' : read.detail).toBe('');
      const { layout } = documents.get(template.id)!;
      expect(template.designer).toBe(documents.get(template.id)!.designer);
      for (const size of template.sizes)
        expect(size.widthCm / size.heightCm, size.id).toBeCloseTo(
          layout.widthCm / layout.heightCm,
          2,
        );
      const photos = layout.layers.filter((layer) => layer.kind === 'photo');
      expect(photos.length).toBeGreaterThanOrEqual(3);
      expect(photos.length).toBeLessThanOrEqual(6);
      expect(layout.layers.some((layer) => layer.kind === 'text' && layer.slot === 'txt1')).toBe(
        true,
      );
    },
  );

  it.each(statics.map((template) => [template.id] as const))(
    '%s keeps every slot on the canvas',
    (id) => {
      const { layout } = documents.get(id)!;
      for (const slot of slots(layout.layers)) {
        for (const [x, y] of corners(slot, slot.rotation)) {
          expect(x, slot.slot).toBeGreaterThanOrEqual(0);
          expect(y, slot.slot).toBeGreaterThanOrEqual(0);
          expect(x, slot.slot).toBeLessThanOrEqual(layout.widthCm);
          expect(y, slot.slot).toBeLessThanOrEqual(layout.heightCm);
        }
      }
    },
  );

  it.each(statics.map((template) => [template.id] as const))(
    '%s shows its placeholders whole in its own fonts, in every locale',
    (id) => {
      const { layout } = documents.get(id)!;
      const hasSubtitle = layout.layers.some(
        (layer) => layer.kind === 'text' && layer.slot === SUBTITLE_SLOT,
      );
      for (const layer of layout.layers) {
        if (layer.kind !== 'text') continue;
        const box = fitBoxForSlot(
          layer.slot,
          { widthCm: layer.width, heightCm: layer.height },
          hasSubtitle,
        );
        for (const placeholder of [
          ...(layer.placeholder === undefined ? [] : [layer.placeholder]),
          ...localePlaceholders(layer.slot),
        ]) {
          expect([...placeholder].every(isAllowedCharacter)).toBe(true);
          expect(
            fitsAt(placeholder, layer.style, layer.style.fontSize, box, measurer),
            `${layer.slot}: '${placeholder}'`,
          ).toBe(true);
        }
      }
    },
  );

  it.each(statics.map((template) => [template.id] as const))(
    '%s has its artwork: files of the layer shape, sharp enough, not too heavy',
    (id) => {
      const { layout } = documents.get(id)!;
      const urls = new Set<string>();
      for (const layer of layout.layers) {
        if (layer.kind !== 'overlay' && !(layer.kind === 'clip' && layer.url)) continue;
        const url = layer.kind === 'overlay' ? layer.url : layer.url!;
        urls.add(url);
        expect(existsSync(file(url)), url).toBe(true);
        const info = infoOf(url);
        expect(info, url).toBeDefined();
        expect(info!.width / info!.height, url).toBeCloseTo(layer.width / layer.height, 2);
        expect(info!.width / layer.width, url).toBeGreaterThanOrEqual(MIN_ARTWORK_PX_PER_CM);
        expect(Math.max(info!.width, info!.height), url).toBeLessThanOrEqual(MAX_ARTWORK_SIDE_PX);
        expect(statSync(file(url)).size, url).toBeLessThanOrEqual(MAX_ARTWORK_BYTES);
      }
      expect(urls.size).toBeGreaterThan(0);
    },
  );

  it.each(statics.map((template) => [template.id] as const))(
    '%s never hides a photo under artwork drawn above it',
    (id) => {
      const { layout } = documents.get(id)!;
      layout.layers.forEach((layer, index) => {
        if (layer.kind !== 'overlay') return;
        const photosBelow = layout.layers.slice(0, index).filter((below) => below.kind === 'photo');
        if (photosBelow.length === 0) return;
        expect(infoOf(layer.url)?.hasAlpha, layer.url).toBe(true);
        const image = decodeImage(ck, readFileSync(file(layer.url)));
        const pixels = image.readPixels(0, 0, {
          width: image.width(),
          height: image.height(),
          colorType: ck.ColorType.RGBA_8888,
          alphaType: ck.AlphaType.Unpremul,
          colorSpace: ck.ColorSpace.SRGB,
        })!;
        for (const photo of photosBelow) {
          // The middle half of the photo stays clear: decorations may only touch its edges.
          for (const [fx, fy] of [
            [0.5, 0.5],
            [0.3, 0.3],
            [0.7, 0.3],
            [0.3, 0.7],
            [0.7, 0.7],
          ]) {
            const x = Math.floor(
              ((photo.x + photo.width * fx! - layer.x) / layer.width) * image.width(),
            );
            const y = Math.floor(
              ((photo.y + photo.height * fy! - layer.y) / layer.height) * image.height(),
            );
            if (x < 0 || y < 0 || x >= image.width() || y >= image.height()) continue;
            expect(
              pixels[(y * image.width() + x) * 4 + 3],
              `${layer.url} over ${photo.kind === 'photo' ? photo.slot : ''}`,
            ).toBeLessThan(26);
          }
        }
        image.delete();
      });
    },
  );
});

describe('thumbnails', () => {
  it('exist for every template as WebP of the stated size, 240 px on the long side', () => {
    for (const template of templates) {
      expect(template.thumbUrl, template.id).toMatch(/^thumbs\/[A-Za-z0-9_-]+\.webp$/);
      const info = infoOf(template.thumbUrl);
      expect(info?.format, template.id).toBe('webp');
      expect([info!.width, info!.height], template.id).toEqual([
        template.thumbWidth,
        template.thumbHeight,
      ]);
      expect(Math.max(info!.width, info!.height), template.id).toBe(THUMB_LONG_SIDE);
    }
  });

  it('have the shape of the design they show', () => {
    for (const template of statics) {
      const { layout } = documents.get(template.id)!;
      expect(template.thumbWidth / template.thumbHeight, template.id).toBeCloseTo(
        layout.widthCm / layout.heightCm,
        1,
      );
    }
  });
});

describe('the catalog folder', () => {
  it(`stays under ${MAX_CATALOG_BYTES / 1024 / 1024} MB`, () => {
    const sizeOf = (path: string): number =>
      statSync(path).isDirectory()
        ? readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
        : statSync(path).size;
    expect(sizeOf(CATALOG_DIR)).toBeLessThan(MAX_CATALOG_BYTES);
  });
});
