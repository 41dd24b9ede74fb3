import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { priceOf } from '../../model/catalog/prices';
import { resolveTypedSize, type TypedSize } from '../../model/catalog/customTemplate';
import {
  chooserSizes,
  customSizeOf,
  defaultChild,
  materialForSize,
  orientationOf,
  orientationsOffered,
  standardSizes,
  switchOrientation,
  withCustomSize,
  withoutCustomSize,
} from '../../model/catalog/sizes';
import { CUSTOM_SIZE_ID, type ChildSize, type MaterialCode, type Orientation, type Template } from '../../model/catalog/types';
import { changeMaterial, stepControl, typeControlValue } from '../../model/generators/controls';
import { generatorFor, generatorNameFromSource } from '../../model/generators/registry';
import type { Control, Generator, GeneratorResult, GeneratorSettings, GeneratorWarning } from '../../model/generators/types';
import type { Layout } from '../../model/layout/types';
import { scaleLayout } from '../../model/layout/scaleLayout';
import { controlsFor, filterTypedControl, settingsFromControls } from './controlSettings';
import type { FormatServices, FormatSnapshot, LayoutState, TypedSizeOutcome } from './formatTypes';
import { requestCustomSize } from './customSizeRequest';

/**
 * A collage's format: template, size (standard or custom), material, generator settings and seed,
 * and what follows from them — the layout, the controls, the price, the orientation choices.
 * The design screen edits one as a draft; the collage store owns the one the editor shows.
 */
export class CollageFormat {
  template: Template | null = null;
  sizeId = '';
  material: MaterialCode = '';
  settings: GeneratorSettings = {};
  seed = 1;
  lastStandardSizeId = '';
  /** The last control change the generator refused (shown next to the controls until the next change). */
  refusal: GeneratorWarning | null = null;
  customSizePending = false;

  constructor(private readonly services: FormatServices) {
    makeObservable(this, {
      template: observableRef,
      sizeId: observable,
      material: observable,
      settings: observableRef,
      seed: observable,
      lastStandardSizeId: observable,
      refusal: observableRef,
      customSizePending: observable,
      isGenerated: computed,
      generatorName: computed,
      generator: computed,
      activeSize: computed,
      isCustomSize: computed,
      controls: computed,
      generation: computed,
      layoutState: computed,
      layout: computed,
      layoutKey: computed,
      effectiveSettings: computed,
      price: computed,
      orientation: computed,
      orientations: computed,
      sizesOfOrientation: computed,
      chooserSizes: computed,
      materials: computed,
      setTemplate: action,
      restore: action,
      chooseOrientation: action,
      chooseSize: action,
      chooseMaterial: action,
      stepControl: action,
      typeControl: action,
      advanceLayout: action,
      useCustomSize: action,
      useStandardSizes: action,
      setCustomSizePending: action,
    });
  }

  get isGenerated(): boolean {
    return this.template?.type === 'generated';
  }

  /** The generator's name ('alleven', 'number', …); '' for static templates. */
  get generatorName(): string {
    return this.template && this.isGenerated ? generatorNameFromSource(this.template.source) : '';
  }

  /** Undefined for static templates, and for number designs until their shapes are registered. */
  get generator(): Generator | undefined {
    const name = this.generatorName;
    if (!name && !this.isGenerated) return undefined;
    if (name.startsWith('number') && !this.services.shapes.ready) return undefined;
    return generatorFor(name);
  }

  get activeSize(): ChildSize | undefined {
    const template = this.template;
    if (!template) return undefined;
    return template.sizes.find((size) => size.id === this.sizeId) ?? defaultChild(template);
  }

  get isCustomSize(): boolean {
    return this.activeSize?.isCustom ?? false;
  }

  get controls(): readonly Control[] {
    const generator = this.generator;
    const size = this.activeSize;
    if (!generator || !size) return [];
    return controlsFor(generator, this.settings, size, this.material, this.generation);
  }

  get generation(): GeneratorResult | undefined {
    const generator = this.generator;
    const size = this.activeSize;
    if (!generator || !size) return undefined;
    return this.generate(generator, this.settings);
  }

  get layoutState(): LayoutState {
    const template = this.template;
    const size = this.activeSize;
    if (!template || !size) return { status: 'none' };
    if (!this.isGenerated) {
      const loaded = this.services.staticLayouts.state(template.source);
      if (!loaded || loaded.status === 'loading') return { status: 'loading' };
      if (loaded.status === 'failed') return loaded;
      const layout = scaleLayout(loaded.layout, size);
      return { status: 'ready', layout: { ...layout, material: this.material }, warnings: [] };
    }
    const result = this.generation;
    if (!result) return { status: 'loading' };
    return result.ok ? { status: 'ready', layout: result.layout, warnings: result.warnings } : { status: 'refused', refusal: result.refusal };
  }

