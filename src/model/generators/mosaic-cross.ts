/**
 * mosaiccross: a mosaic of N photos made by cutting the area again and again, crosswise.
 * Settings: numberHor = photos (4..50), layout (A–F = 0..5), borderCM = spacing (0..2),
 * marginCM = outer margin (0.5..2), mixed (0/1), random (0/1), hasText.
 * The layouts and the cutting are in crossCuts.ts. D–F, with large photos, need more than 8
 * photos (the spec: up to C with 8 or fewer). When no piece can be cut any more the mosaic has
 * fewer photos than asked and the maximum drops to what was produced.
 */
import type { Rect } from '../layout/types';
import {
  contentArea,
  control,
  controlValues,
  hasTextControl,
  insetRect,
  layoutFromRects,
  marginControl,
  mulberry32,
  spacingControl,
  textBands,
} from './common';
import { crossRects } from './crossCuts';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';
import type { MaterialCode } from '../catalog/types';
import type { Size } from '../layout/types';

export const CROSS_MIN_PHOTOS = 4;
export const CROSS_MAX_PHOTOS = 50;
export const CROSS_LAYOUTS = 6;
/** With 8 photos or fewer only layouts A–C are offered. */
export const CROSS_FEW_PHOTOS = 8;
export const CROSS_FEW_MAX_LAYOUT = 2;

function crossArea(
  input: {
    settings: GeneratorSettings;
    size: Size;
    material: MaterialCode;
    designer?: string;
    design?: string;
  },
  hasText: number,
  margin: number,
): Rect {
  return insetRect(textBands(contentArea(input), hasText).photoArea, margin);
}

export const mosaiccross: Generator = {
  name: 'mosaiccross',
  defaults: () => ({
    numberHor: '12',
    layout: '0',
    borderCM: '0.5',
    marginCM: '0.5',
    mixed: '1',
    random: '0',
    hasText: '0',
  }),
  controls(settings, size, material): Control[] {
    const text = hasTextControl(settings);
    const spacing = spacingControl(settings);
    const margin = marginControl(settings, 0.5, text.current !== 0);
    const mixed = control(
      { name: 'mixed', label: 'controls.mixed', type: 'arrow', min: 0, max: 1, step: 1 },
      settings,
      1,
    );
    const random = control(
      { name: 'random', label: 'controls.random', type: 'arrow', min: 0, max: 1, step: 1 },
      settings,
      0,
    );
    const wantedLayout = control(
      {
        name: 'layout',
        label: 'controls.layout',
        type: 'arrow',
        min: 0,
        max: CROSS_LAYOUTS - 1,
        step: 1,
      },
      settings,
      0,
    );
    const area = crossArea({ settings, size, material }, text.current, margin.current);
    const options = {
      layout: wantedLayout.current,
      count: CROSS_MAX_PHOTOS,
      spacing: spacing.current,
      mixed: mixed.current === 1,
    };
    const capacity = crossRects(area, options).length;
    const photos = control(
      {
        name: 'numberHor',
        label: 'controls.photos',
        min: CROSS_MIN_PHOTOS,
        max: Math.min(CROSS_MAX_PHOTOS, capacity),
        step: 1,
      },
      settings,
      12,
    );
    const layoutMax = photos.current <= CROSS_FEW_PHOTOS ? CROSS_FEW_MAX_LAYOUT : CROSS_LAYOUTS - 1;
    const layout = control(
      { name: 'layout', label: 'controls.layout', type: 'arrow', min: 0, max: layoutMax, step: 1 },
      settings,
      0,
    );
    return [photos, layout, spacing, margin, mixed, random, text];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const content = contentArea(input);
    const { texts, photoArea } = textBands(content, v.hasText!);
    const rects = crossRects(insetRect(photoArea, v.marginCM!), {
      layout: v.layout!,
      count: v.numberHor!,
      spacing: v.borderCM!,
      mixed: v.mixed === 1,
      random: v.random === 1 ? mulberry32(input.seed) : undefined,
    });
    const result = layoutFromRects(input, rects, { texts, content });
    if (result.ok && rects.length < v.numberHor!) result.maxPhotos = rects.length;
    return result;
  },
};
