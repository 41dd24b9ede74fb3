import { action, computed, makeObservable, observable, observableRef } from 'mobx';
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
import {
  CUSTOM_SIZE_ID,
  type ChildSize,
  type MaterialCode,
  type Orientation,
  type Template,
} from '../../model/catalog/types';
import { requestCustomSize } from './customSizeRequest';
import type { CustomSizeTarget, FormatServices, TypedSizeOutcome } from './formatTypes';

/**
 * The sheet a collage is printed on: its template, size (standard or custom) and material, and the
 * customer's choices between them (orientation, size list, chooser, custom size form). CollageFormat
 * adds what follows from the sheet: the generator settings, the layout, the controls and the price.
 */
export class FormatSizing implements CustomSizeTarget {
  template: Template | null = null;
  sizeId = '';
  material: MaterialCode = '';
  /** The standard size to return to when the custom size is cleared. */
  lastStandardSizeId = '';
  customSizePending = false;

  constructor(protected readonly services: FormatServices) {
    makeObservable(this, {
      template: observableRef,
      sizeId: observable,
      material: observable,
      lastStandardSizeId: observable,
      customSizePending: observable,
      activeSize: computed,
      isCustomSize: computed,
      orientation: computed,
      orientations: computed,
      sizesOfOrientation: computed,
      chooserSizes: computed,
      materials: computed,
      chooseOrientation: action,
      chooseSize: action,
      chooseMaterial: action,
      useCustomSize: action,
      useStandardSizes: action,
      setCustomSizePending: action,
    });
  }

  get activeSize(): ChildSize | undefined {
    const template = this.template;
    if (!template) return undefined;
    return template.sizes.find((size) => size.id === this.sizeId) ?? defaultChild(template);
  }

  get isCustomSize(): boolean {
    return this.activeSize?.isCustom ?? false;
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
    return small.length > 0
      ? small
      : standardSizes(template).filter((size) => orientationOf(size) === orientation);
  }

  get chooserSizes(): ChildSize[] {
    return this.template ? chooserSizes(this.template) : [];
  }

  get materials(): MaterialCode[] {
    return this.activeSize?.materials ?? [];
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
    const size =
      base.sizes.find((candidate) => candidate.id === this.lastStandardSizeId) ??
      defaultChild(base);
    this.template = base;
    if (size) this.applySizeAndMaterial(size, materialForSize(size, this.material));
    return true;
  }

  /** What a typed size would be, before anything is asked from the server (the form's warnings). */
  checkTypedSize(widthText: string, heightText: string): TypedSize | undefined {
    return this.template
      ? resolveTypedSize(withoutCustomSize(this.template), widthText, heightText)
      : undefined;
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

  /** A design starts on the default child (or the given size) and a material that size offers. */
  protected startSheet(
    template: Template,
    sizeId: string | undefined,
    material: MaterialCode | undefined,
  ): void {
    const base = withoutCustomSize(template);
    const size = base.sizes.find((candidate) => candidate.id === sizeId) ?? defaultChild(base);
    this.template = base;
    this.sizeId = size?.id ?? '';
    this.lastStandardSizeId = this.sizeId;
    this.material =
      material !== undefined && size?.materials.includes(material)
        ? material
        : materialForSize(size ?? { materials: [] }, '');
  }

  /** A new size and material; `sizeChanged` lets the layout follow (CollageFormat). */
  private applySizeAndMaterial(size: ChildSize, material: MaterialCode): void {
    const from = this.material;
    this.sizeId = size.id;
    this.material = material;
    this.sizeChanged(from, size, material);
  }

  /** Called after every change of size or material, inside the action that made it. */
  protected sizeChanged(
    _fromMaterial: MaterialCode,
    _size: ChildSize,
    _material: MaterialCode,
  ): void {}
}
