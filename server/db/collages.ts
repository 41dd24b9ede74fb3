import type { Db, Queryable } from './db.js';

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
  | { kind: 'saved'; collageId: number; orderId: number | null }
  | { kind: 'collage-not-found' }
  | { kind: 'photos-not-available'; photoIds: number[] };

/** Thrown inside the transaction so that nothing of a refused save is kept. */
class SaveRefused extends Error {
  constructor(readonly outcome: Exclude<SaveOutcome, { kind: 'saved' }>) {
    super(outcome.kind);
  }
}

/**
 * Stores the collage, its photo links and (for an order) an order row in one transaction. The photos
 * are checked and locked (FOR SHARE) in the same transaction, so a photo deleted meanwhile cannot leave
 * a collage pointing at nothing.
 */
export async function saveCollage(db: Db, write: CollageWrite): Promise<SaveOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const photoIds = [...new Set(write.photoIds)];
      const owned = await tx.query<{ id: string | number }>(
        'SELECT id FROM photos WHERE user_id = $1 AND id = ANY($2::bigint[]) FOR SHARE',
        [write.userId, photoIds.map(String)],
      );
      const ownedIds = new Set(owned.map((row) => Number(row.id)));
      const missing = photoIds.filter((id) => !ownedIds.has(id));
      if (missing.length) throw new SaveRefused({ kind: 'photos-not-available', photoIds: missing });

      const collageId = write.collageId === null ? await insertCollage(tx, write) : await updateCollage(tx, write, write.collageId);
      if (collageId === null) throw new SaveRefused({ kind: 'collage-not-found' });

      // Repeated saves mostly keep their photos: only the links that changed are written.
      if (write.collageId !== null) {
        await tx.query('DELETE FROM collage_photos WHERE collage_id = $1 AND NOT (photo_id = ANY($2::bigint[]))', [collageId, photoIds.map(String)]);
      }
      if (photoIds.length) {
        await tx.query('INSERT INTO collage_photos (collage_id, photo_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [
          collageId,
          photoIds.map(String),
        ]);
      }
      let orderId: number | null = null;
      if (write.forOrder) {
        const [order] = await tx.query<{ id: string | number }>(
          "INSERT INTO orders (collage_id, user_id, status) VALUES ($1, $2, 'new') RETURNING id",
          [collageId, write.userId],
        );
        orderId = Number(order?.id);
      }
      return { kind: 'saved' as const, collageId, orderId };
    });
  } catch (error) {
    if (error instanceof SaveRefused) return error.outcome;
    throw error;
  }
}

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

async function insertCollage(tx: Queryable, write: CollageWrite): Promise<number> {
  const [row] = await tx.query<{ id: string | number }>(
    `INSERT INTO collages (template_id, child_template_id, name, size, material, collage_xml, editor, editor_version, for_order, screenshot, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [...columnValues(write), write.userId],
  );
  return Number(row?.id);
}

async function updateCollage(tx: Queryable, write: CollageWrite, collageId: number): Promise<number | null> {
  const rows = await tx.query<{ id: string | number }>(
    `UPDATE collages SET template_id = $1, child_template_id = $2, name = $3, size = $4, material = $5, collage_xml = $6,
       editor = $7, editor_version = $8, for_order = $9, screenshot = $10, updated_at = now()
     WHERE user_id = $11 AND id = $12 RETURNING id`,
    [...columnValues(write), write.userId, collageId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface StoredCollage {
  /** The document as stored: its screenshot text lives in the screenshot column (see screenshotStorage.ts). */
  collageXml: string;
  screenshot: string | null;
  editor: number;
}

export async function findCollage(db: Queryable, userId: number, collageId: number): Promise<StoredCollage | null> {
  const [row] = await db.query<{ collage_xml: string; screenshot: string | null; editor: number }>(
    'SELECT collage_xml, screenshot, editor FROM collages WHERE user_id = $1 AND id = $2',
    [userId, collageId],
  );
  return row ? { collageXml: row.collage_xml, screenshot: row.screenshot, editor: Number(row.editor) } : null;
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

/** The photos linked to a collage (its owner's photos, as the save checked). */
export async function collagePhotos(db: Queryable, collageId: number): Promise<CollagePhotoRow[]> {
  const rows = await db.query<{
    id: string | number;
    org_width: number;
    org_height: number;
    web_width: number | null;
    web_height: number | null;
    photo_type: string;
    unique_key: string | null;
    suggested_rotation: number;
  }>(
    `SELECT p.id, p.org_width, p.org_height, p.web_width, p.web_height, p.photo_type, p.unique_key, p.suggested_rotation
     FROM collage_photos cp JOIN photos p ON p.id = cp.photo_id WHERE cp.collage_id = $1 ORDER BY p.id`,
    [collageId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    orgWidth: row.org_width,
    orgHeight: row.org_height,
    webWidth: row.web_width,
    webHeight: row.web_height,
    type: row.photo_type,
    unique: row.unique_key,
    suggestedRotation: row.suggested_rotation,
  }));
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
export async function listCollages(db: Queryable, userId: number, limit = 500): Promise<CollageSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM collages WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toSummary);
}

export async function findCollageSummary(db: Queryable, userId: number, collageId: number): Promise<CollageSummary | null> {
  const [row] = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM collages WHERE user_id = $1 AND id = $2`, [userId, collageId]);
  return row ? toSummary(row) : null;
}

export async function findScreenshot(db: Queryable, userId: number, collageId: number): Promise<{ stored: string; updatedAt: Date } | null> {
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
export async function latestOrder(db: Queryable, userId: number, collageId: number): Promise<OrderSummary | null> {
  const [row] = await db.query<{ id: string | number; status: string; created_at: Date | string }>(
    'SELECT id, status, created_at FROM orders WHERE user_id = $1 AND collage_id = $2 ORDER BY id DESC LIMIT 1',
    [userId, collageId],
  );
  return row ? { id: Number(row.id), status: row.status, createdAt: new Date(row.created_at) } : null;
}
