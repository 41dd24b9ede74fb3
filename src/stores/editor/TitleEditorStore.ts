import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { textLayerOf } from '../../model/layout/slotEdits';
import type { TextSlotData } from '../../model/layout/slotTypes';
import { SUBTITLE_SLOT, TITLE_SLOT } from '../../model/text/box';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import { NavState } from '../navigation/navigationStates';

/** The four fonts of the text dialogs, shown as Modern, Handwriting, Playful and Classic. */
export const FONT_CHOICES: readonly { font: string; labelKey: string }[] = [
  { font: 'Roboto', labelKey: 'textDialog.fonts.modern' },
  { font: 'Indie Flower', labelKey: 'textDialog.fonts.handwriting' },
  { font: 'McLaren', labelKey: 'textDialog.fonts.playful' },
  { font: 'Rasa', labelKey: 'textDialog.fonts.classic' },
];

interface TitleEditorServices {
  collage: CollageStore;
  navigation: NavigationStore;
}

/**
 * The title dialog 'Titel wijzigen': the title, the subtitle where the layout has one, and one
 * style (caps, font, colour) for both. Typing goes straight to the collage; a text that no longer
 * fits is refused with 'De titel is te lang voor dit veld.' under its field.
 */
export class TitleEditorStore {
  /** The text slot the dialog edits as its title. */
  mainSlot: string | null = null;
  /** Per slot, the i18n key of the last refusal. */
  messages: Readonly<Record<string, string>> = {};

  constructor(private readonly services: TitleEditorServices) {
    makeObservable(this, {
      mainSlot: observable,
      messages: observableRef,
      subtitleSlot: computed,
      slots: computed,
      title: computed,
      subtitle: computed,
      open: action,
      type: action,
      setStyle: action,
      done: action,
    });
  }

  /** The subtitle field appears only when the layout has a subtitle layer. */
  get subtitleSlot(): string | null {
    const layout = this.services.collage.layout;
    if (this.mainSlot !== TITLE_SLOT || !layout) return null;
    return textLayerOf(layout, SUBTITLE_SLOT) ? SUBTITLE_SLOT : null;
  }

  get slots(): string[] {
    return [this.mainSlot, this.subtitleSlot].filter((slot): slot is string => slot !== null);
  }

  get title(): TextSlotData | undefined {
    return this.mainSlot ? this.services.collage.slots.texts[this.mainSlot] : undefined;
  }

  get subtitle(): TextSlotData | undefined {
    return this.subtitleSlot ? this.services.collage.slots.texts[this.subtitleSlot] : undefined;
  }

  /** Opens on a text slot; the subtitle opens the dialog of its title. */
  open(slot: string): void {
    const layout = this.services.collage.layout;
    if (!layout || !this.services.collage.slots.texts[slot]) return;
    this.mainSlot = slot === SUBTITLE_SLOT && textLayerOf(layout, TITLE_SLOT) ? TITLE_SLOT : slot;
    this.messages = {};
    this.services.navigation.setState(NavState.EditorTitleEdit);
  }

  type(slot: string, proposed: string): boolean {
    if (!this.slots.includes(slot)) return false;
    const result = this.services.collage.setText(slot, proposed);
    const { [slot]: _old, ...others } = this.messages;
    this.messages = result.accepted ? others : { ...others, [slot]: result.messageKey };
    return result.accepted;
  }

  /** 'Hoofdletters?', 'Stijl' and the colour: one look for title and subtitle, one undo step. */
  setStyle(patch: Partial<Pick<TextSlotData, 'caps' | 'font' | 'color'>>): boolean {
    let changed = false;
    for (const slot of this.slots)
      changed = this.services.collage.setTextStyle(slot, patch, 'title-style') || changed;
    this.services.collage.endBurst();
    return changed;
  }

  /** 'Wijzig tekst': done; the dialog closes. */
  done(): void {
    this.services.collage.endBurst();
    this.services.navigation.close();
  }
}
