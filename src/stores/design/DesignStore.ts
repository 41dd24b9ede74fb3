import { action, computed, makeObservable, observable } from 'mobx';
import { backgroundAfterTemplateChange } from '../../model/catalog/colors';
import {
  archiveSlotData,
  emptySlotData,
  restoreSlotData,
  type SlotData,
} from '../../model/layout/slotData';
import type { TextMeasurer } from '../../model/text/measure';
import { CollageFormat } from '../collage/CollageFormat';
import type { FormatServices } from '../collage/formatTypes';
import type { CatalogStore } from '../catalog/CatalogStore';
import type { CollageStore } from '../collage/CollageStore';

/**
 * The spec keeps the style parameter's special value to itself; ours is 'alt':
 * collage/basic/{id}/alt opens the design with its layout control one step on (layout B).
 */
export const STYLE_ADVANCE_LAYOUT = 'alt';

export type DesignScreenState = 'waiting' | 'shown' | 'notFound';

export interface DesignServices {
  format: FormatServices;
  measurer: TextMeasurer;
}

/**
 * The design screen ('Kies je formaat' / 'Pas je ontwerp aan'): a draft of the format, started from
 * the current collage when it has this template, else from the template's defaults. Nothing
 * reaches the collage until 'Ga aan de slag' / 'Wijzig huidige ontwerp' commits the draft.
 */
export class DesignStore {
  readonly draft: CollageFormat;
  state: DesignScreenState = 'waiting';

  constructor(
    private readonly services: DesignServices,
    private readonly catalog: CatalogStore,
    private readonly collage: CollageStore,
  ) {
    this.draft = new CollageFormat(services.format);
    makeObservable(this, {
      state: observable,
      hasCurrentDesign: computed,
      previewSlots: computed,
      previewBackground: computed,
      open: action,
      commit: action,
    });
  }

  /** 'Wijzig huidige ontwerp' instead of 'Ga aan de slag'. */
  get hasCurrentDesign(): boolean {
    return this.collage.hasDesign;
  }

  /** The customer's photos and texts as they would land in the draft's layout (by slot name). */
  get previewSlots(): SlotData | undefined {
    const layout = this.draft.layout;
    if (!layout) return undefined;
    // Without a collage yet, the design's own empty slots (with their text styles for the placeholders).
    const archive = this.collage.hasDesign
      ? archiveSlotData(this.collage.archive, this.collage.slots, this.collage.restored)
      : emptySlotData();
    return restoreSlotData(archive, layout, { measurer: this.services.measurer }).data;
  }

  /** The background the draft would get: the collage's own for the same template, else the §4 rule. */
  get previewBackground(): string {
    const template = this.draft.template;
    const current = {
      photoBorderAutomatic: this.collage.photoBorderAutomatic,
      color: this.collage.backgroundColor,
    };
    if (!template) return current.color;
    if (this.collage.format.template?.id === template.id) return current.color;
    const overlay = this.draft.layout?.layers.find(
      (layer) => layer.kind === 'shape' && layer.role === 'background',
    );
    return backgroundAfterTemplateChange(current, this.collage.hasDesign && !this.collage.isNew, {
      templateType: template.type,
      generatorName: this.draft.generatorName,
      overlayColor: overlay?.kind === 'shape' ? overlay.fill : undefined,
    }).color;
  }

  /**
   * Shows a template (the catalog must be loaded). The style parameter STYLE_ADVANCE_LAYOUT
   * advances the layout control once; opening again starts over, so it never advances twice.
   */
  open(templateId: string, style?: string): void {
    const template = this.catalog.byId(templateId);
    if (!template) {
      this.state = 'notFound';
      return;
    }
    const current = this.collage.format.snapshot();
    if (current && current.template.id === template.id) this.draft.restore(current);
    else this.draft.setTemplate(template);
    if (style === STYLE_ADVANCE_LAYOUT) this.draft.advanceLayout();
    this.state = 'shown';
  }

  /** Stores size, material and design data on the collage (a new one, or the current one changed). */
  commit(): boolean {
    const snapshot = this.draft.snapshot();
    if (!snapshot || this.state !== 'shown') return false;
    this.collage.applyDesign(snapshot);
    return true;
  }
}
