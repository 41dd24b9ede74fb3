import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { priceOf } from '../../model/catalog/prices';
import type { ChildSize, MaterialCode, Template } from '../../model/catalog/types';
import { changeMaterial, stepControl, typeControlValue } from '../../model/generators/controls';
import { generatorFor, generatorNameFromSource } from '../../model/generators/registry';
import type {
  Control,
  Generator,
  GeneratorResult,
  GeneratorSettings,
  GeneratorWarning,
} from '../../model/generators/types';
import type { Layout } from '../../model/layout/types';
import { scaleLayout } from '../../model/layout/scaleLayout';
import { controlsFor, filterTypedControl, settingsFromControls } from './controlSettings';
import { FormatSizing } from './FormatSizing';
import type { FormatServices, FormatSnapshot, LayoutState } from './formatTypes';

/**
 * A collage's format: the sheet (FormatSizing: template, size, material), the generator settings
 * and seed, and what follows from them — the layout, the controls, the price.
 * The design screen edits one as a draft; the collage store owns the one the editor shows.
 */
export class CollageFormat extends FormatSizing {
  settings: GeneratorSettings = {};
  seed = 1;
  /** The last control change the generator refused (shown next to the controls until the next change). */
  refusal: GeneratorWarning | null = null;

  constructor(services: FormatServices) {
    super(services);
    makeObservable(this, {
      settings: observableRef,
      seed: observable,
      refusal: observableRef,
      isGenerated: computed,
      generatorName: computed,
      generator: computed,
      controls: computed,
      generation: computed,
      layoutState: computed,
      layout: computed,
      layoutKey: computed,
      effectiveSettings: computed,
      price: computed,
      setTemplate: action,
      restore: action,
      stepControl: action,
      typeControl: action,
      refusedSteps: computed,
      advanceLayout: action,
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
    return result.ok
      ? { status: 'ready', layout: result.layout, warnings: result.warnings }
      : { status: 'refused', refusal: result.refusal };
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
    return JSON.stringify([
      this.template.id,
      size.id,
      size.widthCm,
      size.heightCm,
      this.material,
      settings,
      this.seed,
    ]);
  }

  /**
   * Steps the generator would refuse, as 'name:direction' (the split's '+' when a photo would get
   * under 3 cm): the stepper shows them disabled, as at a bound, instead of a button that can only
   * answer with a refusal. Only steps within the control's range are tried.
   */
  get refusedSteps(): ReadonlySet<string> {
    const generator = this.generator;
    const refused = new Set<string>();
    if (!generator || !this.activeSize) return refused;
    const controls = this.controls;
    for (const control of controls) {
      if (control.hidden || control.type === 'input') continue;
      for (const direction of [-1, 1] as const) {
        const after = stepControl(controls, control.name, direction);
        if (
          after !== controls &&
          !this.generate(generator, settingsFromControls(after, this.settings)).ok
        )
          refused.add(`${control.name}:${direction}`);
      }
    }
    return refused;
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
    const value = (name: string) =>
      this.controls.find((control) => control.name === name)?.current ?? 1;
    return priceOf(
      template,
      size,
      template.isTileBased ? { cols: value('numberVert'), rows: value('numberHor') } : undefined,
    );
  }

  /** Starts a design: the default child (or the given one), a material it offers, the template's settings. */
  setTemplate(template: Template, initial: Partial<Omit<FormatSnapshot, 'template'>> = {}): void {
    this.startSheet(template, initial.sizeId, initial.material);
    this.settings = { ...template.settings, ...initial.settings };
    this.seed = initial.seed ?? this.services.randomSeed();
    this.refusal = null;
    this.requestResources();
  }

  snapshot(): FormatSnapshot | undefined {
    if (!this.template) return undefined;
    return {
      template: this.template,
      sizeId: this.sizeId,
      material: this.material,
      settings: this.settings,
      seed: this.seed,
      lastStandardSizeId: this.lastStandardSizeId,
    };
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

  /** A new size or material clears the refusal; a material change resets the margin as §4 says, then every control is clamped. */
  protected override sizeChanged(
    from: MaterialCode,
    size: ChildSize,
    material: MaterialCode,
  ): void {
    this.refusal = null;
    const generator = this.generator;
    if (generator && from !== material) {
      const controls = generator.controls(
        this.settings,
        { widthCm: size.widthCm, heightCm: size.heightCm },
        material,
      );
      this.settings = settingsFromControls(changeMaterial(controls, from, material), this.settings);
    }
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

  private requestResources(): void {
    const template = this.template;
    if (!template) return;
    if (template.type === 'static') this.services.staticLayouts.request(template.source);
    else if (generatorNameFromSource(template.source).startsWith('number'))
      this.services.shapes.request();
  }
}
