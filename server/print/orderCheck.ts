/**
 * What an order must pass before it is accepted (issue 17): the saved document reads as the print
 * will read it, the catalog makes its size and material (its child size at the page's measures, or
 * a custom size within the shop's rules: orderedFormat), and its layout can be built. Without this
 * a 150x100 cm custom size went to the print (2 GB of memory and a failed encode), a document the
 * print could not read was answered 200, and (issue 26) a 30x30 cm child size with a page of
 * 100x70 was shown as 100x70 in the cart and printed at 30x30.
 */
import type { GeneratorWarning } from '../../src/model/generators/types.js';
import type { Template } from '../../src/model/catalog/types.js';
import { planStoredCollage } from './collagePrintInput.js';
import { PrintError } from './printMaster.js';

export type OrderCheck =
  | { ok: true }
  | { ok: false; kind: 'unreadable'; detail: string }
  | { ok: false; kind: 'size'; warning: GeneratorWarning }
  | { ok: false; kind: 'material'; detail: string }
  /** The document names a child size and other measures. */
  | { ok: false; kind: 'contradiction'; detail: string }
  | { ok: false; kind: 'layout'; detail: string };

export interface OrderCheckSources {
  templateOf(id: string): Template | undefined;
  /** A static template's file by its catalog source. */
  loadTemplateXml(source: string): Promise<string>;
}

/** Checks the stored document of a collage that is being ordered (its screenshot need not be in it). */
export async function checkOrder(xml: string, sources: OrderCheckSources): Promise<OrderCheck> {
  try {
    const planned = await planStoredCollage(xml, sources);
    return planned.ok ? { ok: true } : planned;
  } catch (error) {
    if (error instanceof PrintError) return { ok: false, kind: 'layout', detail: error.message };
    throw error;
  }
}
