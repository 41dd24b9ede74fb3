/**
 * Test-only: a small collage behind the SaveableCollage interface, with named photo slots and a
 * real saved-collage XML (writeCollageXml). Imported by tests, never by the app.
 */
import { writeCollageXml } from '../../../src/model/document/collageXml';
import type { CollageDocument, SlotEntry } from '../../../src/model/document/collageTypes';
import { EMPTY_PHOTO_SLOT } from '../../../src/model/layout/slotTypes';
import { Photo } from '../../../src/stores/photos/Photo';
import type { SaveableCollage } from '../../../src/stores/saving/types';

export class TestCollage implements SaveableCollage {
  savedId: string | null = null;
  readonly slots = new Map<string, Photo | null>();
  readonly removed: Photo[] = [];
  readonly builtWith: Array<string | undefined> = [];

  constructor(
    readonly templateId: string,
    slotNames: readonly string[],
  ) {
    for (const name of slotNames) this.slots.set(name, null);
  }

  get isFinished(): boolean {
    return [...this.slots.values()].every((photo) => photo !== null);
  }

  place(slot: string, photo: Photo): this {
    this.slots.set(slot, photo);
    return this;
  }

  usedPhotos(): readonly Photo[] {
    return [...new Set([...this.slots.values()].filter((photo): photo is Photo => photo !== null))];
  }

  clearPhoto(photo: Photo): void {
    for (const [name, placed] of this.slots) if (placed === photo) this.slots.set(name, null);
  }

  removePhoto(photo: Photo): void {
    this.clearPhoto(photo);
    this.removed.push(photo);
  }

  markSaved(collageId: string): void {
    this.savedId = collageId;
  }

  buildXml(screenshotBase64: string | undefined): string {
    this.builtWith.push(screenshotBase64);
    return writeCollageXml(this.document(screenshotBase64));
  }

  document(screenshotBase64?: string): CollageDocument {
    const serverId = (photo: Photo | null) => {
      if (photo && !photo.serverId) throw new Error(`photo ${photo.name} is not on the server`);
      return photo?.serverId ?? '';
    };
    const slots: SlotEntry[] = [...this.slots].map(([name, photo], index) => ({
      kind: 'image',
      name,
      position: { x: 1 + index * 11, y: 1, width: 10, height: 10, rotation: 0 },
      photo: { ...EMPTY_PHOTO_SLOT, id: serverId(photo), dpi: photo ? 150 : -1 },
    }));
    return {
      templateId: this.templateId,
      ...(screenshotBase64 !== undefined ? { screenshot: screenshotBase64 } : {}),
      photos: this.usedPhotos().map(serverId),
      userdata: [
        {
          variation: 'default',
          version: 2,
          photoBorderColor: '#000000',
          photoBorderAutomaticColor: true,
          backgroundColor: '#ffffff',
          widthCm: 50,
          heightCm: 40,
          screenDpcm: 40,
          material: 'POSTER',
          settings: {},
          slots,
        },
      ],
    };
  }
}

/** A loaded local photo with a file of the given size. */
export function localPhoto(name: string, bytes = 1000): Photo {
  const file = new Blob([new Uint8Array(bytes).fill(0xff)], { type: 'image/jpeg' });
  const photo = new Photo('computer', name, file);
  photo.loaded({
    src: `blob:${name}`,
    webWidth: 1024,
    webHeight: 768,
    orgWidth: 4000,
    orgHeight: 3000,
    key: `${bytes}.4000.3000.${name}`,
  });
  return photo;
}
