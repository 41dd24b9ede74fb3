import crypto from 'node:crypto';
import type { Queryable } from './db.js';

/** All SQL for saved collages, their photo links and orders. Every read is scoped to the owner. */

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
  | { kind: 'photos-not-available'; photoIds: number[] };

/**
 * Stores the collage, its photo links and (for an order) an order row in one statement, so in one
 * transaction and one round trip to the database: a save used to take six (BEGIN, check, write,
 * unlink, link, COMMIT), and round trips were most of a save's cost on both engines. The photos are
 * checked and locked (FOR SHARE) by the same statement, so a photo deleted meanwhile cannot leave a
 * collage pointing at nothing; when one is not the user's, nothing at all is written.
 */
export async function saveCollage(db: Queryable, write: CollageWrite): Promise<SaveOutcome> {
  const photoIds = [...new Set(write.photoIds)];
  const isNew = write.collageId === null;
  // The ordered document's digest: ordering it again unchanged finds the order it already has.
  const digest = write.forOrder
    ? crypto.createHash('sha256').update(write.collageXml).digest('hex')
    : null;
  // $1..$10 the columns, $11 user, $12 photo ids, $13 for order, $14 document digest, $15 the collage to update.
  const params = [
    ...columnValues(write),
    write.userId,
    photoIds.map(String),
    write.forOrder,
    digest,
    ...(isNew ? [] : [write.collageId]),
  ];
  const [row] = await db.query<{
    owned: (string | number)[];
    photos_ok: boolean;
    collage_id: string | number | null;
    order_id: string | number | null;
    already_ordered: boolean;
  }>(isNew ? SAVE_NEW : SAVE_EXISTING, params);
  if (!row?.photos_ok) {
    const owned = new Set((row?.owned ?? []).map(Number));
    return { kind: 'photos-not-available', photoIds: photoIds.filter((id) => !owned.has(id)) };
  }
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
 * Links and order of the saved row (none when nothing was saved), and the answer row. Ordering twice
 * does not order twice: when the collage's latest order was placed with this very document and has not
 * failed, that order stands (no second row, no second print). A changed collage is a different print
 * and gets an order of its own; so does one whose print failed.
 */
const LINKS_ORDER_ANSWER = `linked AS (
    INSERT INTO collage_photos (collage_id, photo_id) SELECT saved.id, unnest($12::bigint[]) FROM saved ON CONFLICT DO NOTHING
  ),
  standing AS (
    SELECT latest.id FROM (
      SELECT o.id, o.status, o.document_sha256 FROM orders o JOIN saved ON o.collage_id = saved.id WHERE o.user_id = $11 ORDER BY o.id DESC LIMIT 1
    ) latest WHERE $13::boolean AND latest.document_sha256 = $14 AND latest.status <> 'failed'
  ),
  ordered AS (
    INSERT INTO orders (collage_id, user_id, status, document_sha256)
    SELECT id, $11, 'new', $14 FROM saved WHERE $13::boolean AND NOT EXISTS (SELECT 1 FROM standing) RETURNING id
  )
SELECT ARRAY(SELECT id FROM owned) AS owned, (SELECT ok FROM complete) AS photos_ok, (SELECT id FROM saved) AS collage_id,
  COALESCE((SELECT id FROM ordered), (SELECT id FROM standing)) AS order_id, EXISTS (SELECT 1 FROM standing) AS already_ordered`;

const SAVE_NEW = `WITH ${OWNED_PHOTOS},
  saved AS (
    INSERT INTO collages (template_id, child_template_id, name, size, material, collage_xml, editor, editor_version, for_order, screenshot, user_id)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 WHERE (SELECT ok FROM complete) RETURNING id
  ),
  ${LINKS_ORDER_ANSWER}`;

/** Repeated saves mostly keep their photos: only the links that changed are written. */
const SAVE_EXISTING = `WITH ${OWNED_PHOTOS},
  saved AS (
    UPDATE collages SET template_id = $1, child_template_id = $2, name = $3, size = $4, material = $5, collage_xml = $6,
      editor = $7, editor_version = $8, for_order = $9, screenshot = $10, updated_at = now()
    WHERE user_id = $11 AND id = $15 AND (SELECT ok FROM complete) RETURNING id
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

export interface StoredCollage {
  /** The document as stored: its screenshot text lives in the screenshot column (see screenshotStorage.ts). */
  collageXml: string;
  screenshot: string | null;
  editor: number;
  /** The photos linked to the collage (its owner's, as the save checked), by id. */
  photos: CollagePhotoRow[];
}

export interface CollagePhotoRow {
  id: number;
  orgWidth: number;
  orgHeight: number;
  webWidth: number | null;
  webHeight: number | null;
  type: string;
  unique: string | null;
  suggestedRotation: number;
}

/** The collage with its photos in one statement (a load is one round trip, however many photos). */
export async function findCollage(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<StoredCollage | null> {
  const [row] = await db.query<{
    collage_xml: string;
    screenshot: string | null;
    editor: number;
    photos: CollagePhotoRow[] | string;
  }>(
    `SELECT c.collage_xml, c.screenshot, c.editor, COALESCE((
       SELECT json_agg(json_build_object('id', p.id, 'orgWidth', p.org_width, 'orgHeight', p.org_height, 'webWidth', p.web_width,
         'webHeight', p.web_height, 'type', p.photo_type, 'unique', p.unique_key, 'suggestedRotation', p.suggested_rotation) ORDER BY p.id)
       FROM collage_photos cp JOIN photos p ON p.id = cp.photo_id WHERE cp.collage_id = c.id), '[]') AS photos
     FROM collages c WHERE c.user_id = $1 AND c.id = $2`,
    [userId, collageId],
  );
  if (!row) return null;
  const photos =
    typeof row.photos === 'string' ? (JSON.parse(row.photos) as CollagePhotoRow[]) : row.photos;
  return {
    collageXml: row.collage_xml,
    screenshot: row.screenshot,
    editor: Number(row.editor),
    photos,
  };
}

export interface CollageSummary {
  id: number;
  templateId: string;
  childTemplateId: string;
  name: string;
  size: string;
  material: string;
  hasScreenshot: boolean;
  updatedAt: Date;
}

const SUMMARY_COLUMNS = `id, template_id, child_template_id, name, size, material, screenshot IS NOT NULL AS has_screenshot, updated_at`;
interface SummaryRow {
  id: string | number;
  template_id: string;
  child_template_id: string | null;
  name: string;
  size: string;
  material: string;
  has_screenshot: boolean;
  updated_at: Date | string;
}

function toSummary(row: SummaryRow): CollageSummary {
  return {
    id: Number(row.id),
    templateId: row.template_id,
    childTemplateId: row.child_template_id ?? '',
    name: row.name,
    size: row.size,
    material: row.material,
    hasScreenshot: row.has_screenshot,
    updatedAt: new Date(row.updated_at),
  };
}

/** The user's collages, newest first; never the XML or the screenshot bytes. */
export async function listCollages(
  db: Queryable,
  userId: number,
  limit = 500,
): Promise<CollageSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM collages WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toSummary);
}

export async function findCollageSummary(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<CollageSummary | null> {
  const [row] = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM collages WHERE user_id = $1 AND id = $2`,
    [userId, collageId],
  );
  return row ? toSummary(row) : null;
}

