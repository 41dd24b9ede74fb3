import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customTemplateAnswer } from '../catalog/customTemplate';
import { priceFromDescription } from '../catalog/prices';
import { standardSizes } from '../catalog/sizes';
import { parseThemes } from '../catalog/themes';
import { CUSTOM_SIZE_ID, type MaterialCode, type Template } from '../catalog/types';
import type { CollageDocument } from './collageTypes';
import { orderedFormat } from './orderedFormat';

const THEMES = fileURLToPath(new URL('../../../catalog/themes.xml', import.meta.url));
const parsed = parseThemes(fs.readFileSync(THEMES, 'utf8'));
if (!parsed.ok) throw new Error('catalog/themes.xml does not parse');
const catalog: Template[] = parsed.templates;
const byId = (id: string) => catalog.find((template) => template.id === id)!;

/** The parts of a document the format is read from: the child id and the first page. */
function doc(
  childTemplateId: string,
  widthCm: number,
  heightCm: number,
  material: MaterialCode = 'POSTER',
  settings: Record<string, string> = {},
): Pick<CollageDocument, 'childTemplateId' | 'userdata'> {
  const page = {
    variation: 'default',
    version: 2 as const,
    photoBorderColor: '#000000',
    photoBorderAutomaticColor: true,
    backgroundColor: '#ffffff',
    widthCm,
    heightCm,
    screenDpcm: 40,
    material,
    settings,
    slots: [],
  };
  return { childTemplateId, userdata: [page] };
}

describe('orderedFormat', () => {
  const grid = byId('101');
  const square = grid.sizes.find((size) => size.widthCm === 30 && size.heightCm === 30)!;

  it('takes a child size of the template at its measures, with its price', () => {
    const result = orderedFormat(grid, doc(square.id, 30, 30));
    expect(result).toEqual({
      ok: true,
      format: { size: square, material: 'POSTER', price: 22.95 },
    });
  });

  it('refuses a child size whose page says other measures (issue 26: 30x30 printed, 100x70 shown)', () => {
    expect(orderedFormat(grid, doc(square.id, 100, 70))).toMatchObject({
      ok: false,
      kind: 'contradiction',
    });
  });

  it('reads no child id as the standard size of those measures, else a custom size by the shop’s rules', () => {
    const large = orderedFormat(grid, doc('', 100, 70));
    expect(large.ok && large.format.size.id).toBe(
      grid.sizes.find((size) => size.widthCm === 100 && size.heightCm === 70)!.id,
    );
    const tooLarge = orderedFormat(grid, doc('', 150, 100));
    const rule = customTemplateAnswer(grid, '150', '100');
    expect(rule.ok).toBe(false);
    expect(tooLarge).toEqual({ ok: false, kind: 'size', warning: !rule.ok && rule.warning });
    const custom = orderedFormat(grid, doc('', 101, 70));
    const answer = customTemplateAnswer(grid, '101', '70');
    expect(custom).toEqual({
      ok: true,
      format: {
        size: answer.ok && answer.size,
        material: 'POSTER',
        price: answer.ok && priceFromDescription(answer.size.description),
      },
    });
    expect(custom.ok && custom.format.size).toMatchObject({ widthCm: 101, heightCm: 70 });
    // a child id the catalog dropped is read the same way
    expect(orderedFormat(grid, doc('gone', 101, 70))).toEqual(custom);
  });

  it('reads the custom id as a custom size: within the rules, in halves of a cm', () => {
    expect(orderedFormat(grid, doc(CUSTOM_SIZE_ID, 45.5, 35))).toMatchObject({
      ok: true,
      format: { size: { id: CUSTOM_SIZE_ID, widthCm: 45.5, heightCm: 35, isCustom: true } },
    });
    expect(orderedFormat(grid, doc(CUSTOM_SIZE_ID, 150, 100))).toMatchObject({ kind: 'size' });
    expect(orderedFormat(grid, doc(CUSTOM_SIZE_ID, 45.3, 35))).toMatchObject({
      kind: 'contradiction',
    });
    // a template without custom sizes takes none, whatever the document calls it
    const tiles = byId('113');
    expect(orderedFormat(tiles, doc(CUSTOM_SIZE_ID, 40, 40, 'TILES'))).toMatchObject({
      kind: 'size',
    });
    expect(orderedFormat(tiles, doc('', 40, 40, 'TILES'))).toMatchObject({ kind: 'size' });
  });

  it('takes no material, or one the size is made in', () => {
    expect(orderedFormat(grid, doc(square.id, 30, 30, ''))).toMatchObject({ ok: true });
    expect(orderedFormat(grid, doc(square.id, 30, 30, 'PLEXI'))).toMatchObject({
      ok: false,
      kind: 'material',
    });
  });

  it('prices tiles by the tiles laid out: rows x columns x the unit, clamped as the generator clamps', () => {
    const tiles = byId('113');
    const child = tiles.sizes[0]!;
    const unit = priceFromDescription(child.description)!;
    const priced = (settings: Record<string, string>) => {
      const result = orderedFormat(
        tiles,
        doc(child.id, child.widthCm, child.heightCm, 'TILES', settings),
      );
      return result.ok ? result.format.price : undefined;
    };
    expect(priced({ numberVert: '4', numberHor: '2' })).toBeCloseTo(8 * unit, 2);
    expect(priced({})).toBeCloseTo(9 * unit, 2);
    expect(priced({ numberVert: '99', numberHor: '1' })).toBeCloseTo(10 * unit, 2);
  });

  it('takes every standard size of every template at its own measures (property over the catalog)', () => {
    const pairs = catalog.flatMap((template) =>
      standardSizes(template).map((size) => ({ template, size })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...pairs), ({ template, size }) => {
        const result = orderedFormat(template, doc(size.id, size.widthCm, size.heightCm, ''));
        expect(result.ok && result.format.size).toEqual(size);
      }),
    );
  });

  it('accepts other measures only as the child’s own or as a custom size within the rules (property)', () => {
    const measure = fc.integer({ min: 1, max: 400 }).map((halves) => halves / 2);
    fc.assert(
      fc.property(
        fc.constantFrom(...catalog),
        fc.constantFrom('', CUSTOM_SIZE_ID, 'child'),
        measure,
        measure,
        (template, kind, widthCm, heightCm) => {
          const child = standardSizes(template)[0];
          const id = kind === 'child' ? (child?.id ?? '') : kind;
          const result = orderedFormat(template, doc(id, widthCm, heightCm, ''));
          if (!result.ok) return;
          const { size } = result.format;
          // what is printed is what the page says, never another size
          expect([size.widthCm, size.heightCm]).toEqual([widthCm, heightCm]);
          if (size.isCustom) {
            expect(kind).not.toBe('child');
            expect(customTemplateAnswer(template, String(widthCm), String(heightCm)).ok).toBe(true);
          } else {
            expect(standardSizes(template)).toContainEqual(size);
          }
        },
      ),
    );
  });
});
