import { action, makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { DraftDb } from '../services/draftDb';
import type { CatalogStore } from './CatalogStore';
import type { CollageStore } from './CollageStore';
import type { Photo } from './Photo';
import type { PhotoStore } from './PhotoStore';
import { buildDraft, type StoredBlobs } from './drafts/buildDraft';
import {
  blobKey,
  DRAFT_MAX_AGE_MS,
  INDEX_KEY,
  NEW_COLLAGE_KEY,
  readDraftIndex,
  readDraftRecord,
  recordKey,
  type DraftIndexEntry,
  type DraftRecord,
  type DraftSummary,
} from './drafts/draftRecord';
import { restoreDraft } from './drafts/restoreDraft';
import { DebouncedTask } from './drafts/debouncedTask';

export const DRAFT_DEBOUNCE_MS = 500;
/** Typing without a pause still reaches the disk this often. */
export const DRAFT_MAX_WAIT_MS = 5000;

export interface DraftServices {
  db: DraftDb;
  collage: CollageStore;
  photos: PhotoStore;
  catalog: Pick<CatalogStore, 'load' | 'byId' | 'isLoaded'>;
  /** The file service, for server photos a draft kept without a web version. */
  readServerFile(serverId: string): Promise<string>;
  /** Opens the editor after a restore; a saved collage's draft opens through its own route (the reopen restores it there). */
  openEditor(savedId: string | null): void;
  reportError(message: string): void;
  now?(): number;
}

/** 'start': offered on a fresh start; 'reopen': offered while its saved collage is being reopened. */
export interface DraftOffer {
  summary: DraftSummary;
  savedId: string | null;
  mode: 'start' | 'reopen';
  state: 'asking' | 'restoring' | 'failed';
}

let uidCounter = 0;
const newUid = () => `${Date.now().toString(36)}${(uidCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Never lose a customer's work: the working collage (as saved-collage XML) and its photos' web
 * versions and original files are kept in the draft database at every change (debounced, one
 * transaction), and offered back after a crash, a reload or a closed tab until the collage is
 * saved. A new collage is kept under 'new'; a saved collage's unsaved changes under its id.
 */
export class DraftStore {
  offer: DraftOffer | null = null;
  /** The startup check is done; drafts are written from then on. */
  checked = false;
  /** False once the database refused to open: the editor works on without drafts. */
  available = true;
  private index: DraftIndexEntry[] = [];
  private ownedKey: string | null = null;
  private stored: StoredBlobs = new Map();
  private readonly uids = new WeakMap<Photo, string>();
  private offeredRecord: DraftRecord | null = null;
  private decide: ((restore: boolean) => void) | null = null;
  private approvedSavedId: string | null = null;
  private readonly writer: DebouncedTask;
  private readonly disposers: IReactionDisposer[] = [];

  constructor(private readonly services: DraftServices) {
    makeObservable<DraftStore, 'setOffer' | 'finishCheck'>(this, {
      offer: observable,
      checked: observable,
      available: observable,
      continueDraft: action,
      startOver: action,
      dismissFailure: action,
      setOffer: action,
      finishCheck: action,
    });
    this.writer = new DebouncedTask(() => this.flush(), DRAFT_DEBOUNCE_MS, DRAFT_MAX_WAIT_MS, () => this.now());
    const { collage, photos } = services;
    this.disposers.push(
      reaction(
        () => [collage.changeCounter, collage.isDirty, collage.slotsLayoutKey === collage.format.layoutKey, photos.photos.map((photo) => `${photo.localId}:${photo.state}:${photo.serverId}:${photo.rotation}`).join()],
        () => this.writer.request(),
      ),
      // A save clears the draft at once; a crash right after saving must not offer the saved work as new.
      reaction(
        () => collage.savedId,
        () => void this.flushNow(),
      ),
    );
  }

  /** The first route is known: offer the newest draft, except on a saved collage's route (its reopen offers its own). */
  async start(routeSavedId: string | undefined): Promise<void> {
    const now = this.now();
    try {
      const index = readDraftIndex(await this.services.db.get(INDEX_KEY));
      const expired = index.filter((entry) => now - entry.savedAt > DRAFT_MAX_AGE_MS).map((entry) => entry.key);
      this.index = index.filter((entry) => !expired.includes(entry.key));
      if (expired.length > 0) await this.deleteDrafts(expired);
      const newest = [...this.index].sort((a, b) => b.savedAt - a.savedAt)[0];
      if (routeSavedId === undefined && newest) {
        const record = readDraftRecord(await this.services.db.get(recordKey(newest.key)));
        if (record) this.setOffer({ summary: record.summary, savedId: record.savedId, mode: 'start', state: 'asking' }, record);
        else await this.deleteDrafts([newest.key]);
      }
    } catch (error) {
      this.unavailable(error);
    }
    this.finishCheck();
  }

  /** 'Ga verder': the draft comes back (a saved collage's draft through its route, after the sign-in check). */
  async continueDraft(): Promise<void> {
    const offer = this.offer;
    const record = this.offeredRecord;
    if (!offer || !record || offer.state !== 'asking') return;
    if (offer.mode === 'reopen') return this.decide?.(true);
    if (record.savedId !== null) {
      this.approvedSavedId = record.savedId;
      this.setOffer(null);
      return this.services.openEditor(record.savedId);
    }
    this.setOffer({ ...offer, state: 'restoring' }, record);
    const restored = await this.restoreSafely(record);
    this.setOffer(restored ? null : { ...offer, state: 'failed' }, restored ? null : record);
    if (restored) this.services.openEditor(null);
    // A draft that cannot come back would fail again on every start.
    else await this.deleteDrafts([record.key]).catch((error: unknown) => this.report(error));
  }

  /** 'Begin opnieuw' / 'Open de opgeslagen versie': the draft is dropped. */
  async startOver(): Promise<void> {
    const offer = this.offer;
    const record = this.offeredRecord;
    if (!offer || !record || offer.state !== 'asking') return;
    if (offer.mode === 'reopen') return this.decide?.(false);
    this.setOffer(null);
    await this.deleteDrafts([record.key]).catch((error: unknown) => this.report(error));
  }

  dismissFailure(): void {
    if (this.offer?.state === 'failed') this.setOffer(null);
  }

  /** For the reopen of a saved collage: offers its draft, restores it when wanted. True when restored. */
  async restoreDraftOf(savedId: string): Promise<boolean> {
    if (!this.available) return false;
    let record: DraftRecord | null;
    try {
      record = readDraftRecord(await this.services.db.get(recordKey(savedId)));
    } catch (error) {
      this.report(error);
      return false;
    }
    if (!record || record.savedId !== savedId) return false;
    if (this.approvedSavedId !== savedId) {
      const wanted = await new Promise<boolean>((resolve) => {
        this.decide = resolve;
        this.setOffer({ summary: record.summary, savedId, mode: 'reopen', state: 'asking' }, record);
      });
      this.decide = null;
      if (!wanted) {
        this.setOffer(null);
        await this.deleteDrafts([savedId]).catch((error: unknown) => this.report(error));
        return false;
      }
      this.setOffer({ summary: record.summary, savedId, mode: 'reopen', state: 'restoring' }, record);
    }
    this.approvedSavedId = null;
    const restored = await this.restoreSafely(record);
    // A draft that cannot come back is dropped; the saved version opens instead.
    if (!restored) await this.deleteDrafts([savedId]).catch(() => undefined);
    this.setOffer(null);
    return restored;
  }

  /** Writes now (the page is being hidden or a save just finished). */
  flushNow(): Promise<void> {
    return this.writer.runNow();
  }

  dispose(): void {
    for (const dispose of this.disposers) dispose();
    this.writer.cancel();
    this.decide?.(false);
  }

  private async flush(): Promise<void> {
    if (!this.checked || this.offer || !this.available) return;
    const { collage } = this.services;
    const key = collage.savedId ?? NEW_COLLAGE_KEY;
    // The new collage was saved: its draft goes. A clean saved collage has nothing to keep.
    const drop = this.ownedKey === NEW_COLLAGE_KEY && key !== NEW_COLLAGE_KEY ? [NEW_COLLAGE_KEY] : [];
    const worthKeeping = collage.hasDesign && (key === NEW_COLLAGE_KEY || collage.isDirty);
    try {
      if (!worthKeeping) {
        if (collage.hasDesign && this.index.some((entry) => entry.key === key)) drop.push(key);
        if (drop.length > 0) await this.deleteDrafts(drop);
        return;
      }
      if (this.ownedKey !== key) this.stored = new Map();
      await this.write(key, drop);
    } catch (error) {
      this.report(error);
    }
  }

  private async write(key: string, drop: string[]): Promise<void> {
    const build = (withoutFiles: boolean) =>
      buildDraft({ key, collage: this.services.collage, photos: this.services.photos, uidOf: (photo) => this.uidOf(photo), stored: this.stored, withoutFiles, now: this.now() });
    let built = build(false);
    if (!built) return; // the layout is still loading: the next change writes
    const dropKeys = await this.keysOf(drop);
    const index = [...this.index.filter((entry) => entry.key !== key && !drop.includes(entry.key)), { key, savedAt: built.record.savedAt }];
    const entries = (draft: NonNullable<typeof built>) => [[recordKey(key), draft.record] as const, [INDEX_KEY, index] as const, ...draft.blobs];
    try {
      await this.services.db.put(entries(built), [...built.staleBlobs, ...dropKeys]);
    } catch (error) {
      // Original files are the large part: without them the draft still brings every photo back.
      if (!built.blobs.some(([, blobs]) => blobs.file)) throw error;
      this.report(error);
      built = build(true)!;
      await this.services.db.put(entries(built), [...built.staleBlobs, ...dropKeys]);
    }
    this.index = index;
    this.ownedKey = key;
    this.stored = built.stored;
  }

  /** Every key a draft occupies: its record and its photos' blobs. */
  private async keysOf(draftKeys: readonly string[]): Promise<string[]> {
    const keys: string[] = [];
    for (const draftKey of draftKeys) {
      const record = readDraftRecord(await this.services.db.get(recordKey(draftKey)));
      keys.push(recordKey(draftKey), ...(record?.photos ?? []).map((photo) => blobKey(draftKey, photo.uid)));
      if (draftKey === this.ownedKey) keys.push(...[...this.stored.keys()].map((uid) => blobKey(draftKey, uid)));
    }
    return [...new Set(keys)];
  }

  private async deleteDrafts(draftKeys: readonly string[]): Promise<void> {
    const keys = await this.keysOf(draftKeys);
    const index = this.index.filter((entry) => !draftKeys.includes(entry.key));
    await this.services.db.put([[INDEX_KEY, index]], keys);
    this.index = index;
    if (this.ownedKey !== null && draftKeys.includes(this.ownedKey)) {
      this.ownedKey = null;
      this.stored = new Map();
    }
  }

  private async restoreSafely(record: DraftRecord): Promise<boolean> {
    try {
      const restored = await restoreDraft(record, this.services, (photo, uid) => this.uids.set(photo, uid));
      runInAction(() => {
        this.ownedKey = record.key;
        this.stored = restored.stored;
      });
      await restored.photosRead;
      return true;
    } catch (error) {
      this.report(error);
      runInAction(() => this.services.photos.clear());
      return false;
    }
  }

  private uidOf(photo: Photo): string {
    let uid = this.uids.get(photo);
    if (!uid) {
      uid = newUid();
      this.uids.set(photo, uid);
    }
    return uid;
  }

  private setOffer(offer: DraftOffer | null, record: DraftRecord | null = null): void {
    this.offer = offer;
    this.offeredRecord = offer ? record : null;
    if (!offer) void this.flushNow();
  }

  private finishCheck(): void {
    this.checked = true;
    this.writer.request();
  }

  private unavailable(error: unknown): void {
    runInAction(() => (this.available = false));
    this.report(error);
  }

  private report(error: unknown): void {
    this.services.reportError(`draft: ${error instanceof Error ? error.message : String(error)}`);
  }

  private now(): number {
    return this.services.now?.() ?? Date.now();
  }
}
