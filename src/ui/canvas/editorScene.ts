import type { ClipLayer, Layer, Layout, PhotoSlotLayer } from '../../model/layout/types';
import type { SlotData } from '../../model/layout/slotTypes';
import type { Scene } from '../../render/scene';
import { sceneFromSlots } from '../../render/slotScene';

/**
 * The scene the editor draws: the collage as it will print, plus what only the editor shows — the
 * placeholder texts of empty title slots, the wrap zone and blocked corners of canvas materials,
 * and the safe area — so the customer sees what will fold round the frame.
 */
export function editorScene(
  layout: Layout,
  slots: SlotData,
  backgroundColor: string,
  placeholders: Readonly<Record<string, string>>,
): Scene {
  const scene = sceneFromSlots(layout, slots, {
    backgroundColor,
    purpose: 'editor',
    overlays: { wrapZone: true, safeArea: true },
  });
  for (const [slot, { txt, ...style }] of Object.entries(slots.texts)) {
    const placeholder = placeholders[slot];
    // Spaces alone draw nothing: such a title is empty and shows its placeholder, fitted by the renderer.
    if (txt.trim() === '' && placeholder)
      scene.texts[slot] = { text: placeholder, style, placeholder: true };
  }
  return scene;
}

/**
 * One photo slot on its own, unturned, at the origin: the photo editor's and the text dialog's
 * preview, drawn by the same renderer as the collage (effects, clip shape, text on the photo).
 */
export function slotPreviewScene(
  layout: Layout,
  slot: string,
  slots: SlotData,
  backgroundColor: string,
): Scene | null {
  const layer = layout.layers.find(
    (candidate): candidate is PhotoSlotLayer =>
      candidate.kind === 'photo' && candidate.slot === slot,
  );
  if (!layer) return null;
  const clip =
    layer.clip === undefined
      ? undefined
      : layout.layers.find(
          (candidate): candidate is ClipLayer =>
            candidate.kind === 'clip' && candidate.name === layer.clip,
        );
  const layers: Layer[] = [
    ...(clip ? [{ ...clip, x: clip.x - layer.x, y: clip.y - layer.y }] : []),
    { ...layer, x: 0, y: 0, rotation: 0 },
  ];
  const alone: Layout = {
    ...layout,
    widthCm: layer.width,
    heightCm: layer.height,
    marginCm: 0,
    layers,
  };
  const photo = slots.photos[slot];
  return sceneFromSlots(
    alone,
    { photos: photo ? { [slot]: photo } : {}, texts: {} },
    { backgroundColor, purpose: 'editor' },
  );
}