  get layout(): Layout | undefined {
    const state = this.layoutState;
    return state.status === 'ready' ? state.layout : undefined;
  }

  /** Names the layout: equal keys, equal layouts (slot data made for one layout is kept while the key stays). */
  get layoutKey(): string {
    const size = this.activeSize;
    if (!this.template || !size) return '';
    const settings = Object.entries(this.settings).sort(([a], [b]) => a.localeCompare(b));
    return JSON.stringify([this.template.id, size.id, size.widthCm, size.heightCm, this.material, settings, this.seed]);
  }

  /** Every setting the generator reads, with the value it uses (what a saved collage stores). */
  get effectiveSettings(): GeneratorSettings {
    return settingsFromControls(this.controls, this.settings);
  }

  /** The price of the size; tiles cost rows x columns x the unit price. Undefined when the description has none. */
  get price(): number | undefined {
    const template = this.template;
    const size = this.activeSize;
    if (!template || !size) return undefined;
    const value = (name: string) => this.controls.find((control) => control.name === name)?.current ?? 1;
    return priceOf(template, size, template.isTileBased ? { cols: value('numberVert'), rows: value('numberHor') } : undefined);
  }

  get orientation(): Orientation | undefined {
    return this.activeSize && orientationOf(this.activeSize);
  }

  get orientations(): Orientation[] {
    return this.template ? orientationsOffered(this.template) : [];
  }

  /** The size list: the standard sizes of the current orientation (those under 150 x 150 when there are any). */
  get sizesOfOrientation(): ChildSize[] {
    const template = this.template;
    if (!template) return [];
    const orientation = this.orientation;
    const small = chooserSizes(template).filter((size) => orientationOf(size) === orientation);
    return small.length > 0 ? small : standardSizes(template).filter((size) => orientationOf(size) === orientation);
  }

  get chooserSizes(): ChildSize[] {
    return this.template ? chooserSizes(this.template) : [];
  }

  get materials(): MaterialCode[] {
    return this.activeSize?.materials ?? [];
  }

  /** Starts a design: the default child (or the given one), a material it offers, the template's settings. */
  setTemplate(template: Template, initial: Partial<Omit<FormatSnapshot, 'template'>> = {}): void {
    const base = withoutCustomSize(template);
    const size = base.sizes.find((candidate) => candidate.id === initial.sizeId) ?? defaultChild(base);
    this.template = base;
    this.sizeId = size?.id ?? '';
    this.lastStandardSizeId = this.sizeId;
    this.material = initial.material !== undefined && size?.materials.includes(initial.material) ? initial.material : materialForSize(size ?? { materials: [] }, '');
    this.settings = { ...template.settings, ...initial.settings };
    this.seed = initial.seed ?? this.services.randomSeed();
    this.refusal = null;
    this.requestResources();
  }

  snapshot(): FormatSnapshot | undefined {
    if (!this.template) return undefined;
    return { template: this.template, sizeId: this.sizeId, material: this.material, settings: this.settings, seed: this.seed, lastStandardSizeId: this.lastStandardSizeId };
  }

  restore(snapshot: FormatSnapshot): void {
    this.template = snapshot.template;
    this.sizeId = snapshot.sizeId;
    this.material = snapshot.material;
    this.settings = snapshot.settings;
    this.seed = snapshot.seed;
    this.lastStandardSizeId = snapshot.lastStandardSizeId;
    this.refusal = null;
    this.requestResources();
  }

  /** Switching orientation selects the first size of it, and the first material that size offers when the chosen one is missing. */
  chooseOrientation(orientation: Orientation): boolean {
    if (!this.template || orientation === this.orientation) return false;
    const choice = switchOrientation(withoutCustomSize(this.template), orientation, this.material);
    if (!choice) return false;
    this.template = withoutCustomSize(this.template);
    this.applySizeAndMaterial(choice.size, choice.material);
    return true;
  }

  /** A standard size from the list or the chooser; picking one leaves a custom size. */
  chooseSize(sizeId: string): boolean {
    if (!this.template || sizeId === this.sizeId) return false;
    const base = withoutCustomSize(this.template);
    const size = base.sizes.find((candidate) => candidate.id === sizeId);
    if (!size) return false;
    this.template = base;
    this.applySizeAndMaterial(size, materialForSize(size, this.material));
    return true;
  }

