import { action, computed, makeObservable, observable, observableRef, reaction, type IReactionDisposer } from 'mobx';
import { BLACK, WHITE, backgroundAfterTemplateChange, backgroundColor as backgroundByRule } from '../../model/catalog/colors';
import type { CollageDocument } from '../../model/document/collageTypes';
import { archiveSlotData, emptySlotData, restoreSlotData, type SlotData } from '../../model/layout/slotData';
import type { EditContext, PhotoFactsOf } from '../../model/layout/slotEdits';
import type { Layout } from '../../model/layout/types';
import { layoutBackgroundFill, sameSnapshot, type CollageSnapshot } from './collageSnapshot';
import type { TextMeasurer } from '../../model/text/measure';
import { CollageFormat } from './CollageFormat';
import { collageToDocument, documentToCollage, type OpenResult } from '../../model/document/collageDocument';
import { documentState, formatOfOpened } from './documentMapping';
import type { FormatServices, FormatSnapshot } from './formatTypes';
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
 * The collage being made, without the customer's edits (CollageStore adds those: format, slots,
 * background colour): its format (template, size, material, settings → layout), the customer's
 * data per slot, background colour, saved id and the undo history. Every edit goes through an action that applies a kernel's plan and records
 * one undo step.
 */
export class CollageCore {
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
  savedId: string | null = null;
  /** Counts edits, undos and redos: a draft keeper or autosave reacts to it. */
  changeCounter = 0;
  /** The state that is saved (or the start of a new collage): equal to the present means nothing to save. */
  cleanSnapshot: CollageSnapshot | null = null;
  private readonly disposeSync: IReactionDisposer;

