/**
 * The scene of a collage from the model's slot data (src/model/layout/slotTypes.ts): what the
 * editor canvas (src/ui/canvas) and the print server both draw. Photo ids become image keys; a text slot's
 * style comes with its data; an empty text stays empty (placeholders are the editor's concern).
 */
import type { Layout } from '../model/layout/types';
import type { SlotData } from '../model/layout/slotTypes';
import { normaliseQuarterTurn } from './geometry';
import {
  PHOTO_EFFECTS,
  type PhotoEffect,
  type Scene,
  type ScenePhoto,
  type SceneText,
} from './scene';

function effectOf(value: string): PhotoEffect {
  return (PHOTO_EFFECTS as readonly string[]).includes(value) ? (value as PhotoEffect) : 'none';
}

export function sceneFromSlots(
  layout: Layout,
  slots: SlotData,
  extra: Pick<Scene, 'backgroundColor' | 'purpose' | 'overlays'> = {},
): Scene {
  const photos: Record<string, ScenePhoto> = {};
  for (const [slot, data] of Object.entries(slots.photos)) {
    if (!data.id) continue;
    const { txt, ...textStyle } = data.text ?? { txt: '' };
    photos[slot] = {
      imageKey: data.id,
      zoom: data.zoom,
      focusX: data.focusX,
      focusY: data.focusY,
      rotation: normaliseQuarterTurn(data.rotation),
      effect: effectOf(data.effect),
      ...(data.text && txt !== ''
        ? { text: { text: txt, style: textStyle as SceneText['style'] } }
        : {}),
    };
  }
  const texts: Record<string, SceneText> = {};
  for (const [slot, { txt, ...style }] of Object.entries(slots.texts)) {
    if (txt !== '') texts[slot] = { text: txt, style };
  }
  return { layout, photos, texts, ...extra };
}