/** The stored document of the user's collage (its screenshot text cut out), or null. */
export async function findCollageXml(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<string | null> {
  const [row] = await db.query<{ collage_xml: string }>(
    'SELECT collage_xml FROM collages WHERE user_id = $1 AND id = $2',
    [userId, collageId],
  );
  return row?.collage_xml ?? null;
}

export async function findScreenshot(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<{ stored: string; updatedAt: Date } | null> {
  const [row] = await db.query<{ screenshot: string | null; updated_at: Date | string }>(
    'SELECT screenshot, updated_at FROM collages WHERE user_id = $1 AND id = $2',
    [userId, collageId],
  );
  return row?.screenshot ? { stored: row.screenshot, updatedAt: new Date(row.updated_at) } : null;
}

export interface OrderSummary {
  id: number;
  status: string;
  createdAt: Date;
}

/** The newest order of a collage (the cart shows it); null when it was never ordered. */
export async function latestOrder(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<OrderSummary | null> {
  const [row] = await db.query<{ id: string | number; status: string; created_at: Date | string }>(
    'SELECT id, status, created_at FROM orders WHERE user_id = $1 AND collage_id = $2 ORDER BY id DESC LIMIT 1',
    [userId, collageId],
  );
  return row
    ? { id: Number(row.id), status: row.status, createdAt: new Date(row.created_at) }
    : null;
}
