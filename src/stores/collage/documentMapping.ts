import { defaultChild, withCustomSize, withoutCustomSize } from '../../model/catalog/sizes';
import type { CollageState, OpenedCollage } from '../../model/document/collageDocument';
import { withCurrentDpi, type PhotoFactsOf } from '../../model/layout/slotEdits';
import type { CollageFormat } from './CollageFormat';
import type { CollageSnapshot } from './collageSnapshot';
import type { FormatSnapshot } from './formatTypes';

/** The parts of the collage beside its format that a saved document keeps. */
export type DocumentParts = Pick<
  CollageSnapshot,
  'slots' | 'slotsLayoutKey' | 'backgroundColor' | 'photoBorderAutomatic' | 'photoBorderColor'
>;

/**
 * The collage as the document mapping (src/model/document/collageDocument) reads it: the settings
 * every control uses and the active size. Undefined while the layout or its slots are not ready.
 */
export function documentState(
  format: CollageFormat,
  parts: DocumentParts,
  photoFacts: PhotoFactsOf,
): CollageState | undefined {
  const { template, activeSize, layout } = format;
  if (!template || !activeSize || !layout || parts.slotsLayoutKey !== format.layoutKey)
    return undefined;
  return {
    template,
    sizeId: activeSize.id,
    widthCm: activeSize.widthCm,
    heightCm: activeSize.heightCm,
    material: format.material,
    settings: format.effectiveSettings,
    seed: format.seed,
    layout,
    slots: withCurrentDpi(parts.slots, layout, photoFacts),
    backgroundColor: parts.backgroundColor,
    photoBorderAutomatic: parts.photoBorderAutomatic,
    photoBorderColor: parts.photoBorderColor,
  };
}

/**
 * A reopened collage's format, restored as saved: choosing size and material again would apply
 * the margin reset to saved settings. A custom size is rebuilt onto the template.
 */
export function formatOfOpened(opened: OpenedCollage): FormatSnapshot {
  const base = withoutCustomSize(opened.template);
  const standardId = base.sizes.some((size) => size.id === opened.sizeId)
    ? opened.sizeId
    : (defaultChild(base)?.id ?? '');
  return {
    template: opened.customSize ? withCustomSize(base, opened.customSize) : base,
    sizeId: opened.customSize ? opened.customSize.id : standardId,
    material: opened.material,
    settings: opened.settings,
    seed: opened.seed,
    lastStandardSizeId: standardId,
  };
}
