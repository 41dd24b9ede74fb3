import { pinchZoom, zoomButton } from '../photos/quality';
import { rotateStep } from '../photos/orientation';
import { filterAllowedCharacters } from '../text/characters';
import { dpiInSlot, photoLayerOf, refitPhotoText, withPhoto, type EditContext } from './slotEdits';
import {
  IMAGE_EFFECTS,
  type ImageEffect,
  type PhotoSlotData,
  type SlotData,
  type TextSlotData,
} from './slotTypes';

/**
 * The photo editor's edits of a placed photo (zoom, pinch, pan, turn, effect, text on the photo),
 * plans like those of slotEdits.ts; their own file, the framing of one photo apart from the edits
 * that move slot data between slots.
 */

function editPhoto(
  data: SlotData,
  context: EditContext,
  slot: string,
  change: (photo: PhotoSlotData) => PhotoSlotData,
): SlotData {
  const layer = photoLayerOf(context.layout, slot);
  const photo = data.photos[slot];
  if (!layer || !photo || photo.id === '') return data;
  const changed = change(photo);
  if (changed === photo) return data;
  return withPhoto(data, slot, { ...changed, dpi: dpiInSlot(changed, layer, context.photoFacts) });
}

/** Kleiner (× 1/1.05) and Groter (× 1/0.95) within zoom 1 to 4; at a bound nothing changes. */
export function zoomPhoto(
  data: SlotData,
  context: EditContext,
  slot: string,
  button: 'smaller' | 'bigger',
): SlotData {
  return editPhoto(data, context, slot, (photo) => {
    const zoom = zoomButton(photo.zoom, button);
    return zoom === photo.zoom ? photo : { ...photo, zoom };
  });
}

/** Two-finger zoom: applied only while the print resolution stays above 25 dpi. */
export function pinchPhoto(
  data: SlotData,
  context: EditContext,
  slot: string,
  proposedZoom: number,
): SlotData {
  const layer = photoLayerOf(context.layout, slot);
  return editPhoto(data, context, slot, (photo) => {
    const facts = context.photoFacts(photo.id);
    if (!facts || !layer) return photo;
    const placement = {
      photoWidthPx: facts.widthPx,
      photoHeightPx: facts.heightPx,
      slotWidthCm: layer.width,
      slotHeightCm: layer.height,
      zoom: photo.zoom,
      rotation: photo.rotation,
    };
    const result = pinchZoom(placement, proposedZoom);
    return result.applied && result.zoom !== photo.zoom ? { ...photo, zoom: result.zoom } : photo;
  });
}

const unit = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5);

/** Panning sets the focal point (fractions of the photo, clamped to 0..1; the renderer's panFocus computes it from a drag). */
export function panPhoto(
  data: SlotData,
  context: EditContext,
  slot: string,
  focusX: number,
  focusY: number,
): SlotData {
  return editPhoto(data, context, slot, (photo) => {
    const x = unit(focusX);
    const y = unit(focusY);
    return x === photo.focusX && y === photo.focusY ? photo : { ...photo, focusX: x, focusY: y };
  });
}

/** Draaien: 90 degrees clockwise, modulo 360. */
export function rotatePhoto(data: SlotData, context: EditContext, slot: string): SlotData {
  return editPhoto(data, context, slot, (photo) => ({
    ...photo,
    rotation: rotateStep(photo.rotation),
  }));
}

export function isImageEffect(value: string): value is ImageEffect {
  return (IMAGE_EFFECTS as readonly string[]).includes(value);
}

export function setPhotoEffect(
  data: SlotData,
  context: EditContext,
  slot: string,
  effect: string,
): SlotData {
  if (!isImageEffect(effect)) return data;
  return editPhoto(data, context, slot, (photo) =>
    photo.effect === effect ? photo : { ...photo, effect },
  );
}

/** Text written on a photo (the photo editor's Tekst), fitted in the photo slot's box. */
export function setPhotoText(
  data: SlotData,
  context: EditContext,
  slot: string,
  text: TextSlotData | undefined,
): SlotData {
  return editPhoto(data, context, slot, (photo) => {
    if (!text) {
      if (!photo.text) return photo;
      const { text: _removed, ...withoutText } = photo;
      return withoutText;
    }
    const layer = photoLayerOf(context.layout, slot)!;
    const clean = { ...text, txt: filterAllowedCharacters(text.txt) };
    return refitPhotoText({ ...photo, text: clean }, layer, context.measurer);
  });
}
