import { action, computed, makeObservable, observable, observableRef, reaction, type IReactionDisposer } from 'mobx';
import { BLACK, WHITE, acceptPaletteColor, backgroundAfterTemplateChange, backgroundColor as backgroundByRule } from '../model/catalog/colors';
import { defaultChild, withCustomSize, withoutCustomSize } from '../model/catalog/sizes';
import type { MaterialCode, Orientation } from '../model/catalog/types';
import type { CollageDocument } from '../model/document/collageTypes';
import { archiveSlotData, emptySlotData, restoreSlotData, type SlotData, type TextSlotData } from '../model/layout/slotData';
import * as edits from '../model/layout/slotEdits';
import type { Layout } from '../model/layout/types';
import type { TextMeasurer } from '../model/text/measure';
import { CollageFormat } from './collage/CollageFormat';
import { collageToDocument, documentToCollage, type OpenResult } from './collage/collageDocument';
import type { FormatServices, FormatSnapshot, TypedSizeOutcome } from './collage/formatTypes';
import { HistoryStore, type HistoryOptions } from './HistoryStore';

export interface CollageServices {
  format: FormatServices;
  /** Text measuring (CanvasKit in the page; the fixed-advance measurer in tests). */
  measurer: TextMeasurer;
  /** Original pixels and suggested rotation of a photo by its editor id (the photo store). */
  photoFacts: edits.PhotoFactsOf;
  history?: HistoryOptions;
}

/** Everything an undo step restores. Immutable: edits replace the parts they change. */
export interface CollageSnapshot {
  format: FormatSnapshot | undefined;
  slots: SlotData;
  archive: SlotData;
  restored: SlotData | undefined;
  slotsLayoutKey: string;
  backgroundColor: string;
  photoBorderAutomatic: boolean;
  photoBorderColor: string;
}

/** The overlay colour a generated layout brings: its background shape's fill. */
function layoutBackgroundFill(layout: Layout | undefined): string | undefined {
  const shape = layout?.layers.find((layer) => layer.kind === 'shape' && layer.role === 'background');
  return shape?.kind === 'shape' ? shape.fill : undefined;
}

/**
 * The collage being made: its format (template, size, material, settings → layout), the customer's
 * data per slot, background colour, saved id and the undo history. Every edit goes through an
 * action that applies a kernel's plan and records one undo step.
 */
export class CollageStore {
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

