import { writeCollageXml } from '../../model/document/collageXml';
import type { CollageStore } from '../CollageStore';
import type { Photo } from '../Photo';
import type { PhotoStore } from '../PhotoStore';
import type { SaveableCollage } from '../saving/types';

/**
 * The collage being edited as the save flow sees it: the collage store's slots and document with
 * the photo store's photos (slots hold the photos' local ids; the saved XML their server ids).
 * Null while there is no design.
 */
export function saveableCollage(collage: CollageStore, photos: PhotoStore): SaveableCollage | null {
  const template = collage.format.template;
  if (!template) return null;
  const slotsShowing = (photo: Photo) => Object.entries(collage.slots.photos).flatMap(([slot, data]) => (data.id === photo.localId ? [slot] : []));
  const clearPhoto = (photo: Photo) => {
    for (const slot of slotsShowing(photo)) collage.clearSlot(slot);
  };
  return {
    get isFinished() {
      return collage.isFinished;
    },
    templateId: template.id,
    get savedId() {
      return collage.savedId;
    },
    usedPhotos: () => [...new Set(collage.photoIdsInUse)].flatMap((id) => photos.byLocalId(id) ?? []),
    buildXml: (screenshot) => {
      const document = collage.toDocument((localId) => {
        const serverId = photos.byLocalId(localId)?.serverId;
        if (!serverId) throw new Error(`Photo ${localId} is not on the server`);
        return serverId;
      });
      if (!document) throw new Error('The layout is not ready');
      return writeCollageXml(screenshot === undefined ? document : { ...document, screenshot });
    },
    markSaved: (collageId) => collage.markSaved(collageId),
    clearPhoto,
    removePhoto: (photo) => {
      clearPhoto(photo);
      photos.remove(photo);
    },
  };
}
