import type { CollageStore } from '../collage/CollageStore';
import type { PhotoStore } from '../photos/PhotoStore';
import { buildDraft } from './buildDraft';
import { restoreDraft } from './restoreDraft';

/**
 * What the draft store needs of the editor to keep and restore drafts: the working collage and its
 * photos, and the collage XML's writer and reader (buildDraft, restoreDraft). Handed over by the
 * editor's stores when they are built (DraftStore.attach), so the chooser, which only offers a
 * draft, does not download the XML stack.
 */
export interface DraftEditing {
  collage: CollageStore;
  photos: PhotoStore;
  build: typeof buildDraft;
  restore: typeof restoreDraft;
}

export function draftEditing(collage: CollageStore, photos: PhotoStore): DraftEditing {
  return { collage, photos, build: buildDraft, restore: restoreDraft };
}
