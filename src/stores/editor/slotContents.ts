/**
 * What the editor shows in its photo slots, read from the collage: each slot's photo and dpi, the
 * quality smileys, the texts in lines. Plain functions apart from EditorStore, which wraps them.
 */
import { smiley, type Smiley } from '../../model/photos/quality';
import type { PhotoUse } from '../../model/photos/summary';
import { innerTextBox } from '../../model/text/box';
import { layoutTextBlock } from '../../model/text/fit';
import type { TextMeasurer } from '../../model/text/measure';
import type { CollageStore } from '../collage/CollageStore';

/** Filled and empty photo slots with their dpi, in layout order. */
export function photoUsesOf(collage: Pick<CollageStore, 'layout' | 'slotsWithDpi'>): PhotoUse[] {
  const layout = collage.layout;
  const photos = collage.slotsWithDpi.photos;
  if (!layout) return [];
  return layout.layers.flatMap((layer) => {
    if (layer.kind !== 'photo') return [];
    const photo = photos[layer.slot];
    return photo ? [{ slot: layer.slot, photoId: photo.id, dpi: photo.dpi }] : [];
  });
}

/** A smiley per filled slot whose dpi is known. */
export function smileysOf(uses: readonly PhotoUse[]): Record<string, Smiley> {
  return Object.fromEntries(
    uses
      .filter((use) => use.photoId !== '' && use.dpi !== -1)
      .map((use) => [use.slot, smiley(use.dpi)]),
  );
}

/** Text on photos, laid out in lines by the text model (the drawing never wraps on its own). */
export function photoTextsOf(
  collage: Pick<CollageStore, 'layout' | 'slots'>,
  measurer: TextMeasurer,
): Record<string, { lines: string[] }> {
  const layout = collage.layout;
  if (!layout) return {};
  const texts: Record<string, { lines: string[] }> = {};
  for (const layer of layout.layers) {
    const text = layer.kind === 'photo' ? collage.slots.photos[layer.slot]?.text : undefined;
    if (layer.kind !== 'photo' || !text || text.txt.trim() === '') continue;
    const inner = innerTextBox({ widthCm: layer.width, heightCm: layer.height }, text.paddingCm);
    texts[layer.slot] = {
      lines: layoutTextBlock(text.txt, text, text.fontSize, inner.widthCm, measurer).lines,
    };
  }
  return texts;
}
