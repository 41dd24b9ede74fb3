import { runInAction } from 'mobx';
import { readCollageXml } from '../../model/document/collageXml';
import type { CatalogStore } from '../catalog/CatalogStore';
import type { CollageStore } from '../collage/CollageStore';
import type { Photo } from '../photos/Photo';
import { PHOTO_LOAD_ERROR, type PhotoStore } from '../photos/PhotoStore';
import { dataUrlToBlob, runLimited, SERVER_READS_AT_ONCE } from '../reopen/serverPhotos';
import type { StoredBlobs } from './buildDraft';
import { blobKey, readDraftBlobs, type DraftRecord } from './draftRecord';
import type { DraftDb } from '../../services/draftDb';

export interface RestoreServices {
  db: DraftDb;
  catalog: Pick<CatalogStore, 'load' | 'byId' | 'isLoaded'>;
  collage: Pick<CollageStore, 'openDocument' | 'markUnsaved'>;
  photos: Pick<PhotoStore, 'clear' | 'addFromServer' | 'addRestored' | 'showWebVersion'>;
  readServerFile(serverId: string): Promise<string>;
  reportError(message: string): void;
}

export interface RestoredDraft {
  /** The blob records the draft holds, per photo uid (not written again). */
  stored: StoredBlobs;
  /** Server photos the draft kept without a web version, read through the file service (3 at once). */
  photosRead: Promise<void>;
}

/**
 * Puts a draft back: the XML through the saved-collage reader (an unknown template or damaged data
 * throws), every photo from its web version, its file, its URL or the file service, then the
 * collage with its slots and texts. The collage's changes count as unsaved.
 */
export async function restoreDraft(
  record: DraftRecord,
  services: RestoreServices,
  remember: (photo: Photo, uid: string) => void,
): Promise<RestoredDraft> {
  const { catalog, collage, photos, db } = services;
  await catalog.load();
  if (!catalog.isLoaded) throw new Error('The template list could not be loaded');
  const read = readCollageXml(record.xml, { hasTemplate: (id) => catalog.byId(id) !== undefined });
  if (!read.ok) throw new Error(`${read.error} (${read.detail})`);
  const blobs = await Promise.all(
    record.photos.map(async (photo) =>
      readDraftBlobs(await db.get(blobKey(record.key, photo.uid))),
    ),
  );
  const toRead: Photo[] = [];
  const byUid = new Map<string, Photo>();
  const stored: StoredBlobs = new Map();
  runInAction(() => {
    photos.clear();
    record.photos.forEach((kept, index) => {
      const { web, file } = blobs[index]!;
      let photo: Photo;
      if (!web && !file && !kept.src && kept.serverId) {
        photo = photos.addFromServer({ ...kept, serverId: kept.serverId });
        toRead.push(photo);
      } else {
        photo = photos.addRestored({ ...kept, web, file });
      }
      if (web || file) stored.set(kept.uid, { web: web !== null, file: file !== null });
      remember(photo, kept.uid);
      byUid.set(kept.uid, photo);
    });
    const opened = collage.openDocument(
      read.document,
      record.savedId,
      (id) => catalog.byId(id),
      (uid) => byUid.get(uid)?.localId ?? '',
    );
    if (!opened.ok) throw new Error(opened.error);
    collage.markUnsaved();
  });
  const photosRead = runLimited(toRead, SERVER_READS_AT_ONCE, async (photo) => {
    try {
      const web = dataUrlToBlob(await services.readServerFile(photo.serverId!));
      photos.showWebVersion(photo, web, {
        webWidth: photo.webWidth,
        webHeight: photo.webHeight,
        orgWidth: photo.orgWidth,
        orgHeight: photo.orgHeight,
      });
    } catch (error) {
      photo.failed(PHOTO_LOAD_ERROR);
      services.reportError(
        `draft photo ${photo.serverId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  return { stored, photosRead };
}
