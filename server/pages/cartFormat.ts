import type { FastifyInstance } from 'fastify';
import type { Template } from '../../src/model/catalog/types.js';
import { cartCollageXml, type CollageSummary } from '../db/collages.js';
import { planStoredCollage } from '../print/collagePrintInput.js';
import { loadTemplateXml } from '../print/printJob.js';
import { PrintError } from '../print/printMaster.js';

/** What the cart shows of a collage's format. */
export interface CartFormat {
  /** 'WIDTHxHEIGHT' in cm, as formatSize reads it. */
  size: string;
  material: string;
  /** null: the catalog gives no price, or the collage cannot be printed as it is. */
  price: number | null;
}

/**
 * The cart shows exactly what is printed (issue 26 item 10): the size of the sheet the print plan
 * lays out (tiles: the sheet of the tiles laid out), the material and the price the catalog makes
 * of the stored document, by the same plan the order check and the print use. It showed the
 * page's own measures with the price of the child size, and an order of the 30x30 child size with
 * a page of 100x70 read 'Formaat 100 x 70 cm' at the 30x30 price while 30x30 was printed. A
 * document the catalog refuses (never ordered) shows its stored size without a price. The document
 * is the newest order's own once the collage was ordered (cartCollageXml): the cart names that
 * order, and a collage saved again at another size after ordering still prints the ordered one.
 */
export async function cartFormat(
  app: FastifyInstance,
  userId: number,
  collage: CollageSummary,
): Promise<CartFormat> {
  const stored: CartFormat = { size: collage.size, material: collage.material, price: null };
  const xml = await cartCollageXml(app.db, userId, collage.id);
  if (xml === null) return stored;
  const templates = new Map<string, Template>(
    (await app.catalog.templates()).map((template) => [template.id, template]),
  );
  try {
    const planned = await planStoredCollage(xml, {
      templateOf: (id) => templates.get(id),
      loadTemplateXml: (file) => loadTemplateXml(app.catalog, file),
    });
    if (!planned.ok) return stored;
    const { layout, format } = planned.plan;
    return {
      size: `${layout.widthCm}x${layout.heightCm}`,
      material: format.material,
      price: format.price ?? null,
    };
  } catch (error) {
    if (error instanceof PrintError) return stored;
    throw error;
  }
}
