import {
  customSizeDescription,
  customSizePrice,
  materialsForCustomSize,
} from '../catalog/customTemplate';
import { CUSTOM_SIZE_ID, type ChildSize, type MaterialCode, type Template } from '../catalog/types';
import {
  COLLAGE_VERSION,
  DEFAULT_VARIATION,
  SCREEN_DPCM,
  TEMPLATE_NOT_FOUND_ERROR,
  type CollageDocument,
  type SlotEntry,
  type SlotPosition,
} from './collageTypes';
import type { GeneratorSettings } from '../generators/types';
import { emptySlotData, type SlotData } from '../layout/slotData';
import type { Layout } from '../layout/types';

/**
 * The collage state ⇄ the saved-collage document (editor-core §3). Pure: the store supplies its
 * state and the photo id mapping (local ids in the editor, the server's ids in a saved document).
 *
 * The layout is not stored as such: a generated layout is rebuilt from its settings, so the seed of
 * randomised layouts travels as the setting `seed`. Slot positions are written for the print and
 * for readers that do not regenerate.
 */

export const SEED_SETTING = 'seed';
export const BACKGROUND_SLOT = 'background';

export interface CollageState {
  template: Template;
  sizeId: string;
  widthCm: number;
  heightCm: number;
  material: MaterialCode;
  settings: GeneratorSettings;
  seed: number;
  layout: Layout;
  slots: SlotData;
  backgroundColor: string;
  photoBorderAutomatic: boolean;
  photoBorderColor: string;
}

function position(layer: {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}): SlotPosition {
  return {
    x: layer.x,
    y: layer.y,
    width: layer.width,
    height: layer.height,
    rotation: layer.rotation ?? 0,
  };
}

/** The document of a collage; `photoId` maps an editor photo id to the id the document stores. */
export function collageToDocument(
  state: CollageState,
  photoId: (localId: string) => string,
): CollageDocument {
  const slots: SlotEntry[] = [];
  const photos: string[] = [];
  let shapes = 0;
  for (const layer of state.layout.layers) {
    if (layer.kind === 'shape') {
      const isBackground = layer.role === 'background';
      slots.push({
        kind: 'shapeoverlay',
        name: isBackground ? BACKGROUND_SLOT : `shape${++shapes}`,
        position: position(layer),
        color: isBackground ? state.backgroundColor : layer.fill,
      });
    } else if (layer.kind === 'clip') {
      slots.push({ kind: 'clip', name: layer.name, position: position(layer) });
    } else if (layer.kind === 'photo') {
      const data = state.slots.photos[layer.slot];
      if (!data) continue;
      const id = data.id === '' ? '' : photoId(data.id);
      if (id !== '' && !photos.includes(id)) photos.push(id);
      slots.push({
        kind: 'image',
        name: layer.slot,
        position: position(layer),
        photo: { ...data, id },
      });
    } else if (layer.kind === 'text') {
      const data = state.slots.texts[layer.slot];
      if (data)
        slots.push({ kind: 'text', name: layer.slot, position: position(layer), text: data });
    }
  }
  return {
    templateId: state.template.id,
    childTemplateId: state.sizeId,
    photos,
    userdata: [
      {
        variation: DEFAULT_VARIATION,
        version: COLLAGE_VERSION,
        photoBorderColor: state.photoBorderColor,
        photoBorderAutomaticColor: state.photoBorderAutomatic,
        backgroundColor: state.backgroundColor,
        widthCm: state.widthCm,
        heightCm: state.heightCm,
        screenDpcm: SCREEN_DPCM,
        material: state.material,
        settings: { ...state.settings, [SEED_SETTING]: String(state.seed) },
        slots,
      },
    ],
  };
}

export interface OpenedCollage {
  template: Template;
  sizeId: string;
  /** Set when the collage was saved with a custom size: rebuilt with the server's rules. */
  customSize?: ChildSize;
  material: MaterialCode;
  settings: GeneratorSettings;
  seed: number;
  /** The customer's data per slot name, to restore into the rebuilt layout. */
  slots: SlotData;
  backgroundColor: string;
  photoBorderAutomatic: boolean;
  photoBorderColor: string;
}

export type OpenResult =
  { ok: true; collage: OpenedCollage } | { ok: false; error: typeof TEMPLATE_NOT_FOUND_ERROR };

/**
 * A read document back into collage state. A child size the catalog no longer has falls back to a
 * size with the same dimensions, else the template's default; a custom size is rebuilt from the
 * saved width and height with the same materials and price the server computes.
 */
export function documentToCollage(
  document: CollageDocument,
  templateOf: (id: string) => Template | undefined,
  photoId: (storedId: string) => string,
): OpenResult {
  const template = templateOf(document.templateId);
  const page = document.userdata[0];
  if (!template || !page) return { ok: false, error: TEMPLATE_NOT_FOUND_ERROR };
  const { [SEED_SETTING]: seedText, ...settings } = page.settings;
  const seed = Number(seedText);
  const slots = emptySlotData();
  for (const slot of page.slots) {
    if (slot.kind === 'image')
      slots.photos[slot.name] = {
        ...slot.photo,
        id: slot.photo.id === '' ? '' : photoId(slot.photo.id),
      };
    if (slot.kind === 'text') slots.texts[slot.name] = slot.text;
  }
  const collage: OpenedCollage = {
    template,
    sizeId: '',
    material: page.material,
    settings,
    seed: Number.isInteger(seed) ? seed : 1,
    slots,
    backgroundColor: page.backgroundColor,
    photoBorderAutomatic: page.photoBorderAutomaticColor,
    photoBorderColor: page.photoBorderColor,
  };
  if (document.childTemplateId === CUSTOM_SIZE_ID) {
    const { widthCm, heightCm } = page;
    const materials = materialsForCustomSize(template, widthCm, heightCm);
    if (page.material !== '' && !materials.includes(page.material)) materials.push(page.material);
    const description = customSizeDescription(
      widthCm,
      heightCm,
      customSizePrice(template, widthCm, heightCm),
    );
    collage.customSize = {
      id: CUSTOM_SIZE_ID,
      widthCm,
      heightCm,
      materials,
      description,
      url: '',
      value: '',
      isCustom: true,
    };
    collage.sizeId = CUSTOM_SIZE_ID;
  } else {
    const exact = template.sizes.find((size) => size.id === document.childTemplateId);
    const same = template.sizes.find(
      (size) => size.widthCm === page.widthCm && size.heightCm === page.heightCm,
    );
    collage.sizeId = (exact ?? same)?.id ?? '';
  }
  return { ok: true, collage };
}
