import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { acceptPaletteColor } from '../../model/catalog/colors';
import { photoLayerOf } from '../../model/layout/slotEdits';
import type { PhotoSlotData, TextSlotData } from '../../model/layout/slotTypes';
import type { PhotoSlotLayer } from '../../model/layout/types';
import { qualityMessageKeys, ZOOM_MAX, ZOOM_MIN } from '../../model/photos/quality';
import { acceptTextInput, TEXT_TOO_LONG_KEY } from '../../model/text/input';
import type { TextMeasurer } from '../../model/text/measure';
import { REQUIRED_KEY, type FormMessageKey } from '../../model/text/textForm';
import { panFocus } from '../../render/geometry';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import { NavState } from '../navigation/navigationStates';
import type { Photo } from '../photos/Photo';
import type { PhotoStore } from '../photos/PhotoStore';
import { belowLargestSize, DEFAULT_PHOTO_TEXT, largerSizeThatFits, smallerSize } from './photoText';

export type PhotoEditorMode = 'edit' | 'effects' | 'text';

interface PhotoEditorServices {
  collage: CollageStore;
  navigation: NavigationStore;
  photos: PhotoStore;
  measurer: TextMeasurer;
}

/**
 * The photo editor dialog 'Foto bewerken' on one slot: Kleiner, Groter, Draaien, the effects and
 * the add-text dialog 'Tekst toevoegen' for text on the photo. Every change goes straight to the
 * collage (one undo step each; a run of zoom clicks or typing is one).
 */
export class PhotoEditorStore {
  mode: PhotoEditorMode = 'edit';
  /** The add-text dialog's text and style; written to the photo while it holds text. */
  draft: TextSlotData = DEFAULT_PHOTO_TEXT;
  /** Why the last change of the text was refused ('De titel is te lang voor dit veld.', 'Dit is een verplicht veld.'). */
  textMessage: FormMessageKey | null = null;

  constructor(
    private readonly services: PhotoEditorServices,
    private readonly slotOf: () => string | null,
  ) {
    makeObservable(this, {
      mode: observable,
      draft: observableRef,
      textMessage: observableRef,
      slot: computed,
      photo: computed,
      layer: computed,
      image: computed,
      qualityKeys: computed,
      canSmaller: computed,
      canBigger: computed,
      textEnabled: computed,
      canEnlargeText: computed,
      open: action,
      smaller: action,
      bigger: action,
      pinch: action,
      rotate: action,
      showEffects: action,
      showEdit: action,
      chooseEffect: action,
      openText: action,
      typeText: action,
      setTextStyle: action,
      stepFontSize: action,
      finishText: action,
      pan: action,
      endPan: action,
      done: action,
    });
  }

  get slot(): string | null {
    return this.slotOf();
  }

  get photo(): PhotoSlotData | undefined {
    const slot = this.slot;
    const photo = slot ? this.services.collage.slotsWithDpi.photos[slot] : undefined;
    return photo && photo.id !== '' ? photo : undefined;
  }

  get layer(): PhotoSlotLayer | undefined {
    const layout = this.services.collage.layout;
    return layout && this.slot ? photoLayerOf(layout, this.slot) : undefined;
  }

  get image(): Photo | undefined {
    const id = this.photo?.id;
    return id ? this.services.photos.byLocalId(id) : undefined;
  }

  /** 'De afdrukkwaliteit van deze foto is' + label (+ 'Vervang de foto.'), as i18n keys; none while the dpi is unknown. */
  get qualityKeys(): string[] {
    const dpi = this.photo?.dpi ?? -1;
    return dpi > 0 ? qualityMessageKeys(dpi) : [];
  }

  /** Kleiner shows more of the photo: possible while zoomed in. */
  get canSmaller(): boolean {
    return (this.photo?.zoom ?? ZOOM_MIN) > ZOOM_MIN;
  }

  get canBigger(): boolean {
    return (this.photo?.zoom ?? ZOOM_MAX) < ZOOM_MAX;
  }

  /** 'Tekst' is offered when the design has text. */
  get textEnabled(): boolean {
    return this.services.collage.layout?.layers.some((layer) => layer.kind === 'text') ?? false;
  }

  /** Shows the dialog on the target slot in edit mode (the text dialog hidden). */
  open(): void {
    if (!this.photo) return;
    this.mode = 'edit';
    this.textMessage = null;
    this.services.navigation.setState(NavState.EditorEdit);
  }

  smaller(): boolean {
    return this.slot !== null && this.services.collage.zoomPhoto(this.slot, 'smaller');
  }

  bigger(): boolean {
    return this.slot !== null && this.services.collage.zoomPhoto(this.slot, 'bigger');
  }

