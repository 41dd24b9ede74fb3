import { action, computed, makeObservable } from 'mobx';
import { acceptPaletteColor } from '../../model/catalog/colors';
import type { SlotData, TextSlotData } from '../../model/layout/slotData';
import * as edits from '../../model/layout/slotEdits';
import * as photoEdits from '../../model/layout/photoEdits';
import { planAutofill, type AutofillPhoto, type AutofillPlan } from '../../model/layout/autofill';
import type { PhotoSlotLayer } from '../../model/layout/types';
import type { MaterialCode, Orientation } from '../../model/catalog/types';
import { CollageCore } from './CollageCore';
import type { CollageServices } from './CollageHistory';
import type { TypedSizeOutcome } from './formatTypes';

export type { CollageServices } from './CollageHistory';
export type { CollageSnapshot } from './collageSnapshot';

/**
 * The collage store: CollageCore (format, slots, background, history, documents) plus the
 * customer's edits: the format (orientation, size, material, controls, custom size), the photos
 * and texts in their slots, and the background colour. Each edit applies a plan of
 * src/model/layout/slotEdits and is one undo step; drags, zoom clicks and typing come in bursts
 * that make one step each.
 */
export class CollageStore extends CollageCore {
  constructor(services: CollageServices) {
    super(services);
    makeObservable(this, {
      slotsWithDpi: computed,
      chooseOrientation: action,
      chooseSize: action,
      chooseMaterial: action,
      stepControl: action,
      typeControl: action,
      useStandardSizes: action,
      placePhoto: action,
      autofill: action,
      swapSlots: action,
      clearSlot: action,
      clearPhoto: action,
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
    });
  }

  /** The slots with each photo's dpi as its loaded pixels give it (a photo placed while loading had none yet). */
  get slotsWithDpi(): SlotData {
    const layout = this.layout;
    return layout ? edits.withCurrentDpi(this.slots, layout, this.services.photoFacts) : this.slots;
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

  /** Fills the empty photo slots with these photos, the largest slots with the most pixels: one undo step. */
  autofill(photos: readonly AutofillPhoto[]): AutofillPlan {
    const empty = (this.layout?.layers ?? [])
      .filter(
        (layer): layer is PhotoSlotLayer =>
          layer.kind === 'photo' && (this.slots.photos[layer.slot]?.id ?? '') === '',
      )
      .map((layer) => ({ slot: layer.slot, widthCm: layer.width, heightCm: layer.height }));
    const plan = planAutofill(empty, photos);
    if (plan.placements.length > 0) {
      this.edit((data, context) =>
        plan.placements.reduce(
          (next, placement) => edits.placePhoto(next, context, placement.slot, placement.photoId),
          data,
        ),
      );
    }
    return plan;
  }

  swapSlots(a: string, b: string): boolean {
    return this.edit((data, context) => edits.swapSlots(data, context, a, b));
  }

  clearSlot(slot: string): boolean {
    return this.edit((data) => edits.clearSlot(data, slot));
  }

  /**
   * Takes a photo out of the collage (one that could not reach the server, or was removed): every
   * slot that shows it is emptied, and the archive forgets it so no later layout brings it back.
   * One undo step.
   */
  clearPhoto(photoId: string): boolean {
    if (photoId === '') return false;
    const shows = (data: { photos: Record<string, { id: string }> }) =>
      Object.entries(data.photos)
        .filter(([, photo]) => photo.id === photoId)
        .map(([slot]) => slot);
    const inArchive = shows(this.archive);
    if (inArchive.length > 0)
      this.archive = inArchive.reduce((data, slot) => edits.clearSlot(data, slot), this.archive);
    if (this.edit((data) => shows(data).reduce((next, slot) => edits.clearSlot(next, slot), data)))
      return true;
    // Only the archive knew the photo: still one undo step.
    return this.formatEdit(inArchive.length > 0);
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
    return this.edit(
      (data, context) => edits.setSlotTextStyle(data, context, slot, patch),
      burstKey,
    );
  }

  /** Text on a photo; with a burst key, a run of typing is one undo step. */
  setPhotoText(slot: string, text: TextSlotData | undefined, burstKey?: string): boolean {
    return this.edit(
      (data, context) => photoEdits.setPhotoText(data, context, slot, text),
      burstKey,
    );
  }

  /** Kleiner / Groter; clicks in a row make one undo step. */
  zoomPhoto(slot: string, button: 'smaller' | 'bigger'): boolean {
    return this.edit(
      (data, context) => photoEdits.zoomPhoto(data, context, slot, button),
      `zoom:${slot}`,
    );
  }

  pinchPhoto(slot: string, zoom: number): boolean {
    return this.edit(
      (data, context) => photoEdits.pinchPhoto(data, context, slot, zoom),
      `zoom:${slot}`,
    );
  }

  /** A drag of the photo inside its slot: the focal point; one drag is one undo step. */
  panPhoto(slot: string, focusX: number, focusY: number): boolean {
    return this.edit(
      (data, context) => photoEdits.panPhoto(data, context, slot, focusX, focusY),
      `pan:${slot}`,
    );
  }

  rotatePhoto(slot: string): boolean {
    return this.edit((data, context) => photoEdits.rotatePhoto(data, context, slot));
  }

  setEffect(slot: string, effect: string): boolean {
    return this.edit((data, context) => photoEdits.setPhotoEffect(data, context, slot, effect));
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
}
