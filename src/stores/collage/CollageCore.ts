import { action, computed, makeObservable, observable } from 'mobx';
import {
  BLACK,
  WHITE,
  backgroundAfterTemplateChange,
  backgroundColor as backgroundByRule,
} from '../../model/catalog/colors';
import type { CollageDocument } from '../../model/document/collageTypes';
import { emptySlotData } from '../../model/layout/slotData';
import { layoutBackgroundFill } from './collageSnapshot';
import {
  collageToDocument,
  documentToCollage,
  type OpenResult,
} from '../../model/document/collageDocument';
import { documentState, formatOfOpened } from './documentMapping';
import type { FormatSnapshot } from './formatTypes';
import { CollageHistory, type CollageServices } from './CollageHistory';

/**
 * The collage being made, without the customer's edits (CollageStore adds those: format, slots,
 * background colour): on CollageHistory (format, slot data, background colour, undo history), a
 * collage started from a design or opened from a document, its saved id, and the background rule.
 */
export class CollageCore extends CollageHistory {
  savedId: string | null = null;

  constructor(services: CollageServices) {
    super(services);
    makeObservable(this, {
      savedId: observable,
      hasDesign: computed,
      isNew: computed,
      isFinished: computed,
      photoIdsInUse: computed,
      startDesign: action,
      applyDesign: action,
      openDocument: action,
      markSaved: action,
      markUnsaved: action,
    });
  }

  get hasDesign(): boolean {
    return this.format.template !== null;
  }

  /** A collage is new until a save succeeds. */
  get isNew(): boolean {
    return this.savedId === null;
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

  /** The saved-collage document; `photoId` maps editor photo ids to stored ones. Undefined while the layout is not ready. */
  toDocument(photoId: (localId: string) => string = (id) => id): CollageDocument | undefined {
    const state = documentState(this.format, this, this.services.photoFacts);
    return state && collageToDocument(state, photoId);
  }

  /** A reopened collage: its template, size, settings and slots; nothing to undo, nothing to save. */
  openDocument(
    document: CollageDocument,
    savedId: string | null,
    templateOf: Parameters<typeof documentToCollage>[1],
    photoId: (storedId: string) => string = (id) => id,
  ): OpenResult {
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

  /** The automatic background colour of the design (the §4 rule). */
  protected ruleColor(): string {
    const template = this.format.template;
    if (!template) return WHITE;
    return backgroundByRule({
      templateType: template.type,
      generatorName: this.format.generatorName,
      photoBorderAutomatic: true,
      overlayColor: layoutBackgroundFill(this.layout),
    });
  }

  /** A template change: a saved collage keeps its colour and flag; otherwise the colour is automatic and follows the rule. */
  private applyBackgroundRule(isSaved: boolean): void {
    const template = this.format.template;
    if (!template) return;
    const next = backgroundAfterTemplateChange(
      { photoBorderAutomatic: this.photoBorderAutomatic, color: this.backgroundColor },
      isSaved,
      {
        templateType: template.type,
        generatorName: this.format.generatorName,
        overlayColor: layoutBackgroundFill(this.layout),
      },
    );
    this.photoBorderAutomatic = next.photoBorderAutomatic;
    this.backgroundColor = next.color;
  }
}
