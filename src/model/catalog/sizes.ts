import {
  CUSTOM_SIZE_ID,
  Orientation,
  type ChildSize,
  type MaterialCode,
  type Template,
} from './types';

/** Child sizes of a template: orientation, the default, the chooser list, switching, the custom size. */

/** The size chooser lists only sizes under 150 x 150 (both sides below 150 cm). */
export const CHOOSER_MAX_CM = 150;

/** Preferred defaults in the spec's order. */
const DEFAULT_SIZES: ReadonlyArray<readonly [number, number]> = [
  [50, 40],
  [40, 50],
  [50, 50],
];

/** The order in which the detail screen offers orientations: portrait, landscape, square. */
export const ORIENTATION_ORDER: readonly Orientation[] = [
  Orientation.Portrait,
  Orientation.Landscape,
  Orientation.Square,
];

interface Dimensions {
  widthCm: number;
  heightCm: number;
}

export function orientationOf(size: Dimensions): Orientation {
  if (size.widthCm === size.heightCm) return Orientation.Square;
  return size.widthCm > size.heightCm ? Orientation.Landscape : Orientation.Portrait;
}

/** The designer's own sizes, without a custom one. */
export function standardSizes(template: Pick<Template, 'sizes'>): ChildSize[] {
  return template.sizes.filter((size) => !size.isCustom);
}

/** Sizes shown in the size chooser: standard sizes under 150 x 150. */
export function chooserSizes(template: Pick<Template, 'sizes'>): ChildSize[] {
  return standardSizes(template).filter(
    (size) => size.widthCm < CHOOSER_MAX_CM && size.heightCm < CHOOSER_MAX_CM,
  );
}

/** Sizes the orientation choice and switching work on: the chooser's, or all standard ones when none is small enough. */
function switchableSizes(template: Pick<Template, 'sizes'>): ChildSize[] {
  const inChooser = chooserSizes(template);
  return inChooser.length > 0 ? inChooser : standardSizes(template);
}

/**
 * Default child: the size the shop marked as the design's default, else the spec's rule: 50x40,
 * else 40x50, else 50x50, else the first size. The mark is for designs whose 50 x 40 cm would give
 * photos too small to fill (a year of 77 photos of 1.6 cm).
 */
export function defaultChild(template: Pick<Template, 'sizes'>): ChildSize | undefined {
  const sizes = standardSizes(template);
  const marked = sizes.find((size) => size.isDefault);
  if (marked) return marked;
  for (const [width, height] of DEFAULT_SIZES) {
    const match = sizes.find((size) => size.widthCm === width && size.heightCm === height);
    if (match) return match;
  }
  return sizes[0] ?? template.sizes[0];
}

/** Orientations that have at least one size, in the order the screen shows them. */
export function orientationsOffered(template: Pick<Template, 'sizes'>): Orientation[] {
  const present = new Set(switchableSizes(template).map(orientationOf));
  return ORIENTATION_ORDER.filter((orientation) => present.has(orientation));
}

export function firstSizeOfOrientation(
  template: Pick<Template, 'sizes'>,
  orientation: Orientation,
): ChildSize | undefined {
  return switchableSizes(template).find((size) => orientationOf(size) === orientation);
}

/**
 * The material to keep when the size changes: the chosen one when the new size offers it, else the
 * first one it offers; '' (none) for a size without materials.
 */
export function materialForSize(
  size: Pick<ChildSize, 'materials'>,
  chosen: MaterialCode,
): MaterialCode {
  if (size.materials.includes(chosen)) return chosen;
  return size.materials[0] ?? '';
}

export interface SizeChoice {
  size: ChildSize;
  material: MaterialCode;
}

/** Switching orientation selects the first size of it and a material that size offers; undefined when none exists. */
export function switchOrientation(
  template: Pick<Template, 'sizes'>,
  orientation: Orientation,
  chosen: MaterialCode,
): SizeChoice | undefined {
  const size = firstSizeOfOrientation(template, orientation);
  return size ? { size, material: materialForSize(size, chosen) } : undefined;
}

/** Choosing another size in the chooser keeps the material when possible. */
export function chooseSize(
  template: Pick<Template, 'sizes'>,
  sizeId: string,
  chosen: MaterialCode,
): SizeChoice | undefined {
  const size = template.sizes.find((candidate) => candidate.id === sizeId);
  return size ? { size, material: materialForSize(size, chosen) } : undefined;
}

/** A typed custom size that equals a standard size selects that size (orientation counts: 40x50 is not 50x40). */
export function matchingStandardSize(
  template: Pick<Template, 'sizes'>,
  widthCm: number,
  heightCm: number,
): ChildSize | undefined {
  return standardSizes(template).find(
    (size) => size.widthCm === widthCm && size.heightCm === heightCm,
  );
}

/** A template carrying a custom size: it replaces any earlier custom size; the flags say it is custom. */
export function withCustomSize(template: Template, size: ChildSize): Template {
  const custom: ChildSize = { ...size, id: CUSTOM_SIZE_ID, isCustom: true };
  return {
    ...template,
    sizes: [...standardSizes(template), custom],
    isCustom: true,
    hasCustomSize: true,
  };
}

/** Back to standard sizes: the custom size is cleared (hasCustomSize stays: the template still offers it). */
export function withoutCustomSize(template: Template): Template {
  return { ...template, sizes: standardSizes(template), isCustom: false };
}

export function customSizeOf(template: Pick<Template, 'sizes'>): ChildSize | undefined {
  return template.sizes.find((size) => size.isCustom);
}
