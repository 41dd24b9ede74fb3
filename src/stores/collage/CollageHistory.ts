/**
 * The collage store's lowest layer, in its own file so each layer reads whole: the collage's parts,
 * the slots kept in step with the layout, and the undo history (CollageCore and CollageStore above).
 */
import {
  action,
  computed,
  makeObservable,
  observable,
  observableRef,
  reaction,
  type IReactionDisposer,
} from 'mobx';
import { BLACK, WHITE } from '../../model/catalog/colors';
import {
  archiveSlotData,
  emptySlotData,
  restoreSlotData,
  type SlotData,
} from '../../model/layout/slotData';
import type { EditContext, PhotoFactsOf } from '../../model/layout/slotEdits';
import type { Layout } from '../../model/layout/types';
import { sameSnapshot, type CollageSnapshot } from './collageSnapshot';
import type { TextMeasurer } from '../../model/text/measure';
import { CollageFormat } from './CollageFormat';
import type { FormatServices } from './formatTypes';
import { HistoryStore, type HistoryOptions } from '../history/HistoryStore';

export interface CollageServices {
  format: FormatServices;
  /** Text measuring (CanvasKit in the page; the fixed-advance measurer in tests). */
  measurer: TextMeasurer;
  /** Original pixels and suggested rotation of a photo by its editor id (the photo store). */
  photoFacts: PhotoFactsOf;
  history?: HistoryOptions;
}

/**
 * The collage's format (template, size, material, settings → layout), the customer's data per
 * slot, the background colour and the undo history. Every edit goes through an action that
 * applies a kernel's plan and records one undo step.
 */
export class CollageHistory {
  readonly format: CollageFormat;
  readonly history: HistoryStore<CollageSnapshot>;
  slots: SlotData = emptySlotData();
  /** Every slot ever filled, by name: what a new layout restores from. */
  archive: SlotData = emptySlotData();
  restored: SlotData | undefined = undefined;
  /** The layout key the slots were made for. */
  slotsLayoutKey = '';
  backgroundColor = WHITE;
  photoBorderAutomatic = true;
  photoBorderColor = BLACK;
  /** Counts edits, undos and redos: a draft keeper or autosave reacts to it. */
  changeCounter = 0;
  /** The state that is saved (or the start of a new collage): equal to the present means nothing to save. */
  cleanSnapshot: CollageSnapshot | null = null;
  private readonly disposeSync: IReactionDisposer;

  constructor(protected readonly services: CollageServices) {
    this.format = new CollageFormat(services.format);
    this.history = new HistoryStore(services.history);
    makeObservable<
      CollageHistory,
      'syncSlots' | 'commit' | 'adoptLoadedLayout' | 'apply' | 'edit' | 'formatEdit'
    >(this, {
      slots: observableRef,
      archive: observableRef,
      restored: observableRef,
      slotsLayoutKey: observable,
      backgroundColor: observable,
      photoBorderAutomatic: observable,
      photoBorderColor: observable,
      changeCounter: observable,
      cleanSnapshot: observableRef,
      layout: computed,
      isDirty: computed,
      undo: action,
      redo: action,
      endBurst: action,
      syncSlots: action,
      commit: action,
      adoptLoadedLayout: action,
      apply: action,
      edit: action,
      formatEdit: action,
    });
    // A static template or the number shapes arrive later: their layout gets the slots then.
    this.disposeSync = reaction(
      () => (this.format.layout ? this.format.layoutKey : null),
      () => this.adoptLoadedLayout(),
    );
  }

  dispose(): void {
    this.disposeSync();
  }

  get layout(): Layout | undefined {
    return this.format.layout;
  }

  /** Changed since the last save (or since the start): the leave guard warns. */
  get isDirty(): boolean {
    return this.history.present !== this.cleanSnapshot;
  }

  undo(): boolean {
    const snapshot = this.history.undo();
    if (snapshot) this.apply(snapshot);
    return snapshot !== undefined;
  }

  redo(): boolean {
    const snapshot = this.history.redo();
    if (snapshot) this.apply(snapshot);
    return snapshot !== undefined;
  }

  /** Pointer up, a text field left: the next edit is a step of its own. */
  endBurst(): void {
    this.history.seal();
  }

  protected formatEdit(changed: boolean): boolean {
    if (!changed) return false;
    this.syncSlots();
    this.commit();
    return true;
  }

  protected edit(
    change: (data: SlotData, context: EditContext) => SlotData,
    burstKey?: string,
  ): boolean {
    const layout = this.layout;
    if (!layout || this.slotsLayoutKey !== this.format.layoutKey) return false;
    const next = change(this.slots, {
      layout,
      measurer: this.services.measurer,
      photoFacts: this.services.photoFacts,
    });
    if (next === this.slots) return false;
    this.slots = next;
    this.commit(burstKey);
    return true;
  }

  /** Slot data for the current layout: archived by slot name and restored into it (texts re-fitted). */
  protected syncSlots(): boolean {
    const layout = this.layout;
    const key = this.format.layoutKey;
    if (!layout || key === this.slotsLayoutKey) return false;
    this.archive = archiveSlotData(this.archive, this.slots, this.restored);
    const photoSize = (id: string) => this.services.photoFacts(id);
    const plan = restoreSlotData(this.archive, layout, {
      measurer: this.services.measurer,
      photoSize,
    });
    this.slots = plan.data;
    this.restored = plan.data;
    this.slotsLayoutKey = key;
    return true;
  }

  private adoptLoadedLayout(): void {
    const wasClean = this.history.present === this.cleanSnapshot;
    if (!this.syncSlots() || !this.history.present) return;
    this.history.replacePresent(this.capture());
    if (wasClean) this.cleanSnapshot = this.history.present;
  }

  protected capture(): CollageSnapshot {
    return {
      format: this.format.snapshot(),
      slots: this.slots,
      archive: this.archive,
      restored: this.restored,
      slotsLayoutKey: this.slotsLayoutKey,
      backgroundColor: this.backgroundColor,
      photoBorderAutomatic: this.photoBorderAutomatic,
      photoBorderColor: this.photoBorderColor,
    };
  }

  /** Records the present as an undo step (a burst key merges quick edits of one kind); an edit that changed nothing is no step. */
  protected commit(burstKey?: string): void {
    const next = this.capture();
    const present = this.history.present;
    if (present && sameSnapshot(present, next)) return;
    this.history.record(next, burstKey);
    this.changeCounter += 1;
  }

  private apply(snapshot: CollageSnapshot): void {
    if (snapshot.format) this.format.restore(snapshot.format);
    this.slots = snapshot.slots;
    this.archive = snapshot.archive;
    this.restored = snapshot.restored;
    this.slotsLayoutKey = snapshot.slotsLayoutKey;
    this.backgroundColor = snapshot.backgroundColor;
    this.photoBorderAutomatic = snapshot.photoBorderAutomatic;
    this.photoBorderColor = snapshot.photoBorderColor;
    this.changeCounter += 1;
  }
}
