/**
 * What an order must pass before it is accepted (issue 17): the saved document reads as the print
 * will read it, its size and material follow the catalog's rules, and its layout can be built.
 * Without this a 150x100 cm custom size went to the print (2 GB of memory and a failed encode), and
 * a document the print could not read was answered 200.
 */
import type { GeneratorWarning } from '../../src/model/generators/types.js';
import { customTemplateAnswer } from '../../src/model/catalog/customTemplate.js';
import { defaultChild, withoutCustomSize } from '../../src/model/catalog/sizes.js';
import type { Template } from '../../src/model/catalog/types.js';
import { readCollageXml } from '../../src/model/document/collageXml.js';
import { readTemplateXml } from '../../src/model/document/templateXml.js';
import { documentToCollage } from '../../src/model/document/collageDocument.js';
import { collagePrintPlan, layoutSourceOf } from './collagePrintInput.js';
import { PrintError } from './printMaster.js';

export type OrderCheck =
  | { ok: true }
  | { ok: false; kind: 'unreadable'; detail: string }
  | { ok: false; kind: 'size'; warning: GeneratorWarning }
  | { ok: false; kind: 'material'; detail: string }
  | { ok: false; kind: 'layout'; detail: string };

export interface OrderCheckSources {
  templateOf(id: string): Template | undefined;
  /** A static template's file by its catalog source. */
  loadTemplateXml(source: string): Promise<string>;
}

/** Checks the stored document of a collage that is being ordered (its screenshot need not be in it). */
export async function checkOrder(xml: string, sources: OrderCheckSources): Promise<OrderCheck> {
  const read = readCollageXml(xml, { hasTemplate: (id) => sources.templateOf(id) !== undefined });
  if (!read.ok) return { ok: false, kind: 'unreadable', detail: `${read.error}: ${read.detail}` };
  const opened = documentToCollage(read.document, sources.templateOf, (id) => id);
  if (!opened.ok) return { ok: false, kind: 'unreadable', detail: opened.error };
  const { collage } = opened;

  let materials: readonly string[];
  if (collage.customSize) {
    const { widthCm, heightCm } = collage.customSize;
    const answer = customTemplateAnswer(collage.template, String(widthCm), String(heightCm));
    if (!answer.ok) return { ok: false, kind: 'size', warning: answer.warning };
    materials = answer.size.materials;
  } else {
    const base = withoutCustomSize(collage.template);
    const size = base.sizes.find((child) => child.id === collage.sizeId) ?? defaultChild(base);
    if (!size)
      return { ok: false, kind: 'layout', detail: `template ${collage.template.id} has no size` };
    materials = size.materials;
  }
  // '' is the spec's "no preference"; anything else must be offered in this size
  if (collage.material !== '' && !materials.includes(collage.material)) {
    return {
      ok: false,
      kind: 'material',
      detail: `${collage.material || '(none)'} not in ${materials.join(',')}`,
    };
  }

  try {
    const source = layoutSourceOf(xml, sources.templateOf);
    let staticLayout;
    if (source.kind === 'static') {
      const template = readTemplateXml(await sources.loadTemplateXml(source.source));
      if (!template.ok)
        return { ok: false, kind: 'layout', detail: `${source.source}: ${template.detail}` };
      staticLayout = template.template.layout;
    }
    collagePrintPlan(xml, sources.templateOf, staticLayout);
  } catch (error) {
    if (error instanceof PrintError) return { ok: false, kind: 'layout', detail: error.message };
    throw error;
  }
  return { ok: true };
}