  constructor(private readonly services: CollageServices) {
    this.format = new CollageFormat(services.format);
    this.history = new HistoryStore(services.history);
    makeObservable<CollageStore, 'syncSlots' | 'commit' | 'adoptLoadedLayout' | 'apply' | 'edit'>(this, {
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
      chooseOrientation: action,
      chooseSize: action,
      chooseMaterial: action,
      stepControl: action,
      typeControl: action,
      useStandardSizes: action,
      placePhoto: action,
      swapSlots: action,
      clearSlot: action,
      setText: action,
      setTextStyle: action,
      setPhotoText: action,
      zoomPhoto: action,
      pinchPhoto: action,
      panPhoto: action,
      rotatePhoto: action,
      setEffect: action,
      setBackgroundColor: action,
      useAutomaticBackground: action,
      undo: action,
      redo: action,
      endBurst: action,
      openDocument: action,
      markSaved: action,
      syncSlots: action,
      commit: action,
      adoptLoadedLayout: action,
      apply: action,
      edit: action,
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

  chooseOrientation(orientation: Orientation): boolean {
    return this.formatEdit(this.format.chooseOrientation(orientation));
  }

  chooseSize(sizeId: string): boolean {
    return this.formatEdit(this.format.chooseSize(sizeId));
  }

  chooseMaterial(code: MaterialCode): boolean {
    return this.formatEdit(this.format.chooseMaterial(code));
  }

  stepControl(name: string, direction: 1 | -1): boolean {
    return this.formatEdit(this.format.stepControl(name, direction));
  }

  typeControl(name: string, typed: string): boolean {
    return this.formatEdit(this.format.typeControl(name, typed));
  }

  useStandardSizes(): boolean {
    return this.formatEdit(this.format.useStandardSizes());
  }

  async applyTypedSize(widthText: string, heightText: string): Promise<TypedSizeOutcome> {
    const outcome = await this.format.applyTypedSize(widthText, heightText);
    if (outcome.kind === 'standard' || outcome.kind === 'custom') this.formatEdit(true);
    return outcome;
  }

  placePhoto(slot: string, photoId: string): boolean {
    return this.edit((data, context) => edits.placePhoto(data, context, slot, photoId));
  }

  swapSlots(a: string, b: string): boolean {
    return this.edit((data, context) => edits.swapSlots(data, context, a, b));
  }

  clearSlot(slot: string): boolean {
    return this.edit((data) => edits.clearSlot(data, slot));
  }

  /** Typing: a refused text keeps the old one and says why ('De titel is te lang voor dit veld.'). A typing burst is one undo step. */
  setText(slot: string, proposed: string): edits.TextEdit {
    let result: edits.TextEdit = { data: this.slots, accepted: true };
    this.edit((data, context) => {
      result = edits.setSlotText(data, context, slot, proposed);
      return result.data;
    }, `text:${slot}`);
    return result;
  }

  /** Font, size, alignment, caps, background or colour (palette colours only); the text is re-fitted. A burst key joins changes of several slots into one undo step. */
  setTextStyle(slot: string, patch: edits.TextStylePatch, burstKey?: string): boolean {
    if (patch.color !== undefined) {
      const color = acceptPaletteColor(patch.color);
      if (!color) return false;
      patch = { ...patch, color };
    }
    return this.edit((data, context) => edits.setSlotTextStyle(data, context, slot, patch), burstKey);
  }

  /** Text on a photo; with a burst key, a run of typing is one undo step. */
  setPhotoText(slot: string, text: TextSlotData | undefined, burstKey?: string): boolean {
    return this.edit((data, context) => edits.setPhotoText(data, context, slot, text), burstKey);
  }

  /** Kleiner / Groter; clicks in a row make one undo step. */
  zoomPhoto(slot: string, button: 'smaller' | 'bigger'): boolean {
    return this.edit((data, context) => edits.zoomPhoto(data, context, slot, button), `zoom:${slot}`);
  }

  pinchPhoto(slot: string, zoom: number): boolean {
    return this.edit((data, context) => edits.pinchPhoto(data, context, slot, zoom), `zoom:${slot}`);
  }

  /** A drag of the photo inside its slot: the focal point; one drag is one undo step. */
  panPhoto(slot: string, focusX: number, focusY: number): boolean {
    return this.edit((data, context) => edits.panPhoto(data, context, slot, focusX, focusY), `pan:${slot}`);
  }

  rotatePhoto(slot: string): boolean {
    return this.edit((data, context) => edits.rotatePhoto(data, context, slot));
  }

  setEffect(slot: string, effect: string): boolean {
    return this.edit((data, context) => edits.setPhotoEffect(data, context, slot, effect));
  }

  /** 'Wijzig achtergrondkleur': a palette colour only ('Geen achtergrondkleur' is white); the colour is no longer automatic. */
  setBackgroundColor(value: string): boolean {
    const color = acceptPaletteColor(value);
    if (!color || (color === this.backgroundColor && !this.photoBorderAutomatic)) return false;
    this.backgroundColor = color;
    this.photoBorderAutomatic = false;
    this.commit();
    return true;
  }

  /** Back to the automatic colour of the design (the §4 rule). */
  useAutomaticBackground(): boolean {
    if (this.photoBorderAutomatic || !this.format.template) return false;
    this.photoBorderAutomatic = true;
    this.backgroundColor = this.ruleColor();
    this.commit();
    return true;
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
    const { template, activeSize } = this.format;
    const layout = this.layout;
    if (!template || !activeSize || !layout || this.slotsLayoutKey !== this.format.layoutKey) return undefined;
    return collageToDocument(
      {
        template,
        sizeId: activeSize.id,
        widthCm: activeSize.widthCm,
        heightCm: activeSize.heightCm,
        material: this.format.material,
        settings: this.format.effectiveSettings,
        seed: this.format.seed,
        layout,
        slots: this.slots,
        backgroundColor: this.backgroundColor,
        photoBorderAutomatic: this.photoBorderAutomatic,
        photoBorderColor: this.photoBorderColor,
      },
      photoId,
    );
  }

  /** A reopened collage: its template, size, settings and slots; nothing to undo, nothing to save. */
  openDocument(document: CollageDocument, savedId: string | null, templateOf: Parameters<typeof documentToCollage>[1], photoId: (storedId: string) => string = (id) => id): OpenResult {
    const result = documentToCollage(document, templateOf, photoId);
    if (!result.ok) return result;
    const opened = result.collage;
    // Restored as saved: choosing size and material again would apply the margin reset to saved settings.
    const base = withoutCustomSize(opened.template);
    const standardId = base.sizes.some((size) => size.id === opened.sizeId) ? opened.sizeId : (defaultChild(base)?.id ?? '');
    this.format.restore({
      template: opened.customSize ? withCustomSize(base, opened.customSize) : base,
      sizeId: opened.customSize ? opened.customSize.id : standardId,
      material: opened.material,
      settings: opened.settings,
      seed: opened.seed,
      lastStandardSizeId: standardId,
    });
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

  private formatEdit(changed: boolean): boolean {
    if (!changed) return false;
    this.syncSlots();
    this.commit();
    return true;
  }

  private edit(change: (data: SlotData, context: edits.EditContext) => SlotData, burstKey?: string): boolean {
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

  private ruleColor(): string {
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

  private commit(burstKey?: string): void {
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

function sameSnapshot(a: CollageSnapshot, b: CollageSnapshot): boolean {
  const formatSame =
    a.format === b.format ||
    (a.format !== undefined &&
      b.format !== undefined &&
      a.format.template === b.format.template &&
      a.format.sizeId === b.format.sizeId &&
      a.format.material === b.format.material &&
      a.format.settings === b.format.settings &&
      a.format.seed === b.format.seed);
  return formatSame && a.slots === b.slots && a.backgroundColor === b.backgroundColor && a.photoBorderAutomatic === b.photoBorderAutomatic && a.photoBorderColor === b.photoBorderColor;
}
