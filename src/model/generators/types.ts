import type { MaterialCode } from '../catalog/types';
import type { Layout, Size } from '../layout/types';

/** Generator settings as the spec saves them: name/value pairs (numbers as strings). */
export type GeneratorSettings = Record<string, string>;

export type ControlType = 'number' | 'arrow' | 'input';

/** One adjustable control of a generated design. */
export interface Control {
  /** Settings key, e.g. 'numberVert'. */
  name: string;
  /** i18n key of the label, e.g. 'controls.columns'. */
  label: string;
  type: ControlType;
  current: number;
  min: number;
  max: number;
  step: number;
  hidden: boolean;
  /** Input controls that take text rather than a number (the date of numberdate): the current text. */
  text?: string;
}

export interface GeneratorInput {
  settings: GeneratorSettings;
  size: Size;
  material: MaterialCode;
  /** Same seed, same layout: randomised layouts (mosaic cross random, pile tilts) draw from it. */
  seed: number;
  /** Design attributes from the template (designer/design) that change the layout. */
  designer?: string;
  design?: string;
}

/** A warning for the customer as an i18n key with values, e.g. the format suggestion of numbers. */
export interface GeneratorWarning {
  key: string;
  values?: Record<string, string | number>;
}

export type GeneratorResult =
  | {
      ok: true;
      layout: Layout;
      warnings: GeneratorWarning[];
      /** e.g. mosaic cross drops max photos */ maxPhotos?: number;
    }
  | { ok: false; refusal: GeneratorWarning };

export interface Generator {
  name: string;
  /** Default settings (every key the generator reads). */
  defaults(size: Size, material: MaterialCode): GeneratorSettings;
  /** Controls with ranges for these settings, size and material; hide rules applied. */
  controls(settings: GeneratorSettings, size: Size, material: MaterialCode): Control[];
  generate(input: GeneratorInput): GeneratorResult;
}
