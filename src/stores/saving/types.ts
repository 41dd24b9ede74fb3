import type { Photo } from '../photos/Photo';

/**
 * What the save flow needs of the collage. CollageStore implements it; the save flow depends on
 * nothing else of it, so the two are built and tested apart.
 */
export interface SaveableCollage {
  /** Every photo slot is filled: ordering is allowed. */
  readonly isFinished: boolean;
  readonly templateId: string;
  /** The saved collage id once a save succeeded; null while the collage is new. */
  readonly savedId: string | null;
  /** The photos the slots show (each once). Unused photos are never uploaded. */
  usedPhotos(): readonly Photo[];
  /**
   * The saved-collage XML (src/model/document) with the slots' photos under their server ids; every
   * used photo is on the server when this is called. The screenshot is base64 JPEG, when there is one.
   */
  buildXml(screenshotBase64: string | undefined): string;
  /** A save succeeded: the collage is no longer new, and later saves send this id. */
  markSaved(collageId: string): void;
  /** Empties every slot that shows the photo (a photo that could not reach the server). */
  clearPhoto(photo: Photo): void;
  /** Takes the photo out of the collage and the customer's photo list. */
  removePhoto(photo: Photo): void;
}

/**
 * What quitting leaves behind, for the done page's wording: everything saved, a collage that was
 * never saved (whatever was done to it), or saved once but not its latest changes.
 */
export type QuitKind = 'saved' | 'unsaved' | 'changes';

/** Where the dialog's actions leave the editor to. */
export interface SaveExits {
  /** The shop's cart: /cart/fromApp?collageid=… */
  checkout(collageId: string): void;
  /** The choice screen. */
  startNewCollage(): void;
  /** Out of the app (the done-with-app page), saying whether the collage was saved. */
  quitEditor(kind: QuitKind): void;
}
