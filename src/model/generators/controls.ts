import { material } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type { Control, ControlType, GeneratorSettings } from './types';

/**
 * The generator controls of §4: step, clamp, re-clamp, typed input, hide rules, the margin reset on
 * a material change, and the number-input filters of §5. Every function returns a new list, or the
 * very same list when nothing changes, so a store can skip work by identity.
 */

/** i18n keys of control labels (src/i18n/locales/*.json, 'controls.*'). Generators label their controls with these. */
export const CONTROL_LABELS = {
  columns: 'controls.columns',
  rows: 'controls.rows',
  photos: 'controls.photos',
  spacing: 'controls.spacing',
  margin: 'controls.margin',
  layout: 'controls.layout',
  text: 'controls.text',
  playful: 'controls.playful',
  mixed: 'controls.mixed',
  random: 'controls.random',
  number: 'controls.number',
  fontset: 'controls.fontset',
  position: 'controls.position',
  share: 'controls.share',
  middleSplit: 'controls.middleSplit',
  inline: 'controls.inline',
  tiles: 'controls.tiles',
} as const;

/** Settings names the hide rules and the material rule read. */
export const TEXT_SETTING = 'hasText';
export const FONTSET_SETTING = 'fontset';
export const PLAYFUL_SETTING = 'playfull';
/** The fontset that draws digits as a shape: playful rotations make no sense there. */
export const SHAPE_FONTSET = 3;
const MARGIN_NAMES = new Set(['marginCM', 'margin']);

export function makeControl(
  name: string,
  label: string,
  type: ControlType,
  current: number,
  range: { min: number; max: number; step?: number },
): Control {
  const control: Control = {
    name,
    label,
    type,
    current,
    min: range.min,
    max: range.max,
    step: range.step ?? 1,
    hidden: false,
  };
  return { ...control, current: clampToRange(control, current) };
}

/** The margin control: named marginCM or margin, or labelled as margin (pile calls its border the margin). */
export function isMarginControl(control: Control): boolean {
  return MARGIN_NAMES.has(control.name) || control.label === CONTROL_LABELS.margin;
}

