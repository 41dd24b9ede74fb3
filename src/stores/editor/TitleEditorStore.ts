import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { textLayerOf } from '../../model/layout/slotEdits';
import type { TextSlotData } from '../../model/layout/slotTypes';
import { SUBTITLE_SLOT, TITLE_SLOT } from '../../model/text/box';
import { uniquenessMessage, type FormMessageKey } from '../../model/text/textForm';
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
 * fits is refused with 'De titel is te lang voor dit veld.' under its field. Title and subtitle
 * must differ ('De titel moet uniek zijn.' / 'De omschrijving moet uniek zijn.'): 'Wijzig tekst'
 * says so and stays open until they do.
 */
export class TitleEditorStore {
  /** The text slot the dialog edits as its title. */
  mainSlot: string | null = null;
  /** The last refused edit; it leaves the screen with the next accepted change of either field or the style. */
  refusal: { slot: string; message: FormMessageKey } | null = null;
  /** The field typed in last: it carries the uniqueness message. */
  editedLast: 'title' | 'subtitle' = 'title';
  /** 'Wijzig tekst' was pressed: from then on the uniqueness rule shows while it is broken. */
  submitted = false;

  constructor(private readonly services: TitleEditorServices) {
    makeObservable(this, {
      mainSlot: observable,
      refusal: observableRef,
      editedLast: observable,
      submitted: observable,
      subtitleSlot: computed,
      slots: computed,
      title: computed,
      subtitle: computed,
      uniqueness: computed,
      messages: computed,
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

  /** Title and subtitle the same: the message and the slot it shows under. */
  get uniqueness(): { slot: string; message: FormMessageKey } | null {
    const { mainSlot, subtitleSlot, title, subtitle } = this;
    if (!mainSlot || !subtitleSlot || !title || !subtitle) return null;
    const clash = uniquenessMessage(title.txt, subtitle.txt, this.editedLast);
    if (!clash) return null;
    return { slot: clash.field === 'title' ? mainSlot : subtitleSlot, message: clash.message };
  }

  /** What shows under each field: the last refusal, else the uniqueness rule once submitted. */
  get messages(): Readonly<Record<string, FormMessageKey>> {
    const shown: Record<string, FormMessageKey> = {};
    const uniqueness = this.submitted ? this.uniqueness : null;
    if (uniqueness) shown[uniqueness.slot] = uniqueness.message;
    if (this.refusal) shown[this.refusal.slot] = this.refusal.message;
    return shown;
  }

  /** Opens on a text slot; the subtitle opens the dialog of its title. */
  open(slot: string): void {
    const layout = this.services.collage.layout;
    if (!layout || !this.services.collage.slots.texts[slot]) return;
    this.mainSlot = slot === SUBTITLE_SLOT && textLayerOf(layout, TITLE_SLOT) ? TITLE_SLOT : slot;
    this.refusal = null;
    this.submitted = false;
    this.editedLast = slot === SUBTITLE_SLOT ? 'subtitle' : 'title';
    this.services.navigation.setState(NavState.EditorTitleEdit);
  }

  type(slot: string, proposed: string): boolean {
    if (!this.slots.includes(slot)) return false;
    const result = this.services.collage.setText(slot, proposed);
    this.editedLast = slot === this.subtitleSlot ? 'subtitle' : 'title';
    this.refusal = result.accepted ? null : { slot, message: result.message };
    return result.accepted;
  }

  /** 'Hoofdletters?', 'Stijl' and the colour: one look for title and subtitle, one undo step. */
  setStyle(patch: Partial<Pick<TextSlotData, 'caps' | 'font' | 'color'>>): boolean {
    let changed = false;
    for (const slot of this.slots)
      changed = this.services.collage.setTextStyle(slot, patch, 'title-style') || changed;
    this.services.collage.endBurst();
    if (changed) this.refusal = null;
    return changed;
  }

  /**
   * 'Wijzig tekst' (and the dialog's close): refused while title and subtitle are the same, so the
   * message shows; otherwise the texts are trimmed as they will be saved and the dialog closes.
   */
  done(): boolean {
    this.submitted = true;
    if (this.uniqueness) return false;
    for (const slot of this.slots) {
      const text = this.services.collage.slots.texts[slot];
      if (text && text.txt !== text.txt.trim())
        this.services.collage.setText(slot, text.txt.trim());
    }
    this.refusal = null;
    this.services.collage.endBurst();
    this.services.navigation.close();
    return true;
  }
}
