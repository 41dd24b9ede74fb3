import type { Queryable } from './db.js';

/** All SQL of the photos table. */

export type PhotoType = 'computer' | 'social' | 'other';

export interface PhotoRow {
  id: number;
  userId: number;
  sha256: string;
  byteSize: number;
  format: 'jpeg' | 'png';
  orgWidth: number;
  orgHeight: number;
  webSha256: string | null;
  webWidth: number | null;
  webHeight: number | null;
  photoType: PhotoType;
  uniqueKey: string | null;
  suggestedRotation: number;
}

export type NewPhoto = Omit<PhotoRow, 'id'>;

interface DbPhotoRow {
  id: string | number;
  user_id: string | number;
  sha256: string;
  byte_size: string | number;
  format: string;
  org_width: number;
  org_height: number;
  web_sha256: string | null;
  web_width: number | null;
  web_height: number | null;
  photo_type: string;
  unique_key: string | null;
  suggested_rotation: number;
}

const COLUMNS =
  'id, user_id, sha256, byte_size, format, org_width, org_height, web_sha256, web_width, web_height, photo_type, unique_key, suggested_rotation';

function toPhoto(row: DbPhotoRow): PhotoRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    sha256: row.sha256,
    byteSize: Number(row.byte_size),
    format: row.format === 'png' ? 'png' : 'jpeg',
    orgWidth: row.org_width,
    orgHeight: row.org_height,
    webSha256: row.web_sha256,
    webWidth: row.web_width,
    webHeight: row.web_height,
    photoType:
      row.photo_type === 'social' || row.photo_type === 'other' ? row.photo_type : 'computer',
    uniqueKey: row.unique_key,
    suggestedRotation: row.suggested_rotation,
  };
}

/**
 * Adds a user's photo, or returns the one the user already has with the same bytes
 * (UNIQUE(user_id, sha256)): an upload of the same photo twice gives the same id.
 */
export async function insertPhotoOnce(
  db: Queryable,
  photo: NewPhoto,
): Promise<{ photo: PhotoRow; created: boolean }> {
  const inserted = await db.query<DbPhotoRow>(
    `INSERT INTO photos (user_id, sha256, byte_size, format, org_width, org_height, web_sha256, web_width, web_height, photo_type, unique_key, suggested_rotation)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (user_id, sha256) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      photo.userId,
      photo.sha256,
      photo.byteSize,
      photo.format,
      photo.orgWidth,
      photo.orgHeight,
      photo.webSha256,
      photo.webWidth,
      photo.webHeight,
      photo.photoType,
      photo.uniqueKey,
      photo.suggestedRotation,
    ],
  );
  if (inserted[0]) return { photo: toPhoto(inserted[0]), created: true };
  const existing = await findUserPhotoBySha(db, photo.userId, photo.sha256);
  if (!existing) throw new Error('photo vanished between insert and select');
  return { photo: existing, created: false };
}

/** The photo when it belongs to the user; another user's photo is as absent as a missing one. */
export async function findUserPhoto(
  db: Queryable,
  userId: number,
  photoId: number,
): Promise<PhotoRow | null> {
  const rows = await db.query<DbPhotoRow>(
    `SELECT ${COLUMNS} FROM photos WHERE id = $1 AND user_id = $2`,
    [photoId, userId],
  );
  return rows[0] ? toPhoto(rows[0]) : null;
}

export async function listUserPhotos(db: Queryable, userId: number): Promise<PhotoRow[]> {
  const rows = await db.query<DbPhotoRow>(
    `SELECT ${COLUMNS} FROM photos WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows.map(toPhoto);
}

export async function findUserPhotoBySha(
  db: Queryable,
  userId: number,
  sha256: string,
): Promise<PhotoRow | null> {
  const rows = await db.query<DbPhotoRow>(
    `SELECT ${COLUMNS} FROM photos WHERE user_id = $1 AND sha256 = $2`,
    [userId, sha256],
  );
  return rows[0] ? toPhoto(rows[0]) : null;
}
