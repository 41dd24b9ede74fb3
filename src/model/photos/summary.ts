import { isLowDpi } from './quality';

/** One filled photo slot: which photo and its effective dpi. */
export interface PhotoUse {
  slot: string;
  photoId: string;
  dpi: number;
}

export interface QualityMessage {
  key: string;
  values?: Record<string, number>;
}

export interface QualitySummary {
  /** Slots whose photo is below 100 dpi. */
  lowSlots: string[];
  /** Slots whose photo is also used in another slot. */
  duplicateSlots: string[];
  messages: QualityMessage[];
}

/** Slots that are empty (no photo id, or the spec's dpi -1) do not count. */
function filled(uses: readonly PhotoUse[]): PhotoUse[] {
  return uses.filter((use) => use.photoId !== '' && use.dpi !== -1);
}

/** The slots of every photo used more than once, by photo id, in slot order. */
export function duplicatePhotos(uses: readonly PhotoUse[]): Map<string, string[]> {
  const slotsByPhoto = new Map<string, string[]>();
  for (const use of filled(uses))
    slotsByPhoto.set(use.photoId, [...(slotsByPhoto.get(use.photoId) ?? []), use.slot]);
  return new Map([...slotsByPhoto].filter(([, slots]) => slots.length > 1));
}

/**
 * The editor's quality summary under 'Toon fotokwaliteit': all large enough; one or several too
 * small; a duplicate photo; and, while the box is not ticked, a hint to tick it to see which.
 * Nothing is said about a collage without photos.
 */
export function qualitySummary(uses: readonly PhotoUse[], showQuality: boolean): QualitySummary {
  const photos = filled(uses);
  const lowSlots = photos.filter((use) => isLowDpi(use.dpi)).map((use) => use.slot);
  const duplicates = new Set([...duplicatePhotos(photos).values()].flat());
  const duplicateSlots = photos.map((use) => use.slot).filter((slot) => duplicates.has(slot));
  const messages: QualityMessage[] = [];
  if (photos.length === 0) return { lowSlots, duplicateSlots, messages };
  if (lowSlots.length === 0 && duplicateSlots.length === 0)
    messages.push({ key: 'quality.summary.allGood' });
  if (lowSlots.length === 1) messages.push({ key: 'quality.summary.oneTooSmall' });
  if (lowSlots.length > 1)
    messages.push({ key: 'quality.summary.severalTooSmall', values: { count: lowSlots.length } });
  if (duplicateSlots.length > 0) messages.push({ key: 'quality.summary.duplicate' });
  if (!showQuality && (lowSlots.length > 0 || duplicateSlots.length > 0))
    messages.push({ key: 'quality.summary.tickHint' });
  return { lowSlots, duplicateSlots, messages };
}
