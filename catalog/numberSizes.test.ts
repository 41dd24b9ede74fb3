/**
 * The number designs of the shop's catalog (Getal, Jaartal, Datum) open on a size a customer can
 * fill: photos large enough to hold a photo, the digits in their own proportions (no format tip),
 * and every tip the design screen gives names a size the shop prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCustomSize } from '../src/model/catalog/customSize';
import { defaultChild, materialForSize } from '../src/model/catalog/sizes';
import { parseThemes } from '../src/model/catalog/themes';
import type { ChildSize, MaterialCode, Template } from '../src/model/catalog/types';
import {
  generatorForSource,
  generatorNameFromSource,
  registerNumberGenerators,
} from '../src/model/generators/registry';
import { formatSuggestionKey } from '../src/model/generators/numberLayout';
import { loadNumberShapes } from '../server/catalog/numberShapesFile';
import { CATALOG_DIR } from '../scripts/catalog/catalogFiles';

/** A photo slot smaller than this on its short side cannot show a face. */
const FILLABLE_CM = 2.5;

function numberTemplates(): Template[] {
  const result = parseThemes(readFileSync(join(CATALOG_DIR, 'themes.xml'), 'utf8'));
  if (!result.ok) throw new Error(result.detail);
  return result.templates.filter((template) =>
    generatorNameFromSource(template.source).startsWith('number'),
  );
}

function generated(template: Template, size: ChildSize, material: MaterialCode) {
  const generator = generatorForSource(template.source);
  const result = generator.generate({
    settings: { ...generator.defaults(size, material), ...template.settings },
    size,
    material,
    seed: 1,
    designer: template.designer,
    design: template.design,
  });
  if (!result.ok) throw new Error(`${template.id} ${size.id} refused`);
  const photos = result.layout.layers.filter((layer) => layer.kind === 'photo');
  return {
    smallestCm: Math.min(...photos.map((photo) => Math.min(photo.width, photo.height))),
    tips: result.warnings.filter((warning) => warning.key === formatSuggestionKey),
  };
}

describe('number designs in the catalog', () => {
  registerNumberGenerators(loadNumberShapes());
  const templates = numberTemplates();

  it('are Getal, Jaartal and Datum', () => {
    expect(templates.map((template) => template.id)).toEqual(['116', '117', '118']);
  });

  it(`open on a size whose photos a customer can fill (at least ${FILLABLE_CM} cm) and that needs no tip`, () => {
    for (const template of templates) {
      const size = defaultChild(template)!;
      const { smallestCm, tips } = generated(template, size, materialForSize(size, ''));
      const where = `${template.id} ${size.widthCm}x${size.heightCm}`;
      expect(smallestCm, where).toBeGreaterThanOrEqual(FILLABLE_CM);
      expect(tips, where).toEqual([]);
    }
  });

  it('give tips only for sizes the shop prints, which a customer may then choose', () => {
    for (const template of templates) {
      for (const size of template.sizes) {
        for (const tip of generated(template, size, materialForSize(size, '')).tips) {
          const { width, height } = tip.values as { width: number; height: number };
          expect(validateCustomSize('number', String(width), String(height)).ok).toBe(true);
        }
      }
    }
  });
});
