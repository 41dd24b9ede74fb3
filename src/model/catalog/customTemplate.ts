import type { GeneratorWarning } from '../generators/types';
import { sizeRuleFor, validateCustomSize, type SizeRule } from './customSize';
import { formatPriceToken, priceFromDescription, roundToCents } from './prices';
import { matchingStandardSize, standardSizes } from './sizes';
import { generatorNameOf } from './themes';
import { CUSTOM_SIZE_ID, type ChildSize, type MaterialCode, type Template } from './types';

/**
 * The custom size of a template: what the customer's typed size resolves to, and the server's answer
 * to /api/customXml (materials that fit and a description with a price).
 */

export const NO_CUSTOM_SIZE_WARNING: GeneratorWarning = { key: 'sizes.warning.noCustomSize' };

export function sizeRuleOfTemplate(template: Pick<Template, 'type' | 'source'>): SizeRule {
  return template.type === 'static' ? 'generic' : sizeRuleFor(generatorNameOf(template));
}

export type TypedSize =
  | { kind: 'standard'; size: ChildSize }
  | { kind: 'custom'; widthCm: number; heightCm: number; warning?: GeneratorWarning }
  | { kind: 'invalid'; reason: 'unparsable' | 'rule'; warning: GeneratorWarning };

/** A typed size that equals a standard size selects it; otherwise a valid one is asked from the server. */
export function resolveTypedSize(
  template: Template,
  widthText: string,
  heightText: string,
): TypedSize {
  const result = validateCustomSize(sizeRuleOfTemplate(template), widthText, heightText);
  if (!result.ok) return { kind: 'invalid', reason: result.reason, warning: result.warning };
  const standard = matchingStandardSize(template, result.widthCm, result.heightCm);
  if (standard) return { kind: 'standard', size: standard };
  const { widthCm, heightCm, warning } = result;
  return warning
    ? { kind: 'custom', widthCm, heightCm, warning }
    : { kind: 'custom', widthCm, heightCm };
}

/**
 * Materials a custom size can be made in: every material of a standard size at least as large on both
 * sides (either way round) — the shop makes that material that large. When the custom size is larger
 * than every standard size, the materials of the largest standard size.
 */
export function materialsForCustomSize(
  template: Pick<Template, 'sizes'>,
  widthCm: number,
  heightCm: number,
): MaterialCode[] {
  const sizes = standardSizes(template);
  const short = Math.min(widthCm, heightCm);
  const long = Math.max(widthCm, heightCm);
  const fitting = sizes.filter(
    (size) =>
      Math.min(size.widthCm, size.heightCm) >= short &&
      Math.max(size.widthCm, size.heightCm) >= long,
  );
  const sources = fitting.length > 0 ? fitting : largestSizes(sizes);
  const union: MaterialCode[] = [];
  for (const size of sources)
    for (const code of size.materials) if (!union.includes(code)) union.push(code);
  return union;
}

function largestSizes(sizes: ChildSize[]): ChildSize[] {
  const largestArea = Math.max(...sizes.map((size) => size.widthCm * size.heightCm));
  return sizes.filter((size) => size.widthCm * size.heightCm === largestArea);
}

/**
 * Price of a custom size by area from the template's priced standard sizes:
 * - between two standard areas: linear interpolation (sizes of equal area count with their highest price);
 * - below the smallest: the smallest size's price (a custom print never costs less than the cheapest standard one);
 * - above the largest: extended with the slope of the two largest sizes, never below the largest price;
 *   with a single priced size, its price per cm².
 * Undefined when no standard size has a price.
 */
export function customSizePrice(
  template: Pick<Template, 'sizes'>,
  widthCm: number,
  heightCm: number,
): number | undefined {
  const byArea = new Map<number, number>();
  for (const size of standardSizes(template)) {
    const price = priceFromDescription(size.description);
    if (price === undefined) continue;
    const area = size.widthCm * size.heightCm;
    byArea.set(area, Math.max(price, byArea.get(area) ?? 0));
  }
  const points = [...byArea].sort(([a], [b]) => a - b);
  const area = widthCm * heightCm;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return undefined;
  if (area <= first[0]) return first[1];
  if (area >= last[0]) {
    const before = points[points.length - 2];
    if (!before) return roundToCents((last[1] * area) / last[0]);
    const slope = (last[1] - before[1]) / (last[0] - before[0]);
    return roundToCents(Math.max(last[1], last[1] + slope * (area - last[0])));
  }
  // Strictly between the smallest and the largest area: the first point at or above it has one below.
  const upper = points.findIndex(([pointArea]) => pointArea >= area);
  const [lowArea, lowPrice] = points[upper - 1]!;
  const [highArea, highPrice] = points[upper]!;
  return roundToCents(
    lowPrice + ((highPrice - lowPrice) * (area - lowArea)) / (highArea - lowArea),
  );
}

/** '45.5 x 30 cm [42.50]'; without a bracket when no price is known. */
export function customSizeDescription(
  widthCm: number,
  heightCm: number,
  price: number | undefined,
): string {
  const dimensions = `${widthCm} x ${heightCm} cm`;
  return price === undefined ? dimensions : `${dimensions} [${formatPriceToken(price)}]`;
}

export type CustomTemplateAnswer =
  { ok: true; size: ChildSize } | { ok: false; warning: GeneratorWarning };

/** The server's custom size: validated by the template's rule, id 999999999999, fitting materials, interpolated price. */
export function customTemplateAnswer(
  template: Template,
  widthText: string,
  heightText: string,
): CustomTemplateAnswer {
  if (!template.hasCustomSize) return { ok: false, warning: NO_CUSTOM_SIZE_WARNING };
  const result = validateCustomSize(sizeRuleOfTemplate(template), widthText, heightText);
  if (!result.ok) return { ok: false, warning: result.warning };
  const { widthCm, heightCm } = result;
  return {
    ok: true,
    size: {
      id: CUSTOM_SIZE_ID,
      widthCm,
      heightCm,
      materials: materialsForCustomSize(template, widthCm, heightCm),
      description: customSizeDescription(
        widthCm,
        heightCm,
        customSizePrice(template, widthCm, heightCm),
      ),
      url: '',
      value: '',
      isCustom: true,
    },
  };
}
