import { isMaterialCode } from '../../model/catalog/materials';
import type { MaterialCode } from '../../model/catalog/types';
import type { PhotoSource } from '../../model/photos/photoTypes';

/**
 * What a draft keeps, as stored in the draft database (src/services/draftDb). The collage itself
 * is the saved-collage XML (src/model/document) with the draft's own photo ids, so it is read back
 * through the same validating reader as a saved collage. Photos are listed with their facts; their
 * web versions and original files are Blobs under keys of their own, written once per photo.
 */

export const DRAFT_VERSION = 1;
/** The draft of a collage that has never been saved; a saved collage's draft goes under its id. */
export const NEW_COLLAGE_KEY = 'new';
/** The list of drafts with their times (the newest is offered on a fresh start). */
export const INDEX_KEY = 'index';
/** Drafts older than this are dropped at startup. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const recordKey = (draftKey: string) => `draft:${draftKey}`;
export const blobKey = (draftKey: string, uid: string) => `photo:${draftKey}:${uid}`;

export interface DraftPhoto {
  /** The photo's id in the draft's XML and in its blob key; unique within the draft. */
  uid: string;
  name: string;
  source: PhotoSource;
  serverId: string | null;
  /** A server or catalog URL for photos without a web Blob (quote images). */
  src: string;
  webWidth: number;
  webHeight: number;
  orgWidth: number;
  orgHeight: number;
  key: string;
  suggestedRotation: number;
  rotation: number;
  /** Whether its blob record holds the web version, the original file. */
  web: boolean;
  file: boolean;
}

export interface DraftBlobs {
  web: Blob | null;
  file: Blob | null;
}

/** What the offer shows without reading the collage: which design, how large, how many photos, when. */
export interface DraftSummary {
  templateId: string;
  templateName: string;
  widthCm: number;
  heightCm: number;
  material: MaterialCode;
  photoCount: number;
  savedAt: number;
}

export interface DraftRecord {
  version: typeof DRAFT_VERSION;
  key: string;
  savedId: string | null;
  savedAt: number;
  xml: string;
  photos: DraftPhoto[];
  summary: DraftSummary;
}

export interface DraftIndexEntry {
  key: string;
  savedAt: number;
}

const SOURCES: readonly PhotoSource[] = ['computer', 'social', 'other'];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function readPhoto(value: unknown): DraftPhoto | null {
  if (!isObject(value)) return null;
  const { uid, name, source, serverId, src, key, web, file } = value;
  const numbers = [
    'webWidth',
    'webHeight',
    'orgWidth',
    'orgHeight',
    'suggestedRotation',
    'rotation',
  ] as const;
  if (
    !isText(uid) ||
    uid === '' ||
    !isText(name) ||
    !SOURCES.includes(source as PhotoSource) ||
    !isText(src) ||
    !isText(key)
  )
    return null;
  if (serverId !== null && !isText(serverId)) return null;
  if (
    typeof web !== 'boolean' ||
    typeof file !== 'boolean' ||
    !numbers.every((field) => isCount(value[field]))
  )
    return null;
  return value as unknown as DraftPhoto;
}

function readSummary(value: unknown): DraftSummary | null {
  if (!isObject(value)) return null;
  const { templateId, templateName, widthCm, heightCm, material, photoCount, savedAt } = value;
  if (
    !isText(templateId) ||
    !isText(templateName) ||
    !isCount(widthCm) ||
    !isCount(heightCm) ||
    !isCount(photoCount) ||
    !isCount(savedAt)
  )
    return null;
  if (!isText(material) || !isMaterialCode(material)) return null;
  return value as unknown as DraftSummary;
}

/** A stored value as a draft record, or null when it is not one (another version, damaged data). */
export function readDraftRecord(value: unknown): DraftRecord | null {
  if (!isObject(value) || value.version !== DRAFT_VERSION) return null;
  const { key, savedId, savedAt, xml, photos, summary } = value;
  if (
    !isText(key) ||
    key === '' ||
    (savedId !== null && !isText(savedId)) ||
    !isCount(savedAt) ||
    !isText(xml) ||
    !Array.isArray(photos)
  )
    return null;
  const read = photos.map(readPhoto);
  if (
    read.some((photo) => photo === null) ||
    new Set(read.map((photo) => photo!.uid)).size !== read.length
  )
    return null;
  if (!readSummary(summary)) return null;
  return value as unknown as DraftRecord;
}

/** The stored index, keeping only well-formed entries, one per key. */
export function readDraftIndex(value: unknown): DraftIndexEntry[] {
  if (!Array.isArray(value)) return [];
  const entries = new Map<string, DraftIndexEntry>();
  for (const entry of value) {
    if (isObject(entry) && isText(entry.key) && entry.key !== '' && isCount(entry.savedAt))
      entries.set(entry.key, { key: entry.key, savedAt: entry.savedAt });
  }
  return [...entries.values()];
}

export function readDraftBlobs(value: unknown): DraftBlobs {
  const blob = (candidate: unknown) =>
    typeof Blob !== 'undefined' && candidate instanceof Blob ? candidate : null;
  return isObject(value)
    ? { web: blob(value.web), file: blob(value.file) }
    : { web: null, file: null };
}
