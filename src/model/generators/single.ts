/**
 * single: one photo with a border. Settings (saved keys): marginCM, hasText. The spec's cols and
 * rows belong to the generator UI model; here they are always 1 and shown as hidden controls.
 *
 * Border limits, step 0.5: 2 cm canvas 0..4.5, 4 cm canvas 0..7, no material 0.5..2, others 0..2.
 * Those limits only make sense measured from the edge of the sheet: on a 2 cm canvas (2.5 cm wrap)
 * 0 wraps the photo round the frame, 2.5 puts it exactly on the front and 4.5 leaves 2 cm of
 * border; on poster, plexi or dibond 0 prints the photo into the trimmed edge (full bleed). So the
 * photo of this generator alone may leave the printable area: only by a border smaller than the
 * material margin, and never the sheet. Default: exactly the front on canvas, 0.5 cm elsewhere.
 * Titles stay on the front: the photo keeps the border's distance (at least 0.5 cm) from them.
 */
import { material as materialOf, materialMarginCm } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type { Rect } from '../layout/types';
import {
  clamp,
  contentArea,
  control,
  controlValues,
  hasTextControl,
  insetRect,
  layoutFromRects,
  normaliseHasText,
  textBands,
} from './common';
import type { Control, Generator, GeneratorInput, GeneratorResult } from './types';

export const SINGLE_BORDER_STEP = 0.5;
export const TEXT_GAP_MIN_CM = 0.5;

export function singleBorderRange(material: MaterialCode | string): { min: number; max: number } {
  if (material === 'CANVAS2CM') return { min: 0, max: 4.5 };
  if (material === 'CANVAS4CM') return { min: 0, max: 7 };
  if (material === '') return { min: 0.5, max: 2 };
  return { min: 0, max: 2 };
}

export function singleDefaultBorder(material: MaterialCode | string): number {
  const range = singleBorderRange(material);
  return materialOf(material).isCanvas
    ? materialMarginCm(material)
    : clamp(0.5, range.min, range.max);
}

export const single: Generator = {
  name: 'single',
  defaults: (_size, material) => ({
    marginCM: String(singleDefaultBorder(material)),
    hasText: '0',
  }),
  controls(settings, _size, material): Control[] {
    const text = hasTextControl(settings);
    const range = singleBorderRange(material);
    const margin = control(
      {
        name: 'marginCM',
        label: 'controls.margin',
        min: range.min,
        max: range.max,
        step: SINGLE_BORDER_STEP,
        hidden: text.current !== 0,
      },
      settings,
      singleDefaultBorder(material),
    );
    const one = (name: string, label: string): Control => ({
      name,
      label,
      type: 'number',
      current: 1,
      min: 1,
      max: 1,
      step: 1,
      hidden: true,
    });
    return [one('cols', 'controls.columns'), one('rows', 'controls.rows'), margin, text];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const sheet: Rect = { x: 0, y: 0, width: input.size.widthCm, height: input.size.heightCm };
    const photo = insetRect(sheet, v.marginCM!);
    const content = contentArea(input);
    const { texts, photoArea } = textBands(content, v.hasText!);
    if (texts.length > 0) {
      const gap = Math.max(v.marginCM! - materialMarginCm(input.material), TEXT_GAP_MIN_CM);
      const top = normaliseHasText(v.hasText!) % 2 === 1;
      const bottom = photo.y + photo.height;
      if (top) photo.y = Math.max(photo.y, photoArea.y + gap);
      photo.height =
        (top ? bottom : Math.min(bottom, photoArea.y + photoArea.height - gap)) - photo.y;
    }
    return layoutFromRects(input, [photo], { texts, content });
  },
};
