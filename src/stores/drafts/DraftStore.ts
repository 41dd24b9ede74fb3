import {
  action,
  makeObservable,
  observable,
  reaction,
  runInAction,
  type IReactionDisposer,
} from 'mobx';
import type { StoredBlobs } from './buildDraft';
import type { DraftEditing } from './draftEditing';
import type { DraftServices } from './draftServices';
import { DraftShelf } from './DraftShelf';
import { NEW_COLLAGE_KEY, type DraftRecord, type DraftSummary } from './draftRecord';
import { DebouncedTask } from './debouncedTask';
import { PhotoUids } from './photoUids';

export const DRAFT_DEBOUNCE_MS = 500;
/** Typing without a pause still reaches the disk this often. */
export const DRAFT_MAX_WAIT_MS = 5000;

/** 'start': offered on a fresh start; 'reopen': offered while its saved collage is being reopened. */
export interface DraftOffer {
  summary: DraftSummary;
  savedId: string | null;
  mode: 'start' | 'reopen';
  state: 'asking' | 'restoring' | 'failed';
}

/**
 * Never lose a customer's work: the working collage (as saved-collage XML) and its photos' web
 * versions and original files are kept in the draft database at every change (debounced, one
 * transaction), and offered back after a crash, a reload or a closed tab until the collage is
 * saved. A new collage is kept under 'new'; a saved collage's unsaved changes under its id.
 * The chooser offers a draft with this store alone; keeping and restoring work once the editor's
 * stores have attached (attach), which a restore waits for.
 */
export class DraftStore {
  offer: DraftOffer | null = null;
  /** The startup check is done; drafts are written from then on. */
  checked = false;
  /** False once the database refused to open: the editor works on without drafts. */
  available = true;
  private readonly shelf: DraftShelf;
  private readonly uids = new PhotoUids();
  private offeredRecord: DraftRecord | null = null;
  private decide: ((restore: boolean) => void) | null = null;
  private approvedSavedId: string | null = null;
  private readonly writer: DebouncedTask;
  private editing: DraftEditing | null = null;

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
    this.shelf = new DraftShelf(services.db);
    this.writer = new DebouncedTask(
      () => this.flush(),
      DRAFT_DEBOUNCE_MS,
      DRAFT_MAX_WAIT_MS,
      () => this.now(),
    );
  }

  /** The editor's stores are built: the working collage is kept from now on. Answers the detacher. */
  attach(editing: DraftEditing): () => void {
    this.editing = editing;
    const { collage, photos } = editing;
    const disposers: IReactionDisposer[] = [
      reaction(
        () => [
          collage.changeCounter,
          collage.isDirty,
          collage.slotsLayoutKey === collage.format.layoutKey,
          photos.photos
            .map((photo) => `${photo.localId}:${photo.state}:${photo.serverId}:${photo.rotation}`)
            .join(),
        ],
        () => this.writer.request(),
      ),
      // A save clears the draft at once; a crash right after saving must not offer the saved work as new.
      reaction(
        () => collage.savedId,
        () => void this.flushNow(),
      ),
    ];
    this.writer.request();
    return () => {
      for (const dispose of disposers) dispose();
      this.editing = null;
    };
  }

  /** The first route is known: offer the newest draft, except on a saved collage's route (its reopen offers its own). */
  async start(routeSavedId: string | undefined): Promise<void> {
    try {
      const newest = await this.shelf.start(this.now());
      if (routeSavedId === undefined && newest) {
        const record = await this.shelf.read(newest.key);
        if (record)
          this.setOffer(
            { summary: record.summary, savedId: record.savedId, mode: 'start', state: 'asking' },
            record,
          );
        else await this.shelf.drop([newest.key]);
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
    else await this.shelf.drop([record.key]).catch((error: unknown) => this.report(error));
  }

  /** 'Begin opnieuw' / 'Open de opgeslagen versie': the draft is dropped. */
  async startOver(): Promise<void> {
    const offer = this.offer;
    const record = this.offeredRecord;
    if (!offer || !record || offer.state !== 'asking') return;
    if (offer.mode === 'reopen') return this.decide?.(false);
    this.setOffer(null);
    await this.shelf.drop([record.key]).catch((error: unknown) => this.report(error));
  }

  dismissFailure(): void {
    if (this.offer?.state === 'failed') this.setOffer(null);
  }

  /** For the reopen of a saved collage: offers its draft, restores it when wanted. True when restored. */
  async restoreDraftOf(savedId: string): Promise<boolean> {
    if (!this.available) return false;
    let record: DraftRecord | null;
    try {
      record = await this.shelf.read(savedId);
    } catch (error) {
      this.report(error);
      return false;
    }
    if (!record || record.savedId !== savedId) return false;
    if (this.approvedSavedId !== savedId) {
      const wanted = await new Promise<boolean>((resolve) => {
        this.decide = resolve;
        this.setOffer(
          { summary: record.summary, savedId, mode: 'reopen', state: 'asking' },
          record,
        );
      });
      this.decide = null;
      if (!wanted) {
        this.setOffer(null);
        await this.shelf.drop([savedId]).catch((error: unknown) => this.report(error));
        return false;
      }
      this.setOffer(
        { summary: record.summary, savedId, mode: 'reopen', state: 'restoring' },
        record,
      );
    }
    this.approvedSavedId = null;
    const restored = await this.restoreSafely(record);
    // A draft that cannot come back is dropped; the saved version opens instead.
    if (!restored) await this.shelf.drop([savedId]).catch(() => undefined);
    this.setOffer(null);
    return restored;
  }

  /** Writes now (the page is being hidden or a save just finished). */
  flushNow(): Promise<void> {
    return this.writer.runNow();
  }

  dispose(): void {
    this.writer.cancel();
    this.decide?.(false);
  }

  private async flush(): Promise<void> {
    const editing = this.editing;
    if (!this.checked || this.offer || !this.available || !editing) return;
    const { collage, photos } = editing;
    const key = collage.savedId ?? NEW_COLLAGE_KEY;
    // The new collage was saved: its draft goes. A clean saved collage has nothing to keep.
    const drop =
      this.shelf.owned === NEW_COLLAGE_KEY && key !== NEW_COLLAGE_KEY ? [NEW_COLLAGE_KEY] : [];
    const worthKeeping = collage.hasDesign && (key === NEW_COLLAGE_KEY || collage.isDirty);
    try {
      if (!worthKeeping) {
        if (collage.hasDesign && this.shelf.holds(key)) drop.push(key);
        if (drop.length > 0) await this.shelf.drop(drop);
        return;
      }
      const build = (stored: StoredBlobs, withoutFiles: boolean) =>
        editing.build({
          key,
          collage,
          photos,
          uidOf: (photo) => this.uids.of(photo),
          stored,
          withoutFiles,
          now: this.now(),
        });
      await this.shelf.write(key, drop, build, (error) => this.report(error));
    } catch (error) {
      this.report(error);
    }
  }

  private async restoreSafely(record: DraftRecord): Promise<boolean> {
    let editing: DraftEditing | null = null;
    try {
      // The editor's chunk may fail to arrive (offline): that is a failed restore like any other.
      await this.services.loadEditing();
      editing = this.editing;
      if (!editing) throw new Error("the editor's stores did not attach");
      const restored = await editing.restore(
        record,
        { ...this.services, ...editing },
        (photo, uid) => this.uids.set(photo, uid),
      );
      this.shelf.adopt(record.key, restored.stored);
      await restored.photosRead;
      return true;
    } catch (error) {
      this.report(error);
      const photos = editing?.photos;
      if (photos) runInAction(() => photos.clear());
      return false;
    }
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
