import type { ChildSize, MaterialCode } from '../../model/catalog/types';
import {
  CONTROL_LABELS,
  applyHideRules,
  filterNumberValueInput,
} from '../../model/generators/controls';
import { DATE_MAX_LENGTH, DATE_SEPARATORS, validDate } from '../../model/generators/numberLayout';
import type {
  Control,
  Generator,
  GeneratorResult,
  GeneratorSettings,
} from '../../model/generators/types';

/** Glue between a generator's controls and the saved settings (pure; the format store calls it). */

/**
 * The controls as the screen shows them: the generator's, the hide rules applied, and the mosaic
 * cross's photo count capped at what the layout could produce (the spec: the maximum drops).
 */
export function controlsFor(
  generator: Generator,
  settings: GeneratorSettings,
  size: ChildSize,
  material: MaterialCode,
  result: GeneratorResult | undefined,
): readonly Control[] {
  let controls: readonly Control[] = applyHideRules(
    generator.controls(settings, { widthCm: size.widthCm, heightCm: size.heightCm }, material),
    settings,
  );
  const produced = result?.ok ? result.maxPhotos : undefined;
  if (produced !== undefined) {
    controls = controls.map((control) => {
      if (control.label !== CONTROL_LABELS.photos || control.max <= produced) return control;
      const max = Math.max(control.min, produced);
      return { ...control, max, current: Math.min(control.current, max) };
    });
  }
  return controls;
}

/**
 * Current values back into the name/value pairs. A text input (the date of numberdate) keeps its
 * text: its numeric `current` means nothing.
 */
export function settingsFromControls(
  controls: readonly Control[],
  settings: GeneratorSettings,
): GeneratorSettings {
  const next: GeneratorSettings = { ...settings };
  for (const control of controls) {
    if (control.text !== undefined) next[control.name] = control.text;
    else next[control.name] = String(control.current);
  }
  return next;
}

/**
 * What typing leaves of the input: a number's digits (3 for the digit type, 4 otherwise), a date
 * that exists (validDate); other controls keep the text for the whole-number check.
 * Undefined when nothing usable remains (the old value is restored).
 */
export function filterTypedControl(
  control: Control,
  generatorName: string,
  typed: string,
): string | undefined {
  if (control.text !== undefined) {
    // Only a date on the calendar: 32-13-2024 or 29-02-2023 restores the old value, as an invalid number does.
    const kept = [...typed.trim()]
      .filter((c) => /\d/.test(c) || DATE_SEPARATORS.includes(c))
      .join('')
      .slice(0, DATE_MAX_LENGTH);
    return validDate(kept);
  }
  if (control.name === 'numberValue') {
    const digits = filterNumberValueInput(typed, generatorName);
    return digits === '' ? undefined : digits;
  }
  return typed;
}
