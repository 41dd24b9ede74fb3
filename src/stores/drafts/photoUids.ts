/**
 * The photos' uids in the drafts: their own file, as DraftStore only asks for them and hands
 * restored ones over.
 */
import type { Photo } from '../photos/Photo';

let uidCounter = 0;
const newUid = () =>
  `${Date.now().toString(36)}${(uidCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * The uid of each photo in the drafts (its blob records are keyed by it): made once per photo,
 * taken over from a restored draft.
 */
export class PhotoUids {
  private readonly uids = new WeakMap<Photo, string>();

  of(photo: Photo): string {
    let uid = this.uids.get(photo);
    if (!uid) {
      uid = newUid();
      this.uids.set(photo, uid);
    }
    return uid;
  }

  set(photo: Photo, uid: string): void {
    this.uids.set(photo, uid);
  }
}
