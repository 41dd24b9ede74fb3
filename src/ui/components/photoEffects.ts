import type { ImageEffect } from '../../model/layout/slotTypes';

/**
 * CSS filters that stand in for the photo worker's effects in the SVG view and the effect
 * thumbnails, until the worker's effect images are wired: close to the look, not the print.
 */
export const EFFECT_FILTERS: Record<ImageEffect, string> = {
  none: 'none',
  sepia: 'sepia(1)',
  sepiabrown: 'sepia(1) saturate(1.8) hue-rotate(-12deg) brightness(0.82)',
  grey: 'grayscale(1)',
  faded: 'saturate(0.45) contrast(0.78) brightness(1.12)',
  vintage: 'sepia(0.45) contrast(1.1) saturate(0.8) brightness(1.04)',
};

export function effectFilter(effect: string): string {
  return EFFECT_FILTERS[effect as ImageEffect] ?? 'none';
}
