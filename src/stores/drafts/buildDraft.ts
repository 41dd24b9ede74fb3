import { writeCollageXml } from '../../model/document/collageXml';
import type { CollageStore } from '../collage/CollageStore';
import type { Photo } from '../photos/Photo';
import type { PhotoStore, WebVersion } from '../photos/PhotoStore';
import {
  blobKey,
  DRAFT_VERSION,
  type DraftBlobs,
  type DraftPhoto,
  type DraftRecord,
} from './draftRecord';

/** Which blob records a draft already holds, per photo uid. */
export type StoredBlobs = Map<string, { web: boolean; file: boolean }>;

export interface BuiltDraft {
  record: DraftRecord;
  /** Blob records to write: new photos, or photos whose web version arrived since. */
  blobs: Array<[string, DraftBlobs]>;
  /** Blob records of photos that left the photo list. */
  staleBlobs: string[];
  stored: StoredBlobs;
}

export interface BuildDraftInput {
  key: string;
  collage: Pick<CollageStore, 'toDocument' | 'savedId' | 'format'>;
  photos: Pick<PhotoStore, 'photos' | 'byLocalId' | 'webVersion'>;
  uidOf(photo: Photo): string;
  stored: StoredBlobs;
  /** Leave the original files out (the browser refused the larger write). */
  withoutFiles: boolean;
  now: number;
}

function keepable(photo: Photo, web: Blob | undefined): boolean {
  if (photo.state === 'ERROR') return false;
  return (
    web !== undefined ||
    photo.file !== null ||
    photo.serverId !== null ||
    (photo.src !== '' && !photo.src.startsWith('blob:'))
  );
}

/**
 * The draft of the collage as it is now, or undefined while its layout is not ready. Photos in
 * error are left out; a photo that can come back from its web version, its file, its server copy
 * or its URL is kept, with its blobs written once.
 */
export function buildDraft(input: BuildDraftInput): BuiltDraft | undefined {
  const { collage, photos, key, uidOf } = input;
  const kept = new Map<Photo, WebVersion | undefined>();
  for (const photo of photos.photos) {
    const web = photos.webVersion(photo);
    if (keepable(photo, web?.blob)) kept.set(photo, web);
  }
  const document = collage.toDocument((localId) => {
    const photo = photos.byLocalId(localId);
    return photo && kept.has(photo) ? uidOf(photo) : '';
  });
  const template = collage.format.template;
  const size = collage.format.activeSize;
  if (!document || !template || !size) return undefined;

  const draftPhotos: DraftPhoto[] = [];
  const blobs: Array<[string, DraftBlobs]> = [];
  const stored: StoredBlobs = new Map();
  for (const [photo, web] of kept) {
    const uid = uidOf(photo);
    const file = input.withoutFiles ? null : photo.file;
    const has = { web: web !== undefined, file: file !== null };
    const before = input.stored.get(uid);
    if (has.web || has.file) {
      // Written once; again only when the web version arrived or a file can now be kept.
      if (!before || (has.web && !before.web) || (has.file && !before.file))
        blobs.push([blobKey(key, uid), { web: web?.blob ?? null, file }]);
      else Object.assign(has, before);
      stored.set(uid, has);
    }
    draftPhotos.push({
      uid,
      name: photo.name,
      source: photo.source,
      serverId: photo.serverId,
      src: web || photo.src.startsWith('blob:') ? '' : photo.src,
      // The kept blob's own size: the screen may show a sharper copy than the web version.
      webWidth: web?.width ?? photo.webWidth,
      webHeight: web?.height ?? photo.webHeight,
      orgWidth: photo.orgWidth,
      orgHeight: photo.orgHeight,
      key: photo.key,
      suggestedRotation: photo.suggestedRotation,
      rotation: photo.rotation,
      ...has,
    });
  }
  const staleBlobs = [...input.stored.keys()]
    .filter((uid) => !stored.has(uid))
    .map((uid) => blobKey(key, uid));
  const record: DraftRecord = {
    version: DRAFT_VERSION,
    key,
    savedId: collage.savedId,
    savedAt: input.now,
    xml: writeCollageXml(document),
    photos: draftPhotos,
    summary: {
      templateId: template.id,
      templateName: template.name,
      widthCm: size.widthCm,
      heightCm: size.heightCm,
      material: collage.format.material,
      photoCount: draftPhotos.length,
      savedAt: input.now,
    },
  };
  return { record, blobs, staleBlobs, stored };
}
