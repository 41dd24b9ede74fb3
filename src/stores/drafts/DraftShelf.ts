import type { DraftDb } from '../../services/draftDb';
import type { BuiltDraft, StoredBlobs } from './buildDraft';
import {
  blobKey,
  DRAFT_MAX_AGE_MS,
  INDEX_KEY,
  readDraftIndex,
  readDraftRecord,
  recordKey,
  type DraftIndexEntry,
  type DraftRecord,
} from './draftRecord';

/**
 * The drafts in the draft database and this page's bookkeeping of them: the index, which draft
 * this page keeps (and so may overwrite), and which photo blobs that draft already holds. Writes
 * and deletions keep the index, the records and the blobs in step, one transaction each.
 * DraftStore decides what to keep and when; this knows how it lies on disk.
 */
export class DraftShelf {
  private index: DraftIndexEntry[] = [];
  private ownedKey: string | null = null;
  private stored: StoredBlobs = new Map();

  constructor(private readonly db: DraftDb) {}

  /** The draft this page writes to, once it wrote or restored one. */
  get owned(): string | null {
    return this.ownedKey;
  }

  /** Reads the index, drops drafts older than 30 days, and names the newest draft left. */
  async start(now: number): Promise<DraftIndexEntry | undefined> {
    const index = readDraftIndex(await this.db.get(INDEX_KEY));
    const expired = index
      .filter((entry) => now - entry.savedAt > DRAFT_MAX_AGE_MS)
      .map((entry) => entry.key);
    this.index = index.filter((entry) => !expired.includes(entry.key));
    if (expired.length > 0) await this.drop(expired);
    return [...this.index].sort((a, b) => b.savedAt - a.savedAt)[0];
  }

  async read(draftKey: string): Promise<DraftRecord | null> {
    return readDraftRecord(await this.db.get(recordKey(draftKey)));
  }

  holds(draftKey: string): boolean {
    return this.index.some((entry) => entry.key === draftKey);
  }

  /**
   * Writes the draft `build` makes (given the blobs the draft holds already) under `key`, dropping
   * the drafts `drop` names in the same transaction. A refused write (quota) is tried once more
   * without the original files; `onRetry` hears of the refusal. Nothing is written while `build` has nothing.
   */
  async write(
    key: string,
    drop: readonly string[],
    build: (stored: StoredBlobs, withoutFiles: boolean) => BuiltDraft | undefined,
    onRetry: (error: unknown) => void,
  ): Promise<void> {
    if (this.ownedKey !== key) this.stored = new Map();
    let built = build(this.stored, false);
    if (!built) return; // the layout is still loading: the next change writes
    const dropKeys = await this.keysOf(drop);
    const index = [
      ...this.index.filter((entry) => entry.key !== key && !drop.includes(entry.key)),
      { key, savedAt: built.record.savedAt },
    ];
    const entries = (draft: BuiltDraft) => [
      [recordKey(key), draft.record] as const,
      [INDEX_KEY, index] as const,
      ...draft.blobs,
    ];
    try {
      await this.db.put(entries(built), [...built.staleBlobs, ...dropKeys]);
    } catch (error) {
      // Original files are the large part: without them the draft still brings every photo back.
      if (!built.blobs.some(([, blobs]) => blobs.file)) throw error;
      onRetry(error);
      built = build(this.stored, true)!;
      await this.db.put(entries(built), [...built.staleBlobs, ...dropKeys]);
    }
    this.index = index;
    this.ownedKey = key;
    this.stored = built.stored;
  }

  /** Deletes drafts: their records, their photos' blobs and their index entries. */
  async drop(draftKeys: readonly string[]): Promise<void> {
    const keys = await this.keysOf(draftKeys);
    const index = this.index.filter((entry) => !draftKeys.includes(entry.key));
    await this.db.put([[INDEX_KEY, index]], keys);
    this.index = index;
    if (this.ownedKey !== null && draftKeys.includes(this.ownedKey)) {
      this.ownedKey = null;
      this.stored = new Map();
    }
  }

  /** A restored draft is this page's from now on, with the blobs it holds. */
  adopt(draftKey: string, stored: StoredBlobs): void {
    this.ownedKey = draftKey;
    this.stored = stored;
  }

  /** Every key a draft occupies: its record and its photos' blobs. */
  private async keysOf(draftKeys: readonly string[]): Promise<string[]> {
    const keys: string[] = [];
    for (const draftKey of draftKeys) {
      const record = await this.read(draftKey);
      keys.push(
        recordKey(draftKey),
        ...(record?.photos ?? []).map((photo) => blobKey(draftKey, photo.uid)),
      );
      if (draftKey === this.ownedKey)
        keys.push(...[...this.stored.keys()].map((uid) => blobKey(draftKey, uid)));
    }
    return [...new Set(keys)];
  }
}