  chooseMaterial(code: MaterialCode): boolean {
    if (code === this.material || !this.materials.includes(code) || !this.activeSize) return false;
    this.applySizeAndMaterial(this.activeSize, code);
    return true;
  }

  /** One step of a control; nothing at a bound, nothing when the generator refuses the result. */
  stepControl(name: string, direction: 1 | -1): boolean {
    const controls = this.controls;
    return this.applyControls(controls, stepControl(controls, name, direction));
  }

  /** A typed value: whole numbers in range (digits only, 3 or 4 for numbers; a date's digits and separators); else the old value stays. */
  typeControl(name: string, typed: string): boolean {
    const controls = this.controls;
    const control = controls.find((candidate) => candidate.name === name);
    if (!control) return false;
    const filtered = filterTypedControl(control, this.generatorName, typed);
    if (control.text !== undefined) {
      if (filtered === undefined || filtered === control.text) return false;
      return this.applySettings({ ...this.settings, [name]: filtered });
    }
    return this.applyControls(controls, typeControlValue(controls, name, filtered ?? ''));
  }

  /** The style route parameter: the layout control one step on (nothing when the design has none, or at its last layout). */
  advanceLayout(): boolean {
    return this.stepControl('layout', 1);
  }

  /** A custom size replaces the active standard one; the material falls back to one the size offers. */
  useCustomSize(size: ChildSize): void {
    if (!this.template) return;
    if (!this.isCustomSize) this.lastStandardSizeId = this.sizeId;
    this.template = withCustomSize(this.template, { ...size, id: CUSTOM_SIZE_ID, isCustom: true });
    const custom = customSizeOf(this.template)!;
    this.applySizeAndMaterial(custom, materialForSize(custom, this.material));
  }

  /** Back to the standard sizes: the custom size is cleared and the last standard size chosen again. */
  useStandardSizes(): boolean {
    if (!this.template || !this.isCustomSize) return false;
    const base = withoutCustomSize(this.template);
    const size = base.sizes.find((candidate) => candidate.id === this.lastStandardSizeId) ?? defaultChild(base);
    this.template = base;
    if (size) this.applySizeAndMaterial(size, materialForSize(size, this.material));
    return true;
  }

  /** What a typed size would be, before anything is asked from the server (the form's warnings). */
  checkTypedSize(widthText: string, heightText: string): TypedSize | undefined {
    return this.template ? resolveTypedSize(withoutCustomSize(this.template), widthText, heightText) : undefined;
  }

  /**
   * The custom size form: a size equal to a standard one selects it; an invalid one gives the
   * rule's warning; a valid one is asked from the server (/api/customXml). A failure is logged.
   */
  applyTypedSize(widthText: string, heightText: string): Promise<TypedSizeOutcome> {
    return requestCustomSize(this, this.services, widthText, heightText);
  }

  setCustomSizePending(pending: boolean): void {
    this.customSizePending = pending;
  }

  private generate(generator: Generator, settings: GeneratorSettings): GeneratorResult {
    const size = this.activeSize!;
    const template = this.template!;
    return generator.generate({
      settings,
      size: { widthCm: size.widthCm, heightCm: size.heightCm },
      material: this.material,
      seed: this.seed,
      designer: template.designer,
      design: template.design,
    });
  }

  private applyControls(before: readonly Control[], after: readonly Control[]): boolean {
    if (after === before) return false;
    return this.applySettings(settingsFromControls(after, this.settings));
  }

  private applySettings(settings: GeneratorSettings): boolean {
    const generator = this.generator;
    if (!generator) return false;
    const result = this.generate(generator, settings);
    if (!result.ok) {
      this.refusal = result.refusal;
      return false;
    }
    this.settings = settings;
    this.refusal = null;
    return true;
  }

  /** A new size and material; a material change resets the margin as §4 says, then every control is clamped. */
  private applySizeAndMaterial(size: ChildSize, material: MaterialCode): void {
    const from = this.material;
    this.sizeId = size.id;
    this.material = material;
    this.refusal = null;
    const generator = this.generator;
    if (generator && from !== material) {
      const controls = generator.controls(this.settings, { widthCm: size.widthCm, heightCm: size.heightCm }, material);
      this.settings = settingsFromControls(changeMaterial(controls, from, material), this.settings);
    }
  }

  private requestResources(): void {
    const template = this.template;
    if (!template) return;
    if (template.type === 'static') this.services.staticLayouts.request(template.source);
    else if (generatorNameFromSource(template.source).startsWith('number')) this.services.shapes.request();
  }
}
