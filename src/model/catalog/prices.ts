import type { ChildSize, Template } from './types';

/**
 * Prices live in the size description's bracketed token: '50 x 40 cm [39.95]'. For tile-based
 * templates the token is the unit price of one tile and the price is rows x columns x unit.
 */

const BRACKETED = /\[([^\]]*)\]/;
const AMOUNT = /^\d+(?:[.,]\d+)?$/;

/** The amount in the first bracketed token (comma or point as decimal mark); undefined when there is none. */
export function priceFromDescription(description: string): number | undefined {
  const token = BRACKETED.exec(description)?.[1]?.trim();
  if (!token || !AMOUNT.test(token)) return undefined;
  return Number(token.replace(',', '.'));
}

/** The description without its price token, for display next to a separately formatted price. */
export function descriptionWithoutPrice(description: string): string {
  return description.replace(BRACKETED, '').replace(/\s+/g, ' ').trim();
}

export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export interface TileCount {
  rows: number;
  cols: number;
}

/** Tiles: rows x columns x the unit price of the description. */
export function tilesPrice(description: string, tiles: TileCount): number | undefined {
  const unit = priceFromDescription(description);
  return unit === undefined ? undefined : roundToCents(tiles.rows * tiles.cols * unit);
}

/** The price of a size of a template; tile-based templates need the tile count of the current controls. */
export function priceOf(
  template: Pick<Template, 'isTileBased'>,
  size: Pick<ChildSize, 'description'>,
  tiles?: TileCount,
): number | undefined {
  if (template.isTileBased) return tiles ? tilesPrice(size.description, tiles) : undefined;
  return priceFromDescription(size.description);
}

/** Two decimals with a point, as the description token stores it. */
export function formatPriceToken(amount: number): string {
  return roundToCents(amount).toFixed(2);
}
