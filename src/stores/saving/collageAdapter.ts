import { writeCollageXml } from '../../model/document/collageXml';
import type { CollageStore } from '../collage/CollageStore';
import type { Photo } from '../photos/Photo';
import type { PhotoStore } from '../photos/PhotoStore';
import type { SaveableCollage } from './types';

/** Thrown by buildXml when the layout is not ready (a static template still loading): nothing sensible to save yet. */
export const LAYOUT_NOT_READY = 'The collage layout is not ready yet.';

/**
 * The collage store and the photo store as the save flow sees them (SaveableCollage): the slots
 * name photos by their local ids; the saved document names them by the ids the server gave.
 */
export function collageAdapter(
  collage: CollageStore,
  photos: Pick<PhotoStore, 'byLocalId' | 'remove'>,
): SaveableCollage {
  return {
    get isFinished() {
      return collage.isFinished;
    },
    get templateId() {
      return collage.format.template?.id ?? '';
    },
    get savedId() {
      return collage.savedId;
    },
    usedPhotos(): readonly Photo[] {
      const used = new Set<Photo>();
      for (const id of collage.photoIdsInUse) {
        const photo = photos.byLocalId(id);
        if (photo) used.add(photo);
      }
      return [...used];
    },
    buildXml(screenshotBase64) {
      const serverId = (localId: string) => {
        const id = photos.byLocalId(localId)?.serverId;
        // The save flow uploads every used photo first; a slot without a server copy is a programming error.
        if (!id) throw new Error(`Photo ${localId} is not on the server`);
        return id;
      };
      const document = collage.toDocument(serverId);
      if (!document) throw new Error(LAYOUT_NOT_READY);
      return writeCollageXml(
        screenshotBase64 === undefined ? document : { ...document, screenshot: screenshotBase64 },
      );
    },
    markSaved(collageId) {
      collage.markSaved(collageId);
    },
    clearPhoto(photo) {
      collage.clearPhoto(photo.localId);
    },
    removePhoto(photo) {
      collage.clearPhoto(photo.localId);
      photos.remove(photo);
    },
  };
}
