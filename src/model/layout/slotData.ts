import { effectiveDpi } from '../photos/quality';
import { SUBTITLE_SLOT, fitBoxForSlot } from '../text/box';
import { fitText } from '../text/fit';
import type { TextMeasurer } from '../text/measure';
import {
  EMPTY_PHOTO_SLOT,
  type PhotoSlotData,
  type SlotData,
  type TextSlotData,
} from './slotTypes';
import type { Layout, PhotoSlotLayer, TextSlotLayer } from './types';

export * from './slotTypes';

/**
 * A layout or template change (editor-core §4): the customer's photo and text data is archived
 * per slot name and restored by name into the new layout, texts re-fitted and emptied if they
 * cannot fit. A plan, not an effect: the store applies it.
 *
 * The archive keeps every slot ever filled, also those the new layout lacks, so going from 12
 * photos to 9 and back brings img10–img12 back; and it keeps a text as the customer wrote it,
 * so a text shortened to fit a small layout comes back whole in a larger one.
 */

export function emptySlotData(): SlotData {
  return { photos: {}, texts: {} };
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

function mergeChanged<T>(
  archive: Record<string, T>,
  current: Record<string, T>,
  restored: Record<string, T> | undefined,
): Record<string, T> {
  const merged = { ...archive };
  for (const [slot, data] of Object.entries(current)) {
    const unchanged =
      restored !== undefined && Object.hasOwn(merged, slot) && sameValue(own(restored, slot), data);
    if (!unchanged) merged[slot] = data;
  }
  return merged;
}

/**
 * The archive after the customer worked on `current`. With `restored` (the data the last restore
 * produced), a slot still exactly as restored keeps its archived version: re-fitting does not
 * overwrite the customer's full text.
 */
export function archiveSlotData(
  archive: SlotData,
  current: SlotData,
  restored?: SlotData,
): SlotData {
  return {
    photos: mergeChanged(archive.photos, current.photos, restored?.photos),
    texts: mergeChanged(archive.texts, current.texts, restored?.texts),
  };
}

export interface RestoreOptions {
  measurer: TextMeasurer;
  /** The original pixel size of a photo, to recompute its dpi in the new slot (kept otherwise). */
  photoSize?(id: string): { widthPx: number; heightPx: number } | undefined;
}

export interface RestorePlan {
  /** Data for exactly the photo and text slots of the new layout. */
  data: SlotData;
  /** Archived slots with a photo or text that the new layout has no slot for (kept in the archive). */
  lostSlots: string[];
  /** Texts made smaller or shorter to fit. */
  refittedTexts: string[];
  /** Texts that could not fit at all and were emptied (a photo's own text under its slot name). */
  emptiedTexts: string[];
}

/** What the customer chose in a text that carries over; size, alignment and spacing come from the new layer. */
function carriedText(layer: TextSlotLayer, archived: TextSlotData | undefined): TextSlotData {
  const text: TextSlotData = { ...layer.style, txt: '' };
  if (!archived) return text;
  return {
    ...text,
    txt: archived.txt,
    font: archived.font,
    color: archived.color,
    caps: archived.caps,
    background: archived.background,
  };
}

type FitOutcomeSink = Pick<RestorePlan, 'refittedTexts' | 'emptiedTexts'>;

function refit(
  slot: string,
  text: TextSlotData,
  box: { widthCm: number; heightCm: number },
  measurer: TextMeasurer,
  sink: FitOutcomeSink,
): TextSlotData {
  const fit = fitText({ text: text.txt, style: text, box }, measurer);
  if (fit.outcome === 'cleared') sink.emptiedTexts.push(slot);
  if (fit.outcome === 'smaller' || fit.outcome === 'shortened') sink.refittedTexts.push(slot);
  return { ...text, txt: fit.text, fontSize: fit.fontSize };
}

function restorePhoto(
  layer: PhotoSlotLayer,
  archived: PhotoSlotData | undefined,
  options: RestoreOptions,
  sink: FitOutcomeSink,
): PhotoSlotData {
  if (!archived) return { ...EMPTY_PHOTO_SLOT };
  const photo: PhotoSlotData = { ...archived };
  const size = photo.id === '' ? undefined : options.photoSize?.(photo.id);
  if (photo.id === '') photo.dpi = -1;
  else if (size) {
    photo.dpi = effectiveDpi({
      photoWidthPx: size.widthPx,
      photoHeightPx: size.heightPx,
      slotWidthCm: layer.width,
      slotHeightCm: layer.height,
      zoom: photo.zoom,
      rotation: photo.rotation,
    });
  }
  if (photo.text)
    photo.text = refit(
      layer.slot,
      photo.text,
      { widthCm: layer.width, heightCm: layer.height },
      options.measurer,
      sink,
    );
  return photo;
}

export function restoreSlotData(
  archive: SlotData,
  layout: Layout,
  options: RestoreOptions,
): RestorePlan {
  const plan: RestorePlan = {
    data: emptySlotData(),
    lostSlots: [],
    refittedTexts: [],
    emptiedTexts: [],
  };
  const hasSubtitle = layout.layers.some(
    (layer) => layer.kind === 'text' && layer.slot === SUBTITLE_SLOT,
  );
  for (const layer of layout.layers) {
    if (layer.kind === 'photo')
      plan.data.photos[layer.slot] = restorePhoto(
        layer,
        own(archive.photos, layer.slot),
        options,
        plan,
      );
    if (layer.kind === 'text') {
      const text = carriedText(layer, own(archive.texts, layer.slot));
      const box = fitBoxForSlot(
        layer.slot,
        { widthCm: layer.width, heightCm: layer.height },
        hasSubtitle,
      );
      plan.data.texts[layer.slot] = refit(layer.slot, text, box, options.measurer, plan);
    }
  }
  for (const [slot, photo] of Object.entries(archive.photos)) {
    if (photo.id !== '' && !Object.hasOwn(plan.data.photos, slot)) plan.lostSlots.push(slot);
  }
  for (const [slot, text] of Object.entries(archive.texts)) {
    if (text.txt.trim() !== '' && !Object.hasOwn(plan.data.texts, slot)) plan.lostSlots.push(slot);
  }
  return plan;
}
