import type { Layout } from '../../model/layout/types';
import type { SlotData } from '../../model/layout/slotTypes';
import type { Scene } from '../../render/scene';
import { sceneFromSlots } from '../../render/slotScene';

/**
 * The scene the editor draws: the collage as it will print, plus what only the editor shows — the
 * placeholder texts of empty title slots, the wrap zone and blocked corners of canvas materials,
 * and the safe area — so the customer sees what will fold round the frame.
 */
export function editorScene(layout: Layout, slots: SlotData, backgroundColor: string, placeholders: Readonly<Record<string, string>>): Scene {
  const scene = sceneFromSlots(layout, slots, { backgroundColor, purpose: 'editor', overlays: { wrapZone: true, safeArea: true } });
  for (const [slot, { txt, ...style }] of Object.entries(slots.texts)) {
    const placeholder = placeholders[slot];
    if (txt === '' && placeholder) scene.texts[slot] = { text: placeholder, style };
  }
  return scene;
}