  constructor(protected readonly services: CollageServices) {
    this.format = new CollageFormat(services.format);
    this.history = new HistoryStore(services.history);
    makeObservable<CollageCore, 'syncSlots' | 'commit' | 'adoptLoadedLayout' | 'apply' | 'edit' | 'formatEdit'>(this, {
      slots: observableRef,
      archive: observableRef,
      restored: observableRef,
      slotsLayoutKey: observable,
      backgroundColor: observable,
      photoBorderAutomatic: observable,
      photoBorderColor: observable,
      savedId: observable,
      changeCounter: observable,
      cleanSnapshot: observableRef,
      hasDesign: computed,
      layout: computed,
      isNew: computed,
      isDirty: computed,
      isFinished: computed,
      photoIdsInUse: computed,
      startDesign: action,
      applyDesign: action,
      undo: action,
      redo: action,
      endBurst: action,
      openDocument: action,
      markSaved: action,
      markUnsaved: action,
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

  get hasDesign(): boolean {
    return this.format.template !== null;
  }

  get layout(): Layout | undefined {
    return this.format.layout;
  }

  /** A collage is new until a save succeeds. */
  get isNew(): boolean {
    return this.savedId === null;
  }

  /** Changed since the last save (or since the start): the leave guard warns. */
  get isDirty(): boolean {
    return this.history.present !== this.cleanSnapshot;
  }

  /** Every photo slot of the layout is filled: the collage can be ordered. */
  get isFinished(): boolean {
    if (!this.layout || this.slotsLayoutKey !== this.format.layoutKey) return false;
    return Object.values(this.slots.photos).every((photo) => photo.id !== '');
  }

  /** Photo ids of the filled slots, once per slot (a photo used twice appears twice). */
  get photoIdsInUse(): string[] {
    return Object.values(this.slots.photos)
      .map((photo) => photo.id)
      .filter((id) => id !== '');
  }

  /** A new collage from a format chosen on the design screen: empty slots, the background rule, nothing to undo. */
  startDesign(format: FormatSnapshot): void {
    this.format.restore(format);
    this.slots = emptySlotData();
    this.archive = emptySlotData();
    this.restored = undefined;
    this.slotsLayoutKey = '';
    this.savedId = null;
    this.photoBorderColor = BLACK;
    this.applyBackgroundRule(false);
    this.syncSlots();
    this.history.reset(this.capture());
    this.cleanSnapshot = this.history.present;
    this.changeCounter += 1;
  }

  /** 'Wijzig huidige ontwerp': the chosen format replaces the current one; photos and texts follow by slot name. One undo step. */
  applyDesign(format: FormatSnapshot): void {
    if (!this.hasDesign) return this.startDesign(format);
    const templateChanged = format.template.id !== this.format.template?.id;
    this.format.restore(format);
    if (templateChanged) this.applyBackgroundRule(!this.isNew);
    this.syncSlots();
    this.commit();
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

  /** The saved-collage document; `photoId` maps editor photo ids to stored ones. Undefined while the layout is not ready. */
  toDocument(photoId: (localId: string) => string = (id) => id): CollageDocument | undefined {
    const state = documentState(this.format, this, this.services.photoFacts);
    return state && collageToDocument(state, photoId);
  }

  /** A reopened collage: its template, size, settings and slots; nothing to undo, nothing to save. */
  openDocument(document: CollageDocument, savedId: string | null, templateOf: Parameters<typeof documentToCollage>[1], photoId: (storedId: string) => string = (id) => id): OpenResult {
    const result = documentToCollage(document, templateOf, photoId);
    if (!result.ok) return result;
    const opened = result.collage;
    this.format.restore(formatOfOpened(opened));
    this.slots = emptySlotData();
    this.archive = opened.slots;
    this.restored = undefined;
    this.slotsLayoutKey = '';
    this.backgroundColor = opened.backgroundColor;
    this.photoBorderAutomatic = opened.photoBorderAutomatic;
    this.photoBorderColor = opened.photoBorderColor;
    this.savedId = savedId;
    this.syncSlots();
    this.history.reset(this.capture());
    this.cleanSnapshot = this.history.present;
    this.changeCounter += 1;
    return result;
  }

  /** A save succeeded: the collage is no longer new and has nothing left to save. */
  markSaved(savedId: string): void {
    this.savedId = savedId;
    this.history.seal();
    this.cleanSnapshot = this.history.present;
  }

  /** A collage brought back from a draft: its changes were never saved, so the leave guard warns and a save is offered. */
  markUnsaved(): void {
    this.cleanSnapshot = null;
  }

  protected formatEdit(changed: boolean): boolean {
    if (!changed) return false;
    this.syncSlots();
    this.commit();
    return true;
  }

  protected edit(change: (data: SlotData, context: EditContext) => SlotData, burstKey?: string): boolean {
    const layout = this.layout;
    if (!layout || this.slotsLayoutKey !== this.format.layoutKey) return false;
    const next = change(this.slots, { layout, measurer: this.services.measurer, photoFacts: this.services.photoFacts });
    if (next === this.slots) return false;
    this.slots = next;
    this.commit(burstKey);
    return true;
  }

  /** Slot data for the current layout: archived by slot name and restored into it (texts re-fitted). */
  private syncSlots(): boolean {
    const layout = this.layout;
    const key = this.format.layoutKey;
    if (!layout || key === this.slotsLayoutKey) return false;
    this.archive = archiveSlotData(this.archive, this.slots, this.restored);
    const photoSize = (id: string) => this.services.photoFacts(id);
    const plan = restoreSlotData(this.archive, layout, { measurer: this.services.measurer, photoSize });
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

  /** The automatic background colour of the design (the §4 rule). */
  protected ruleColor(): string {
    const template = this.format.template;
    if (!template) return WHITE;
    return backgroundByRule({ templateType: template.type, generatorName: this.format.generatorName, photoBorderAutomatic: true, overlayColor: layoutBackgroundFill(this.layout) });
  }

  /** A template change: a saved collage keeps its colour and flag; otherwise the colour is automatic and follows the rule. */
  private applyBackgroundRule(isSaved: boolean): void {
    const template = this.format.template;
    if (!template) return;
    const next = backgroundAfterTemplateChange(
      { photoBorderAutomatic: this.photoBorderAutomatic, color: this.backgroundColor },
      isSaved,
      { templateType: template.type, generatorName: this.format.generatorName, overlayColor: layoutBackgroundFill(this.layout) },
    );
    this.photoBorderAutomatic = next.photoBorderAutomatic;
    this.backgroundColor = next.color;
  }

  private capture(): CollageSnapshot {
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
