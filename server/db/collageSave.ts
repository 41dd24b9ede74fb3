import crypto from 'node:crypto';
import { oneAtATimePerCustomer } from './customerLock.js';
import type { Db } from './db.js';

/**
 * The SQL of a save: the collage, its photo links, its order, and the customer's limits that a save
 * must keep (the save quota of the hour, the orders waiting for their print), in one statement.
 */

export interface CollageWrite {
  userId: number;
  /** null saves a new collage; a number updates that collage when this user owns it. */
  collageId: number | null;
  templateId: string;
  childTemplateId: string;
  name: string;
  size: string;
  material: string;
  collageXml: string;
  editor: number;
  editorVersion: number;
  forOrder: boolean;
  /** The screenshot text cut out of collageXml (screenshotStorage.ts), or null when there is none. */
  screenshot: string | null;
  photoIds: number[];
}

/** What one customer may save and order (SAVE_QUOTA_COLLAGES, SAVE_QUOTA_MB, ORDERS_PRINTING_PER_CUSTOMER). */
export interface SaveLimits {
  /** New collages per hour. */
  collagesPerHour: number;
  /** Bytes of saved documents (XML and screenshot, every save) per hour. */
  bytesPerHour: number;
  /** Orders waiting for their print ('new' or 'printing') at once. */
  ordersWaiting: number;
}

export type SaveOutcome =
  | {
      kind: 'saved';
      collageId: number;
      /** The order of a save for order; null for a plain save. */
      orderId: number | null;
      /** The collage was ordered before exactly as it is now: orderId is that order, no new one was made. */
      alreadyOrdered: boolean;
    }
  | { kind: 'collage-not-found' }
  | { kind: 'photos-not-available'; photoIds: number[] }
  /** The hour's save quota is used up: nothing was written. */
  | { kind: 'save-quota' }
  /** The customer has `waiting` orders waiting for their print already: nothing was written. */
  | { kind: 'too-many-orders'; waiting: number };

interface SaveRow {
  owned: (string | number)[];
  photos_ok: boolean;
  quota_ok: boolean;
  order_ok: boolean;
  waiting: string | number;
  collage_id: string | number | null;
  order_id: string | number | null;
  already_ordered: boolean;
}

/**
 * Stores the collage, its photo links, the save in the hour's quota and (for an order) an order row in
 * one statement, so in one transaction and one round trip to the database: a save used to take six
 * (BEGIN, check, write, unlink, link, COMMIT), and round trips were most of a save's cost on both
 * engines. The photos are checked and locked (FOR SHARE) by the same statement, so a photo deleted
 * meanwhile cannot leave a collage pointing at nothing. When a photo is not the user's, the quota is
 * used up or too many orders wait, nothing at all is written. The statement runs one at a time per
 * customer (customerLock.ts), so the quota and the order limit are exact under parallel saves.
 */
export async function saveCollage(
  db: Db,
  write: CollageWrite,
  limits: SaveLimits,
): Promise<SaveOutcome> {
  const photoIds = [...new Set(write.photoIds)];
  const isNew = write.collageId === null;
  // The ordered document's digest: ordering it again unchanged finds the order it already has.
  const digest = write.forOrder
    ? crypto.createHash('sha256').update(write.collageXml).digest('hex')
    : null;
  const bytes = Buffer.byteLength(write.collageXml) + Buffer.byteLength(write.screenshot ?? '');
  // $1..$10 the columns, $11 user, $12 photo ids, $13 for order, $14 document digest, $15..$19 the
  // limits and this save's share of the quota (LIMITS), $20 the collage to update.
  const params = [
    ...columnValues(write),
    write.userId,
    photoIds.map(String),
    write.forOrder,
    digest,
    limits.ordersWaiting,
    limits.collagesPerHour,
    limits.bytesPerHour,
    isNew ? 1 : 0,
    bytes,
    ...(isNew ? [] : [write.collageId]),
  ];
  const [row] = await oneAtATimePerCustomer(db, write.userId, (query) =>
    query.query<SaveRow>(isNew ? SAVE_NEW : SAVE_EXISTING, params),
  );
  if (!row?.photos_ok) {
    const owned = new Set((row?.owned ?? []).map(Number));
    return { kind: 'photos-not-available', photoIds: photoIds.filter((id) => !owned.has(id)) };
  }
  if (!row.quota_ok) return { kind: 'save-quota' };
  if (!row.order_ok) return { kind: 'too-many-orders', waiting: Number(row.waiting) };
  if (row.collage_id === null) return { kind: 'collage-not-found' };
  return {
    kind: 'saved',
    collageId: Number(row.collage_id),
    orderId: row.order_id === null ? null : Number(row.order_id),
    alreadyOrdered: row.already_ordered,
  };
}

/** The user's photos among the save's, locked against deletion until the save commits. */
const OWNED_PHOTOS = `owned AS (SELECT id FROM photos WHERE user_id = $11 AND id = ANY($12::bigint[]) FOR SHARE),
  complete AS (SELECT count(*) = cardinality($12::bigint[]) AS ok FROM owned)`;

