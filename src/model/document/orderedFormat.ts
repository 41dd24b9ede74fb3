import { customTemplateAnswer } from '../catalog/customTemplate';
import { priceOf, type TileCount } from '../catalog/prices';
import { matchingStandardSize, standardSizes } from '../catalog/sizes';
import { CUSTOM_SIZE_ID, type ChildSize, type MaterialCode, type Template } from '../catalog/types';
import type { GeneratorWarning } from '../generators/types';
import { generatorForSource } from '../generators/registry';
import type { CollageDocument, UserData } from './collageTypes';

/**
 * What a saved collage orders, derived from the catalog and never taken on the document's word
 * (issue 26 item 10): the size the print is laid out in, the material and the price. The print,
 * the order check and the cart all ask this one function, so the cart shows what is printed.
 *
 * - A child id of the template names that size; the page's width and height must be its measures.
 * - The custom id (999999999999) names a custom size: the page's measures under the template's
 *   custom-size rules (customTemplateAnswer: the rule of its generator, sides in halves of a cm).
 * - No child id, or one the catalog does not have (a size it dropped): the standard size with the
 *   page's measures, else those measures as a custom size under the same rules.
 * - The material is none ('') or one the size is made in.
 */

export interface OrderedFormat {
  size: ChildSize;
  material: MaterialCode;
  /** The price of the order; undefined when the catalog gives none (a size without a price). */
  price: number | undefined;
}

/** Why a document cannot be ordered as it is. */
export type FormatRefusal =
  /** The measures break the template's custom-size rules: the spec's size warning. */
  | { ok: false; kind: 'size'; warning: GeneratorWarning }
  | { ok: false; kind: 'material'; detail: string }
  /** The document says two things: a child size and other measures. */
  | { ok: false; kind: 'contradiction'; detail: string };

export type OrderedFormatResult = { ok: true; format: OrderedFormat } | FormatRefusal;

type Page = Pick<UserData, 'widthCm' | 'heightCm' | 'material' | 'settings'>;
type SizeResult = { ok: true; size: ChildSize } | FormatRefusal;

function customSize(template: Template, page: Page): SizeResult {
  const answer = customTemplateAnswer(template, String(page.widthCm), String(page.heightCm));
  if (!answer.ok) return { ok: false, kind: 'size', warning: answer.warning };
  if (answer.size.widthCm !== page.widthCm || answer.size.heightCm !== page.heightCm) {
    const detail = `custom size ${page.widthCm}x${page.heightCm} is not in halves of a cm`;
    return { ok: false, kind: 'contradiction', detail };
  }
  return { ok: true, size: answer.size };
}

/** The size the document orders: its child size, or its measures as a standard or custom size. */
function orderedSize(template: Template, childTemplateId: string, page: Page): SizeResult {
  if (childTemplateId === CUSTOM_SIZE_ID) return customSize(template, page);
  const child = standardSizes(template).find((size) => size.id === childTemplateId);
  if (child) {
    if (child.widthCm === page.widthCm && child.heightCm === page.heightCm)
      return { ok: true, size: child };
    const detail = `child size ${child.id} is ${child.widthCm}x${child.heightCm}, the page ${page.widthCm}x${page.heightCm}`;
    return { ok: false, kind: 'contradiction', detail };
  }
  const standard = matchingStandardSize(template, page.widthCm, page.heightCm);
  return standard ? { ok: true, size: standard } : customSize(template, page);
}

/** Tiles cost rows x columns x the unit price: the counts the generator lays out (its clamped controls). */
function tileCount(template: Template, size: ChildSize, page: Page): TileCount | undefined {
  if (!template.isTileBased) return undefined;
  const sheet = { widthCm: size.widthCm, heightCm: size.heightCm };
  const controls = generatorForSource(template.source).controls(
    page.settings,
    sheet,
    page.material,
  );
  const value = (name: string) => controls.find((control) => control.name === name)?.current ?? 1;
  return { cols: value('numberVert'), rows: value('numberHor') };
}

/** The first page's format as the catalog makes it, or why the document cannot be ordered. */
export function orderedFormat(
  template: Template,
  document: Pick<CollageDocument, 'childTemplateId' | 'userdata'>,
): OrderedFormatResult {
  const page = document.userdata[0];
  if (!page) return { ok: false, kind: 'contradiction', detail: 'the document has no page' };
  const sized = orderedSize(template, document.childTemplateId ?? '', page);
  if (!sized.ok) return sized;
  const { size } = sized;
  if (page.material !== '' && !size.materials.includes(page.material)) {
    return {
      ok: false,
      kind: 'material',
      detail: `${page.material} not in ${size.materials.join(',')}`,
    };
  }
  const price = priceOf(template, size, tileCount(template, size, page));
  return { ok: true, format: { size, material: page.material, price } };
}
