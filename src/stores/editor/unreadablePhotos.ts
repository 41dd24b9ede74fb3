import { compareStructural, reaction, type IReactionDisposer } from 'mobx';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import { NavState } from '../navigation/navigationStates';
import type { PhotoStore } from '../photos/PhotoStore';
import type { SlotActions } from './SlotActions';

interface UnreadablePhotoServices {
  collage: CollageStore;
  photos: PhotoStore;
  navigation: NavigationStore;
  slotActions: SlotActions;
}

/**
 * The spec: a photo in ERROR that is not on the server is cleared from its layer. A file that
 * could not be read (empty, cut off, not a JPEG) was chosen for a slot while it loaded; when it
 * fails, the slot is emptied instead of showing a black box. When it was the slot the customer
 * just chose it for, the photo picker opens on that slot again, so the error tile says why
 * (beyond the spec, which shows nothing once the dialog has closed). A photo whose upload failed
 * is not touched here: the save flow decides about those.
 */
export function clearUnreadablePhotos({
  collage,
  photos,
  navigation,
  slotActions,
}: UnreadablePhotoServices): IReactionDisposer {
  return reaction(
    () => {
      const inUse = new Set(collage.photoIdsInUse);
      return photos.photos
        .filter(
          (photo) => photo.loadFailure !== null && !photo.onServer && inUse.has(photo.localId),
        )
        .map((photo) => photo.localId);
    },
    (unreadable) => {
      if (unreadable.length === 0) return;
      const target = slotActions.targetSlot;
      const targetShowedOne =
        target !== null && unreadable.includes(collage.slots.photos[target]?.id ?? '');
      for (const id of unreadable) collage.clearPhoto(id);
      if (targetShowedOne && navigation.state === NavState.EditorNormal)
        slotActions.addPhoto(target);
    },
    { fireImmediately: true, equals: compareStructural },
  );
}