/**
 * Ordering twice does not order twice: when the collage's latest order was placed with this very
 * document and has not failed, that order stands (no second row, no second print). A changed collage
 * is a different print and gets an order of its own; so does one whose print failed. A new collage
 * has no order yet.
 */
const NO_STANDING_ORDER = `standing AS (SELECT NULL::bigint AS id WHERE false)`;
const STANDING_ORDER = `standing AS (
    SELECT latest.id FROM (
      SELECT o.id, o.status, o.document_sha256 FROM orders o WHERE o.collage_id = $20 AND o.user_id = $11 ORDER BY o.id DESC LIMIT 1
    ) latest WHERE $13::boolean AND latest.document_sha256 = $14 AND latest.status <> 'failed'
  )`;

/**
 * The customer's limits: the hour's saves (the one that crosses a limit is taken, as one after
 * another would be; a save of an existing collage adds no collage, only bytes), and for a new order
 * the orders that wait for their print. `allowed` decides whether anything is written.
 */
const LIMITS = `usage AS (
    SELECT COALESCE(sum(items), 0) AS items, COALESCE(sum(bytes), 0) AS bytes FROM quota_usage
    WHERE user_id = $11 AND kind = 'save' AND at > now() - interval '1 hour'
  ),
  within_quota AS (SELECT ($18::int = 0 OR usage.items < $16) AND usage.bytes < $17 AS ok FROM usage),
  waiting AS (SELECT count(*) AS n FROM orders WHERE user_id = $11 AND status IN ('new', 'printing')),
  order_ok AS (
    SELECT NOT $13::boolean OR EXISTS (SELECT 1 FROM standing) OR (SELECT n FROM waiting) < $15 AS ok
  ),
  allowed AS (SELECT (SELECT ok FROM complete) AND (SELECT ok FROM within_quota) AND (SELECT ok FROM order_ok) AS ok)`;

/**
 * Links, quota, order of the saved row (none when nothing was saved), and the answer row. The order's
 * turn in the print queue is how many of the customer's orders wait before it. The order keeps the
 * document and the photos it was placed with (migration 013): its print, however late or often it
 * runs, and the cart read those, not the collage the customer may save again meanwhile.
 */
const LINKS_ORDER_ANSWER = `linked AS (
    INSERT INTO collage_photos (collage_id, photo_id) SELECT saved.id, unnest($12::bigint[]) FROM saved ON CONFLICT DO NOTHING
  ),
  counted AS (INSERT INTO quota_usage (user_id, kind, items, bytes) SELECT $11, 'save', $18, $19 FROM saved),
  ordered AS (
    INSERT INTO orders (collage_id, user_id, status, document_sha256, print_turn, collage_xml)
    SELECT id, $11, 'new', $14, (SELECT n FROM waiting), $6 FROM saved WHERE $13::boolean AND NOT EXISTS (SELECT 1 FROM standing) RETURNING id
  ),
  ordered_photos AS (INSERT INTO order_photos (order_id, photo_id) SELECT ordered.id, unnest($12::bigint[]) FROM ordered)
SELECT ARRAY(SELECT id FROM owned) AS owned, (SELECT ok FROM complete) AS photos_ok,
  (SELECT ok FROM within_quota) AS quota_ok, (SELECT ok FROM order_ok) AS order_ok, (SELECT n FROM waiting) AS waiting,
  (SELECT id FROM saved) AS collage_id,
  CASE WHEN EXISTS (SELECT 1 FROM saved) THEN COALESCE((SELECT id FROM ordered), (SELECT id FROM standing)) END AS order_id,
  EXISTS (SELECT 1 FROM saved) AND EXISTS (SELECT 1 FROM standing) AS already_ordered`;

const SAVE_NEW = `WITH ${OWNED_PHOTOS}, ${NO_STANDING_ORDER}, ${LIMITS},
  saved AS (
    INSERT INTO collages (template_id, child_template_id, name, size, material, collage_xml, editor, editor_version, for_order, screenshot, user_id)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 WHERE (SELECT ok FROM allowed) RETURNING id
  ),
  ${LINKS_ORDER_ANSWER}`;

/** Repeated saves mostly keep their photos: only the links that changed are written. */
const SAVE_EXISTING = `WITH ${OWNED_PHOTOS}, ${STANDING_ORDER}, ${LIMITS},
  saved AS (
    UPDATE collages SET template_id = $1, child_template_id = $2, name = $3, size = $4, material = $5, collage_xml = $6,
      editor = $7, editor_version = $8, for_order = $9, screenshot = $10, updated_at = now()
    WHERE user_id = $11 AND id = $20 AND (SELECT ok FROM allowed) RETURNING id
  ),
  unlinked AS (DELETE FROM collage_photos WHERE collage_id = (SELECT id FROM saved) AND NOT (photo_id = ANY($12::bigint[]))),
  ${LINKS_ORDER_ANSWER}`;

function columnValues(write: CollageWrite): unknown[] {
  return [
    write.templateId,
    write.childTemplateId || null,
    write.name,
    write.size,
    write.material,
    write.collageXml,
    write.editor,
    write.editorVersion,
    write.forOrder,
    write.screenshot,
  ];
}
