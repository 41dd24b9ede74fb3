import type { Queryable } from './db.js';

/** All SQL for saved collages, their photo links and orders. Every read is scoped to the owner. */

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

/**
 * The document the cart shows of the user's collage: its newest order's own (what that order prints,
 * however the collage was saved since), else the collage's (never ordered, or ordered before
 * migration 013 and printed from the collage); null when it is not the user's.
 */
export async function cartCollageXml(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<string | null> {
  const [row] = await db.query<{ collage_xml: string }>(
    `SELECT COALESCE((SELECT o.collage_xml FROM orders o WHERE o.collage_id = c.id AND o.user_id = $1 ORDER BY o.id DESC LIMIT 1),
       c.collage_xml) AS collage_xml
     FROM collages c WHERE c.user_id = $1 AND c.id = $2`,
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
  /** The PrintError code of a failed print (the cart says why for some). */
  printError: string | null;
  createdAt: Date;
}

/** The newest order of a collage (the cart shows it); null when it was never ordered. */
export async function latestOrder(
  db: Queryable,
  userId: number,
  collageId: number,
): Promise<OrderSummary | null> {
  const [row] = await db.query<{
    id: string | number;
    status: string;
    print_error: string | null;
    created_at: Date | string;
  }>(
    'SELECT id, status, print_error, created_at FROM orders WHERE user_id = $1 AND collage_id = $2 ORDER BY id DESC LIMIT 1',
    [userId, collageId],
  );
  return row
    ? {
        id: Number(row.id),
        status: row.status,
        printError: row.print_error,
        createdAt: new Date(row.created_at),
      }
    : null;
}
