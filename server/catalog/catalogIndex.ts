import { priceFromDescription } from '../../src/model/catalog/prices.js';
import type { Template } from '../../src/model/catalog/types.js';

/** What the collage routes and shop pages need of the catalog: which templates exist, names, sizes, prices. */
export interface CatalogSize {
  id: string;
  widthCm: number;
  heightCm: number;
  materials: string[];
  description: string;
  /** The number in the description's brackets ('50 x 40 cm [39.95]' → 39.95); null when it has none. */
  price: number | null;
}

export interface CatalogTemplate {
  id: string;
  name: string;
  source: string;
  isTileBased: boolean;
  sizes: CatalogSize[];
}

export interface CatalogIndex {
  hasTemplate(id: string): Promise<boolean>;
  template(id: string): Promise<CatalogTemplate | null>;
}

/** The collage routes' view of the one catalog reader (CatalogService, the model's parseThemes). */
export function catalogIndexOf(catalog: {
  template(id: string): Promise<Template | undefined>;
}): CatalogIndex {
  const template = async (id: string): Promise<CatalogTemplate | null> => {
    const found = await catalog.template(id);
    if (!found) return null;
    return {
      id: found.id,
      name: found.name,
      source: found.source,
      isTileBased: found.isTileBased,
      sizes: found.sizes.map((size) => ({
        id: size.id,
        widthCm: size.widthCm,
        heightCm: size.heightCm,
        materials: [...size.materials],
        description: size.description,
        price: priceFromDescription(size.description) ?? null,
      })),
    };
  };
  return { hasTemplate: async (id) => (await template(id)) !== null, template };
}
