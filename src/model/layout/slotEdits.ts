import { effectiveDpi } from '../photos/quality';
import { suggestedRotation } from '../photos/orientation';
import { SUBTITLE_SLOT, fitBoxForSlot, type TextBox } from '../text/box';
import { fitText } from '../text/fit';
import { acceptTextInput } from '../text/input';
import type { TextMeasurer } from '../text/measure';
import type { FormMessageKey } from '../text/textForm';
import {
  EMPTY_PHOTO_SLOT,
  type PhotoSlotData,
  type SlotData,
  type TextSlotData,
} from './slotTypes';
import type { Layout, PhotoSlotLayer, TextSlotLayer } from './types';

/**
 * The editor's edits of slot data as plans: each takes the slot data and returns the new slot
 * data, or the very same object when the edit changes nothing (unknown slot, a bound reached), so
 * a store applies it in one action and an undo history records only real changes. The edits of
 * a placed photo's framing are in photoEdits.ts.
 */

export interface PhotoFacts {
  /** The photo's original pixels (the dpi is computed from these). */
  widthPx: number;
  heightPx: number;
  /** From the EXIF orientation: the rotation a newly placed photo starts with. */
  suggestedRotation?: number;
}

export type PhotoFactsOf = (photoId: string) => PhotoFacts | undefined;

export interface EditContext {
  layout: Layout;
  measurer: TextMeasurer;
  photoFacts: PhotoFactsOf;
}

export function photoLayerOf(layout: Layout, slot: string): PhotoSlotLayer | undefined {
  return layout.layers.find(
    (layer): layer is PhotoSlotLayer => layer.kind === 'photo' && layer.slot === slot,
  );
}

export function textLayerOf(layout: Layout, slot: string): TextSlotLayer | undefined {
  return layout.layers.find(
    (layer): layer is TextSlotLayer => layer.kind === 'text' && layer.slot === slot,
  );
}

/** The box a text slot's text is fitted in (the title doubles when the layout has a subtitle). */
export function textBoxOf(layout: Layout, layer: TextSlotLayer): TextBox {
  const hasSubtitle = layout.layers.some(
    (candidate) => candidate.kind === 'text' && candidate.slot === SUBTITLE_SLOT,
  );
  return fitBoxForSlot(layer.slot, { widthCm: layer.width, heightCm: layer.height }, hasSubtitle);
}

/** The effective dpi of a photo in a slot; -1 for an empty slot, the old value when the photo's pixels are unknown. */
export function dpiInSlot(
  photo: PhotoSlotData,
  layer: PhotoSlotLayer,
  facts: PhotoFactsOf,
): number {
  if (photo.id === '') return -1;
  const size = facts(photo.id);
  if (!size) return photo.dpi;
  return effectiveDpi({
    photoWidthPx: size.widthPx,
    photoHeightPx: size.heightPx,
    slotWidthCm: layer.width,
    slotHeightCm: layer.height,
    zoom: photo.zoom,
    rotation: photo.rotation,
  });
}

/**
 * The slots with every photo's dpi as its pixels give it now. A photo placed while still loading
 * keeps -1 until its size is known; the quality view and the saved document read this, so a save
 * does not depend on when the photo finished loading. Answers `data` itself when nothing differs.
 */
export function withCurrentDpi(data: SlotData, layout: Layout, facts: PhotoFactsOf): SlotData {
  let photos: SlotData['photos'] | undefined;
  for (const layer of layout.layers) {
    if (layer.kind !== 'photo') continue;
    const photo = data.photos[layer.slot];
    if (!photo) continue;
    const dpi = dpiInSlot(photo, layer, facts);
    if (dpi === photo.dpi) continue;
    photos ??= { ...data.photos };
    photos[layer.slot] = { ...photo, dpi };
  }
  return photos ? { ...data, photos } : data;
}

/** `data` with `photo` in `slot`. */
export function withPhoto(data: SlotData, slot: string, photo: PhotoSlotData): SlotData {
  return { ...data, photos: { ...data.photos, [slot]: photo } };
}

function withText(data: SlotData, slot: string, text: TextSlotData): SlotData {
  return { ...data, texts: { ...data.texts, [slot]: text } };
}

/** Puts a photo in a slot with a fresh framing (zoom 1, centred, its suggested rotation); a photo text on the slot stays. */
export function placePhoto(
  data: SlotData,
  context: EditContext,
  slot: string,
  photoId: string,
): SlotData {
  const layer = photoLayerOf(context.layout, slot);
  if (!layer || photoId === '') return data;
  const previous = data.photos[slot];
  const rotation = suggestedRotation(context.photoFacts(photoId)?.suggestedRotation ?? 0);
  const photo: PhotoSlotData = { ...EMPTY_PHOTO_SLOT, id: photoId, rotation };
  if (previous?.text) photo.text = previous.text;
  photo.dpi = dpiInSlot(photo, layer, context.photoFacts);
  return withPhoto(data, slot, photo);
}

