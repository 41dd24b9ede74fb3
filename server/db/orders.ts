import type { Queryable } from './db.js';

/** All SQL for the print master of orders. Reads for a customer are scoped to the owner. */

export interface OrderPrintSource {
  orderId: number;
  userId: number;
  collageId: number;
  /** The document the order was placed with (its screenshot text cut out: the print does not need it). */
  collageXml: string;
  /** Those photos (its owner's, as the save checked) with their original's digest. */
  photos: { id: number; sha256: string }[];
  /**
   * false for an order placed before migration 013 whose collage changed since: it has no document
   * of its own, and prints the collage's current one with the collage's photos, as it always did.
   */
  ordered: boolean;
}

/** The photos of the order's own document (order_photos) or, for an older order, of its collage. */
const ORDER_PHOTOS = `SELECT p.id, p.sha256 FROM order_photos op JOIN photos p ON p.id = op.photo_id
  WHERE op.order_id = $1 AND p.user_id = $2 ORDER BY p.id`;
const COLLAGE_PHOTOS = `SELECT p.id, p.sha256 FROM collage_photos cp JOIN photos p ON p.id = cp.photo_id
  WHERE cp.collage_id = $1 AND p.user_id = $2 ORDER BY p.id`;

/**
 * What an order prints: the document and photos it was placed with, whatever the collage became
 * since (the customer may save it again before the print runs, and a retried print runs later still).
 */
export async function orderPrintSource(
  db: Queryable,
  orderId: number,
): Promise<OrderPrintSource | null> {
  const [order] = await db.query<{
    user_id: string | number;
    collage_id: string | number;
    collage_xml: string;
    ordered: boolean;
  }>(
    `SELECT o.user_id, o.collage_id, COALESCE(o.collage_xml, c.collage_xml) AS collage_xml, o.collage_xml IS NOT NULL AS ordered
     FROM orders o JOIN collages c ON c.id = o.collage_id WHERE o.id = $1`,
    [orderId],
  );
  if (!order) return null;
  const photos = await db.query<{ id: string | number; sha256: string }>(
    order.ordered ? ORDER_PHOTOS : COLLAGE_PHOTOS,
    [order.ordered ? orderId : order.collage_id, order.user_id],
  );
  return {
    orderId,
    userId: Number(order.user_id),
    collageId: Number(order.collage_id),
    collageXml: order.collage_xml,
    photos: photos.map((row) => ({ id: Number(row.id), sha256: row.sha256 })),
    ordered: order.ordered,
  };
}

/** 'printing' unless the order is already 'ready' (a retried job finds it done); false then. */
export async function markOrderPrinting(db: Queryable, orderId: number): Promise<boolean> {
  const rows = await db.query(
    "UPDATE orders SET status = 'printing', print_error = NULL, print_updated_at = now() WHERE id = $1 AND status <> 'ready' RETURNING id",
    [orderId],
  );
  return rows.length > 0;
}

/** 'ready' with its file, once: false when another run of the same print got there first. */
export async function markOrderReady(
  db: Queryable,
  orderId: number,
  printFile: string,
): Promise<boolean> {
  const rows = await db.query(
    "UPDATE orders SET status = 'ready', print_file = $2, print_error = NULL, print_updated_at = now() WHERE id = $1 AND status <> 'ready' RETURNING id",
    [orderId, printFile],
  );
  return rows.length > 0;
}

/** 'failed' with the print error code, unless another run of the same print made it 'ready'. */
export async function markOrderFailed(db: Queryable, orderId: number, code: string): Promise<void> {
  await db.query(
    "UPDATE orders SET status = 'failed', print_error = $2, print_updated_at = now() WHERE id = $1 AND status <> 'ready'",
    [orderId, code],
  );
}

/** The print file of the user's order when it is ready; null for a missing order, another user's, or one not printed. */
export async function readyOrderPrint(
  db: Queryable,
  userId: number,
  orderId: number,
): Promise<string | null> {
  const [row] = await db.query<{ print_file: string | null }>(
    "SELECT print_file FROM orders WHERE id = $1 AND user_id = $2 AND status = 'ready'",
    [orderId, userId],
  );
  return row?.print_file ?? null;
}

export interface OrderPrintState {
  status: string;
  printFile: string | null;
  printError: string | null;
}

/** The print state of any order (for the print service and tests). */
export async function orderPrintState(
  db: Queryable,
  orderId: number,
): Promise<OrderPrintState | null> {
  const [row] = await db.query<{
    status: string;
    print_file: string | null;
    print_error: string | null;
  }>('SELECT status, print_file, print_error FROM orders WHERE id = $1', [orderId]);
  return row
    ? { status: row.status, printFile: row.print_file, printError: row.print_error }
    : null;
}

/** Orders whose print was never finished (the server stopped meanwhile), oldest first. */
export async function unfinishedPrintOrders(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: string | number }>(
    "SELECT id FROM orders WHERE status IN ('new', 'printing') ORDER BY id",
  );
  return rows.map((row) => Number(row.id));
}

/** How many of the customer's orders wait for their print ('new' or 'printing'): what a new order is admitted by. */
export async function waitingOrderCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM orders WHERE user_id = $1 AND status IN ('new', 'printing')",
    [userId],
  );
  return Number(row?.n ?? 0);
}

/**
 * The next order to print of those waiting, leaving out `busy` (being printed, or given up on until
 * the next start): the lowest turn (how many of its customer's orders waited before it), then the
 * oldest. So every customer's first waiting order prints before anyone's second. Null when none waits.
 */
export async function nextWaitingOrder(db: Queryable, busy: number[]): Promise<number | null> {
  const [row] = await db.query<{ id: string | number }>(
    `SELECT id FROM orders WHERE status IN ('new', 'printing') AND NOT (id = ANY($1::bigint[]))
     ORDER BY print_turn, id LIMIT 1`,
    [busy],
  );
  return row ? Number(row.id) : null;
}
