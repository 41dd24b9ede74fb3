/** The photo picker's display rules (templates-photos-text §2, editor-core §9). */

/** File names show at most 15 characters. */
export const FILE_NAME_CHARS = 15;
/** The loading dots move every 750 ms. */
export const LOADING_STEP_MS = 750;
/** Tile clicks are debounced for 200 ms. */
export const CLICK_DEBOUNCE_MS = 200;
/** Narrow windows (under 600 px) get smaller previews. */
export const NARROW_WINDOW_PX = 600;

/**
 * A file name cut to 15 characters: longer names keep their first 12 and end in '...', the way
 * template names are shortened (14 = 11 + '...'), so a cut is visible.
 */
export function shortFileName(name: string, max = FILE_NAME_CHARS): string {
  const characters = Array.from(name);
  return characters.length <= max ? name : `${characters.slice(0, max - 3).join('')}...`;
}

export type PreviewKind = 'photo' | 'quote';

/** Preview thumbnails: at most 80 px high in a narrow window (under 600 px), else 100; quotes 150. */
export function previewHeight(narrowWindow: boolean, kind: PreviewKind): number {
  if (kind === 'quote') return 150;
  return narrowWindow ? 80 : 100;
}

/** The tile's box for an image of width x height shown at most `maxHeight` high, turned by `rotation`. */
export function tileBox(
  width: number,
  height: number,
  rotation: number,
  maxHeight: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: maxHeight, height: maxHeight };
  const quarter = rotation === 90 || rotation === 270;
  const [shownWidth, shownHeight] = quarter ? [height, width] : [width, height];
  const scale = Math.min(1, maxHeight / shownHeight);
  return {
    width: Math.max(1, Math.round(shownWidth * scale)),
    height: Math.max(1, Math.round(shownHeight * scale)),
  };
}

/** The dots for step n: '.', '..', '...', then again. */
export function loadingDots(step: number): string {
  return '.'.repeat((step % 3) + 1);
}