/** Empties a photo slot (Verwijder), or a text slot's text. */
export function clearSlot(data: SlotData, slot: string): SlotData {
  const photo = data.photos[slot];
  if (photo)
    return photo.id === '' && !photo.text ? data : withPhoto(data, slot, { ...EMPTY_PHOTO_SLOT });
  const text = data.texts[slot];
  if (text) return text.txt === '' ? data : withText(data, slot, { ...text, txt: '' });
  return data;
}

/** The photo's text (if any) re-fitted in the photo slot's box. */
export function refitPhotoText(
  photo: PhotoSlotData,
  layer: PhotoSlotLayer,
  measurer: TextMeasurer,
): PhotoSlotData {
  if (!photo.text) return photo;
  const fit = fitText(
    {
      text: photo.text.txt,
      style: photo.text,
      box: { widthCm: layer.width, heightCm: layer.height },
    },
    measurer,
  );
  return { ...photo, text: { ...photo.text, txt: fit.text, fontSize: fit.fontSize } };
}

/** What a text slot's content is when it moves: the customer's words and look; size and alignment stay with the slot. */
function movedText(from: TextSlotData, into: TextSlotData): TextSlotData {
  return {
    ...into,
    txt: from.txt,
    font: from.font,
    color: from.color,
    caps: from.caps,
    background: from.background,
  };
}

/**
 * Dragging one slot onto another swaps them. Photos move with their whole framing (zoom, focal
 * point, rotation, effect, text on the photo): the focal point is relative to the photo, so each
 * photo shows the same part of itself in its new slot. Texts swap their words and look and are
 * re-fitted in their new box. Slots of different kinds, or the same slot twice, change nothing.
 */
export function swapSlots(data: SlotData, context: EditContext, a: string, b: string): SlotData {
  if (a === b) return data;
  const { layout, measurer, photoFacts } = context;
  const layerA = photoLayerOf(layout, a);
  const layerB = photoLayerOf(layout, b);
  const photoA = data.photos[a];
  const photoB = data.photos[b];
  if (layerA && layerB && photoA && photoB) {
    if (photoA.id === '' && photoB.id === '' && !photoA.text && !photoB.text) return data;
    const intoA = refitPhotoText(
      { ...photoB, dpi: dpiInSlot(photoB, layerA, photoFacts) },
      layerA,
      measurer,
    );
    const intoB = refitPhotoText(
      { ...photoA, dpi: dpiInSlot(photoA, layerB, photoFacts) },
      layerB,
      measurer,
    );
    return { ...data, photos: { ...data.photos, [a]: intoA, [b]: intoB } };
  }
  const textLayerA = textLayerOf(layout, a);
  const textLayerB = textLayerOf(layout, b);
  const textA = data.texts[a];
  const textB = data.texts[b];
  if (textLayerA && textLayerB && textA && textB) {
    const fitInto = (text: TextSlotData, layer: TextSlotLayer) => {
      const fit = fitText(
        {
          text: text.txt,
          style: { ...text, fontSize: layer.style.fontSize },
          box: textBoxOf(layout, layer),
        },
        measurer,
      );
      return { ...text, txt: fit.text, fontSize: fit.fontSize };
    };
    return {
      ...data,
      texts: {
        ...data.texts,
        [a]: fitInto(movedText(textB, textA), textLayerA),
        [b]: fitInto(movedText(textA, textB), textLayerB),
      },
    };
  }
  return data;
}

export type TextEdit =
  { data: SlotData; accepted: true } | { data: SlotData; accepted: false; message: FormMessageKey };

/**
 * Typing in a text slot: only allowed characters are kept; a text that no longer fits at the
 * current size is refused with 'De titel is te lang voor dit veld.' (the old text stays).
 */
export function setSlotText(
  data: SlotData,
  context: EditContext,
  slot: string,
  proposed: string,
): TextEdit {
  const layer = textLayerOf(context.layout, slot);
  const text = data.texts[slot];
  if (!layer || !text) return { data, accepted: true };
  const result = acceptTextInput(
    text.txt,
    proposed,
    text,
    textBoxOf(context.layout, layer),
    context.measurer,
  );
  if (!result.accepted) return { data, accepted: false, message: result.message };
  // Only spaces is no title: the slot is empty and shows its placeholder again.
  const txt = result.text.trim() === '' ? '' : result.text;
  if (txt === text.txt) return { data, accepted: true };
  return { data: withText(data, slot, { ...text, txt }), accepted: true };
}

export type TextStylePatch = Partial<Omit<TextSlotData, 'txt'>>;

/** A style change (font, size, colour, caps, alignment, background): the text is re-fitted, and emptied if it cannot fit. */
export function setSlotTextStyle(
  data: SlotData,
  context: EditContext,
  slot: string,
  patch: TextStylePatch,
): SlotData {
  const layer = textLayerOf(context.layout, slot);
  const text = data.texts[slot];
  if (!layer || !text) return data;
  const styled: TextSlotData = { ...text, ...patch, txt: text.txt };
  if (
    Object.keys(patch).every(
      (key) => styled[key as keyof TextSlotData] === text[key as keyof TextSlotData],
    )
  )
    return data;
  const fit = fitText(
    { text: styled.txt, style: styled, box: textBoxOf(context.layout, layer) },
    context.measurer,
  );
  return withText(data, slot, { ...styled, txt: fit.text, fontSize: fit.fontSize });
}
