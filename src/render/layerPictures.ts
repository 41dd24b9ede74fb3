/**
 * LayerPictures, by identity and version (DESIGN.md convention 4) like cache.ts's images: one
 * SkPicture per layer and version (a signature of everything that changes its pixels), so an
 * unchanged slot is replayed, never rebuilt; it owns its pictures and deletes them on replacement,
 * trim and dispose(). With objectId, for the signatures. Its own file: the renderer's recordings,
 * not the page's images.
 */
import type { SkPicture } from 'canvaskit-wasm';

/** A small id per object, for signatures: the same SkImage gives the same id. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
export function objectId(value: object | null): number {
  if (!value) return 0;
  let id = objectIds.get(value);
  if (id === undefined) {
    id = nextObjectId++;
    objectIds.set(value, id);
  }
  return id;
}

interface PictureEntry {
  signature: string;
  picture: SkPicture;
}

/** One recorded picture per layer, replaced when the layer's signature changes. */
export class LayerPictures {
  private readonly entries = new Map<number, PictureEntry>();

  /** The layer's picture for this signature, recorded by `record` when it changed. */
  get(index: number, signature: string, record: () => SkPicture): SkPicture {
    const entry = this.entries.get(index);
    if (entry && entry.signature === signature) return entry.picture;
    entry?.picture.delete();
    const picture = record();
    this.entries.set(index, { signature, picture });
    return picture;
  }

  signature(index: number): string | undefined {
    return this.entries.get(index)?.signature;
  }

  /** Drops layers beyond `count` (the layout got shorter). */
  trim(count: number): void {
    for (const [index, entry] of this.entries) {
      if (index < count) continue;
      entry.picture.delete();
      this.entries.delete(index);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.picture.delete();
    this.entries.clear();
  }
}