function decimalsOf(step: number): number {
  const text = String(step);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/** Removes binary fractions (0.1 + 0.2) by rounding to the precision of the step. */
function roundToStepPrecision(value: number, step: number): number {
  const factor = 10 ** decimalsOf(step);
  return Math.round(value * factor) / factor;
}

function clampToRange(control: Pick<Control, 'min' | 'max' | 'step'>, value: number): number {
  // A range whose max fell below its min (a small size) keeps the min: the generator can still draw it.
  const clamped = Math.max(control.min, Math.min(control.max, value));
  return roundToStepPrecision(clamped, control.step);
}

/** Clamps every control into its range; the same list when all are inside already. */
export function clampAll(controls: readonly Control[]): readonly Control[] {
  let changed = false;
  const next = controls.map((control) => {
    const current = clampToRange(control, control.current);
    if (current === control.current) return control;
    changed = true;
    return { ...control, current };
  });
  return changed ? next : controls;
}

function replaceAndReclamp(
  controls: readonly Control[],
  index: number,
  current: number,
): readonly Control[] {
  const next = controls.map((control, at) => (at === index ? { ...control, current } : control));
  return applyHideRules(clampAll(next));
}

/**
 * One step up (+1) or down (-1): moves by the step, clamps, then re-clamps the others.
 * At a bound, or for an unknown name, nothing happens: the same list comes back.
 */
export function stepControl(
  controls: readonly Control[],
  name: string,
  direction: 1 | -1,
): readonly Control[] {
  const index = controls.findIndex((control) => control.name === name);
  const control = controls[index];
  if (!control) return controls;
  const current = clampToRange(control, control.current + direction * control.step);
  if (current === control.current) return controls;
  return replaceAndReclamp(controls, index, current);
}

const WHOLE_NUMBER = /^\d+$/;

/**
 * Typed input: a whole number within the control's range is taken (and the others re-clamped);
 * anything else restores the old value, i.e. the same list comes back.
 */
export function typeControlValue(
  controls: readonly Control[],
  name: string,
  typed: string,
): readonly Control[] {
  const index = controls.findIndex((control) => control.name === name);
  const control = controls[index];
  const text = typed.trim();
  if (!control || !WHOLE_NUMBER.test(text)) return controls;
  const value = Number(text);
  if (value < control.min || value > control.max || value === control.current) return controls;
  return replaceAndReclamp(controls, index, value);
}

/** Reads a control's current value, else the saved setting. */
function valueOf(controls: readonly Control[], settings: GeneratorSettings, name: string): number {
  const control = controls.find((candidate) => candidate.name === name);
  return control ? control.current : Number(settings[name] ?? 0);
}

/**
 * A control that can never change: its minimum reaches its maximum (instagram's rows, single's
 * columns and rows). A text input (the date) has no numeric range and is never fixed.
 */
export function isFixedControl(control: Pick<Control, 'min' | 'max' | 'text'>): boolean {
  return control.text === undefined && control.min >= control.max;
}

/**
 * Hide rules: the margin is hidden while a text is shown (hasText other than none = 0); playful is
 * hidden with fontset 3 (the shape set); a control whose minimum reaches its maximum is hidden
 * (beyond the spec: a stepper that can only refuse helps nobody). The same list when no flag changes.
 */
export function applyHideRules(
  controls: readonly Control[],
  settings: GeneratorSettings = {},
): readonly Control[] {
  const textShown = valueOf(controls, settings, TEXT_SETTING) !== 0;
  const shapeFontset = valueOf(controls, settings, FONTSET_SETTING) === SHAPE_FONTSET;
  let changed = false;
  const next = controls.map((control) => {
    const hidden =
      (isMarginControl(control) && textShown) ||
      (control.name === PLAYFUL_SETTING && shapeFontset) ||
      isFixedControl(control);
    if (hidden === control.hidden) return control;
    changed = true;
    return { ...control, hidden };
  });
  return changed ? next : controls;
}

/** From none to any material, or to canvas from a non-canvas one: the margin goes back to 0. */
export function materialChangeResetsMargin(from: MaterialCode, to: MaterialCode): boolean {
  if (from === to) return false;
  if (from === '') return true;
  return material(to).isCanvas && !material(from).isCanvas;
}

/**
 * A material change: pass the controls already built for the new material (their ranges follow it).
 * When the rule says so the margin is set to 0; then every control is clamped (0 may be below the
 * new minimum) and the hide rules applied.
 */
export function changeMaterial(
  controls: readonly Control[],
  from: MaterialCode,
  to: MaterialCode,
): readonly Control[] {
  let next = controls;
  if (materialChangeResetsMargin(from, to)) {
    next = controls.map((control) =>
      isMarginControl(control) && control.current !== 0 ? { ...control, current: 0 } : control,
    );
    if (next.every((control, index) => control === controls[index])) next = controls;
  }
  return applyHideRules(clampAll(next));
}

/** Current values back into the saved name/value pairs. */
export function controlsToSettings(
  controls: readonly Control[],
  settings: GeneratorSettings = {},
): GeneratorSettings {
  const next: GeneratorSettings = { ...settings };
  for (const control of controls) next[control.name] = String(control.current);
  return next;
}

/** The number generators' value input: 3 digits for the digit type (max 999), 4 for year and date (max 9999). */
export function numberValueMaxDigits(generatorName: string): 3 | 4 {
  return generatorName === 'number' || generatorName === 'numberdigit' ? 3 : 4;
}

export function numberValueRange(generatorName: string): { min: number; max: number } {
  return { min: 0, max: 10 ** numberValueMaxDigits(generatorName) - 1 };
}

/** Keeps digits only, at most the type's number of digits (input filter while typing). */
export function filterNumberValueInput(text: string, generatorName: string): string {
  return text.replace(/\D/g, '').slice(0, numberValueMaxDigits(generatorName));
}

/** Other number inputs (custom width and height) keep digits, dot and comma. */
export function filterDecimalInput(text: string): string {
  return text.replace(/[^\d.,]/g, '');
}
