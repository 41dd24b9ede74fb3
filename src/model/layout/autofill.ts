/**
 * Autofill (issue 4): empty photo slots get unused photos. Beyond the spec, the largest slots get
 * the photos with the most pixels, so the lowest dpi in the collage is as high as it can be: with
 * slots and photos both sorted, pairing largest with largest maximises the smallest ratio of
 * pixels to slot size (an exchange argument: swapping any crossed pair never raises the minimum).
 */
export interface AutofillSlot {
  slot: string;
  widthCm: number;
  heightCm: number;
}

export interface AutofillPhoto {
  id: string;
  widthPx: number;
  heightPx: number;
}

export interface AutofillPlan {
  placements: { slot: string; photoId: string }[];
  /** Photos left without a slot: the collage is full ('not all photos were placed'). */
  leftOver: number;
}

export function planAutofill(
  emptySlots: readonly AutofillSlot[],
  unusedPhotos: readonly AutofillPhoto[],
): AutofillPlan {
  // Stable sorts with the names as tie-breaks: the same input always gives the same collage.
  const slots = [...emptySlots].sort(
    (a, b) =>
      b.widthCm * b.heightCm - a.widthCm * a.heightCm ||
      a.slot.localeCompare(b.slot, undefined, { numeric: true }),
  );
  const photos = [...unusedPhotos].sort(
    (a, b) => b.widthPx * b.heightPx - a.widthPx * a.heightPx || a.id.localeCompare(b.id),
  );
  const count = Math.min(slots.length, photos.length);
  const placements = Array.from({ length: count }, (_, i) => ({
    slot: slots[i]!.slot,
    photoId: photos[i]!.id,
  }));
  return { placements, leftOver: photos.length - count };
}