  /** Two fingers on the photo: zoom by the pinch, refused where the print would drop to 25 dpi or less. */
  pinch(factor: number): boolean {
    const photo = this.photo;
    return (
      this.slot !== null &&
      !!photo &&
      this.services.collage.pinchPhoto(this.slot, photo.zoom * factor)
    );
  }

  rotate(): boolean {
    return this.slot !== null && this.services.collage.rotatePhoto(this.slot);
  }

  showEffects(): void {
    this.mode = 'effects';
  }

  /** Bewerken: back to edit mode. */
  showEdit(): void {
    this.mode = 'edit';
    this.textMessage = null;
  }

  chooseEffect(effect: string): boolean {
    return this.slot !== null && this.services.collage.setEffect(this.slot, effect);
  }

  /** Tekst: the add-text dialog, starting from the photo's text or the defaults. */
  openText(): void {
    if (!this.textEnabled || !this.photo) return;
    this.draft = this.photo.text ?? DEFAULT_PHOTO_TEXT;
    this.textMessage = null;
    this.mode = 'text';
  }

  /** Typing: allowed characters only; a text that no longer fits at its size is refused. */
  typeText(proposed: string): boolean {
    const layer = this.layer;
    if (!layer) return false;
    const box = { widthCm: layer.width, heightCm: layer.height };
    const result = acceptTextInput(
      this.draft.txt,
      proposed,
      this.draft,
      box,
      this.services.measurer,
    );
    if (!result.accepted) {
      this.textMessage = result.message;
      return false;
    }
    this.textMessage = null;
    this.write({ ...this.draft, txt: result.text }, `phototext:${this.slot}`);
    return true;
  }

  /** Font, colour (palette only), alignment, vertical alignment, background, caps. */
  setTextStyle(patch: Partial<Omit<TextSlotData, 'txt' | 'fontSize'>>): boolean {
    if (patch.color !== undefined) {
      const color = acceptPaletteColor(patch.color);
      if (!color) return false;
      patch = { ...patch, color };
    }
    this.textMessage = null;
    this.write({ ...this.draft, ...patch });
    return true;
  }

  /** 'Grotere letters' can act: the text still fits at the next larger size (else the button is disabled). */
  get canEnlargeText(): boolean {
    return this.largerTextSize() !== undefined;
  }

  private largerTextSize(): number | undefined {
    const layer = this.layer;
    return layer ? largerSizeThatFits(this.draft, layer, this.services.measurer) : undefined;
  }

  /** The font-size minus and plus buttons step through the allowed sizes; a larger size must fit. */
  stepFontSize(direction: 1 | -1): boolean {
    if (!this.layer) return false;
    const current = this.draft.fontSize;
    const next = direction > 0 ? this.largerTextSize() : smallerSize(current);
    if (next === undefined) {
      if (direction > 0 && belowLargestSize(current)) this.textMessage = { key: TEXT_TOO_LONG_KEY };
      return false;
    }
    this.textMessage = null;
    this.write({ ...this.draft, fontSize: next });
    return true;
  }

  /** Klaar of the add-text dialog: the text is required; it stays on the photo and the editor closes too. */
  finishText(): boolean {
    if (this.draft.txt.trim() === '') {
      this.textMessage = { key: REQUIRED_KEY };
      return false;
    }
    this.done();
    return true;
  }

  /** Dragging the photo inside its slot by (dx, dy) in slot centimetres; one drag is one undo step. */
  pan(dxCm: number, dyCm: number): boolean {
    const { slot, photo, layer, image } = this;
    if (!slot || !photo || !layer || !image || image.webWidth <= 0) return false;
    const rotation = (((photo.rotation % 360) + 360) % 360) as 0 | 90 | 180 | 270;
    const input = {
      slotWidth: layer.width,
      slotHeight: layer.height,
      imageWidth: image.webWidth,
      imageHeight: image.webHeight,
      zoom: photo.zoom,
      focusX: photo.focusX,
      focusY: photo.focusY,
      rotation,
    };
    const focus = panFocus(input, dxCm, dyCm);
    return this.services.collage.panPhoto(slot, focus.focusX, focus.focusY);
  }

  /** Pointer up (or key up) after panning: the next edit is a step of its own. */
  endPan(): void {
    this.services.collage.endBurst();
  }

  /** Klaar: the dialog closes; the next edit is a step of its own. */
  done(): void {
    this.services.collage.endBurst();
    this.mode = 'edit';
    this.services.navigation.close();
  }

  /** An empty text removes the photo's text; otherwise the fitted text is what the dialog shows. */
  private write(next: TextSlotData, burstKey?: string): void {
    const slot = this.slot;
    if (!slot) return;
    if (next.txt.trim() === '') {
      if (this.photo?.text) this.services.collage.setPhotoText(slot, undefined, burstKey);
      this.draft = next;
      return;
    }
    this.services.collage.setPhotoText(slot, next, burstKey);
    this.draft = this.photo?.text ?? next;
  }
}
