import type { TFunction } from 'i18next';
import type { Control } from '../../model/generators/types';

/** Controls whose values are yes/no. */
const YES_NO = new Set(['playfull', 'mixed', 'random', 'inline']);
/** Controls measured in cm. */
const CENTIMETRES = new Set(['borderCM', 'marginCM', 'margin']);

export interface DisplayContext {
  t: TFunction;
  /** BCP 47 tag for number formatting. */
  locale: string;
  /** The shapes file's labels of the number fontsets (A, C, D, B). */
  fontsetLabels: readonly string[];
}

/** What a control's current value reads as: a layout letter, an option name, yes/no, centimetres or a number. */
export function controlValueText(
  control: Control,
  { t, locale, fontsetLabels }: DisplayContext,
): string {
  const value = control.current;
  if (control.text !== undefined) return control.text;
  switch (control.name) {
    case 'layout':
      return String.fromCharCode(65 + value);
    case 'fontset':
      return fontsetLabels[value] ?? String.fromCharCode(65 + value);
    case 'hasText':
      return control.label === 'controls.numberText'
        ? t(`controls.numberTextOptions.${value}`)
        : t(`controls.textOptions.${value}`);
    case 'position':
      return t(`controls.positionOptions.${value}`);
    case 'middleSplit':
      return t(`controls.middleSplitOptions.${value}`);
    default:
      break;
  }
  if (YES_NO.has(control.name)) return value ? t('design.yes') : t('design.no');
  const digits = control.step < 1 ? (String(control.step).split('.')[1]?.length ?? 1) : 0;
  const number = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return CENTIMETRES.has(control.name) ? `${number} cm` : number;
}

export function formatPrice(amount: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and options, kept: making one loads the locale's data, and the
 * design screen's prices and controls made a new one for every number it showed, 60 ms of its
 * first drawing on a phone (4x CPU, bench:phone's trace).
 */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
