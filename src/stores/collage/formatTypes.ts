import type { ChildSize, MaterialCode, Template } from '../../model/catalog/types';
import type { GeneratorSettings, GeneratorWarning } from '../../model/generators/types';
import type { Layout } from '../../model/layout/types';

/** What a collage's format is made of: enough to rebuild its layout exactly (undo, drafts, saved collages). */
export interface FormatSnapshot {
  /** The template as chosen, with its custom size when one is active. */
  template: Template;
  sizeId: string;
  material: MaterialCode;
  settings: GeneratorSettings;
  seed: number;
  /** The standard size to return to when the custom size is cleared. */
  lastStandardSizeId: string;
}

export type LayoutState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; layout: Layout; warnings: GeneratorWarning[] }
  /** The generator refuses these settings (split parts too small, photos too small). */
  | { status: 'refused'; refusal: GeneratorWarning }
  | { status: 'failed'; error: string };

export type StaticLayoutState =
  { status: 'loading' } | { status: 'ready'; layout: Layout } | { status: 'failed'; error: string };

/** Things a format reads but does not own, injected so that tests run without fetch. */
export interface FormatServices {
  /** The number designs' shapes: whether they are registered, and a request to load them (idempotent). */
  shapes: { readonly ready: boolean; request(): void };
  /** Static templates' layouts by source: the state (observable) and a request to load one (idempotent). */
  staticLayouts: {
    state(source: string): StaticLayoutState | undefined;
    request(source: string): void;
  };
  /** POST /api/customXml: the server's custom size of a template. */
  customXml(
    templateId: string,
    width: string,
    height: string,
  ): Promise<{ materials: string[]; description: string; id: string }>;
  /** Failures that are only logged (the spec: custom template failure is logged, no message). */
  reportError(message: string): void;
  /** A new design's seed for randomised layouts: a whole number. */
  randomSeed(): number;
}

export type TypedSizeOutcome =
  | { kind: 'standard'; size: ChildSize }
  | { kind: 'custom'; size: ChildSize; warning?: GeneratorWarning }
  | { kind: 'invalid'; reason: 'unparsable' | 'rule'; warning: GeneratorWarning }
  /** The server refused or could not be reached: logged, the format modal closes, no message. */
  | { kind: 'failed' };

/** What the custom size form changes on a format (FormatSizing): the form's logic needs no more of it. */
export interface CustomSizeTarget {
  readonly template: Template | null;
  chooseSize(sizeId: string): boolean;
  useCustomSize(size: ChildSize): void;
  setCustomSizePending(pending: boolean): void;
}
