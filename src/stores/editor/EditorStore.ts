import {
  action,
  computed,
  makeObservable,
  observable,
  reaction,
  type IReactionDisposer,
} from 'mobx';
import { WHITE } from '../../model/catalog/colors';
import type { Smiley } from '../../model/photos/quality';
import { qualitySummary, type PhotoUse, type QualitySummary } from '../../model/photos/summary';
import type { TextMeasurer } from '../../model/text/measure';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import { NavState } from '../navigation/navigationStates';
import type { PhotoStore } from '../photos/PhotoStore';
import { breakpoints, viewportHeight, type Breakpoints } from './editorRules';
import { CanvasViewStore } from './CanvasViewStore';
import { PhotoEditorStore } from './PhotoEditorStore';
import { SlotActions } from './SlotActions';
import { photoTextsOf, photoUsesOf, smileysOf } from './slotContents';
import { TitleEditorStore } from './TitleEditorStore';
import { clearUnreadablePhotos } from './unreadablePhotos';

export interface EditorServices {
  collage: CollageStore;
  navigation: NavigationStore;
  photos: PhotoStore;
  measurer: TextMeasurer;
  /** 'Opslaan / bestellen' and the floppy button: the save flow's dialog (SaveStore.open('save')). */
  openSaveDialog(): void;
  /** The quit button in the normal state: 'Wil je stoppen?' (SaveStore.open('want_to_quit')). */
  openQuitDialog(): void;
}

/** The largest web image the editor makes for a zoomed-in photo. */
export const SHARPEST_PREVIEW_PX = 2048;

/**
 * The editor screen's own state, beside the collage: window size and breakpoints, the side menu,
 * 'Toon fotokwaliteit' and its summary, the background colour menu, the photo context menu and
 * which slot the file dialog or the photo editor works on. Components read it and call its actions.
 */
export class EditorStore {
  windowWidth = 1280;
  windowHeight = 800;
  /** A touch device: the two-finger notice instead of the drag hint. */
  touch = false;
  /** The customer's choice for the side menu; null follows the width (open from 550 px). */
  sideMenuChoice: boolean | null = null;
  showQuality = false;
  colorMenuOpen = false;
  /** What the last autofill could not do: photos left over (the collage is full), or none to place. */
  autofillNotice: 'full' | 'nothing' | null = null;
  /** The slot the customer acts on: context menu, keyboard move, the file dialog's or photo editor's slot. */
  readonly slotActions: SlotActions;
  readonly photoEditor: PhotoEditorStore;
  readonly titleEditor: TitleEditorStore;
  /** The collage's zoom and pan in the canvas. */
  readonly view = new CanvasViewStore();
  private readonly disposers: IReactionDisposer[] = [];

  constructor(private readonly services: EditorServices) {
    this.slotActions = new SlotActions({
      ...services,
      openPhotoEditor: () => this.photoEditor.open(),
    });
    this.photoEditor = new PhotoEditorStore(services, () => this.slotActions.targetSlot);
    this.titleEditor = new TitleEditorStore(services);
    makeObservable<EditorStore, 'closeMenus'>(this, {
      windowWidth: observable,
      autofillNotice: observable,
      autofillEmptySlots: action,
      windowHeight: observable,
      touch: observable,
      sideMenuChoice: observable,
      showQuality: observable,
      colorMenuOpen: observable,
      breakpoints: computed,
      viewportHeight: computed,
      isLoading: computed,
      sideMenuVisible: computed,
      photoUses: computed,
      quality: computed,
      smileys: computed,
      canChangeBackground: computed,
      photoTexts: computed,
      setWindow: action,
      setTouch: action,
      openSideMenu: action,
      closeSideMenu: action,
      setShowQuality: action,
      openColorMenu: action,
      closeColorMenu: action,
      chooseBackground: action,
      editTitle: action,
      requestSave: action,
      requestQuit: action,
      undo: action,
      redo: action,
      closeMenus: action,
    });
    // Loading becomes normal once the layout has layers and the slots are made for it.
    this.disposers.push(
      clearUnreadablePhotos({ ...services, slotActions: this.slotActions }),
      reaction(
        () => services.navigation.state === NavState.EditorLoading && this.layoutHasLayers(),
        (ready) => ready && services.navigation.layoutReady(true),
        { fireImmediately: true },
      ),
      // Another layout (a new design, size or generator setting) starts fitted.
      reaction(
        () => services.collage.layout,
        () => this.view.reset(),
      ),
      // A menu that belongs to the normal state closes when a dialog opens or the editor is left.
      reaction(
        () => services.navigation.state,
        (state) => state !== NavState.EditorNormal && this.closeMenus(),
      ),
    );
  }

  dispose(): void {
    for (const dispose of this.disposers) dispose();
  }

  get breakpoints(): Breakpoints {
    return breakpoints(this.windowWidth);
  }

  get viewportHeight(): number {
    return viewportHeight(this.windowWidth, this.windowHeight);
  }

  get isLoading(): boolean {
    return this.services.navigation.state === NavState.EditorLoading;
  }

  /** 250 px wide; hidden under 550 px (the hamburger opens it over the collage) and while loading. */
  get sideMenuVisible(): boolean {
    if (this.isLoading) return false;
    return this.sideMenuChoice ?? !this.breakpoints.mobile;
  }

  /** Filled and empty photo slots with their dpi, in layout order. */
  get photoUses(): PhotoUse[] {
    return photoUsesOf(this.services.collage);
  }

  /** The summary under 'Toon fotokwaliteit'. */
  get quality(): QualitySummary {
    return qualitySummary(this.photoUses, this.showQuality);
  }

  /** A smiley per filled slot while 'Toon fotokwaliteit' is ticked. */
  get smileys(): Record<string, Smiley> {
    if (!this.showQuality) return {};
    return smileysOf(this.photoUses);
  }

  /** 'Wijzig achtergrondkleur' is offered for generated collages. */
  get canChangeBackground(): boolean {
    return this.services.collage.format.isGenerated;
  }

  /** A loaded photo's web image and pixel size, to draw it in its slot. */
  photoImage(photoId: string): { src: string; width: number; height: number } | undefined {
    const photo = this.services.photos.byLocalId(photoId);
    if (!photo || photo.tileLook !== 2 || !photo.src) return undefined;
    return { src: photo.src, width: photo.webWidth, height: photo.webHeight };
  }

  /** Text on photos, laid out in lines by the text model (the drawing never wraps on its own). */
  get photoTexts(): Record<string, { lines: string[] }> {
    return photoTextsOf(this.services.collage, this.services.measurer);
  }

  setWindow(width: number, height: number): void {
    this.windowWidth = width;
    this.windowHeight = height;
  }

  setTouch(touch: boolean): void {
    this.touch = touch;
  }

  openSideMenu(): void {
    this.sideMenuChoice = true;
  }

  closeSideMenu(): void {
    this.sideMenuChoice = false;
    this.colorMenuOpen = false;
  }

  setShowQuality(show: boolean): void {
    this.showQuality = show;
  }

  openColorMenu(): void {
    if (this.canChangeBackground) this.colorMenuOpen = true;
  }

  closeColorMenu(): void {
    this.colorMenuOpen = false;
  }

  /**
   * Autofill: loaded photos that no slot shows go into the empty slots, the largest slots getting
   * the photos with the most pixels; says so when not all photos found a place.
   */
  autofillEmptySlots(): void {
    const unused = this.services.photos.photos
      .filter((photo) => photo.state === 'IMAGE' && photo.usedCount === 0)
      .map((photo) => ({ id: photo.localId, widthPx: photo.orgWidth, heightPx: photo.orgHeight }));
    const plan = this.services.collage.autofill(unused);
    this.autofillNotice =
      plan.leftOver > 0 ? 'full' : plan.placements.length === 0 ? 'nothing' : null;
  }

  /** A palette colour, or null for 'Geen achtergrondkleur' (white). */
  chooseBackground(color: string | null): boolean {
    return this.services.collage.setBackgroundColor(color ?? WHITE);
  }

  /**
   * The canvas draws a photo larger than its web image (zoomed in): a photo with its local file is
   * made again at that size, at most 2048 px, so the preview stays sharp without holding originals.
   */
  sharpenPhoto(photoId: string, longSidePx: number): void {
    const photo = this.services.photos.byLocalId(photoId);
    if (photo)
      void this.services.photos.ensureResolution(
        photo,
        Math.min(SHARPEST_PREVIEW_PX, Math.ceil(longSidePx)),
      );
  }

  editTitle(slot: string): void {
    if (this.services.navigation.state !== NavState.EditorNormal) return;
    this.slotActions.closeContextMenu();
    this.titleEditor.open(slot);
  }

  /** 'Opslaan / bestellen': not while a save runs. */
  requestSave(): void {
    if (this.services.navigation.saving || this.isLoading) return;
    this.closeMenus();
    this.services.openSaveDialog();
  }

  /** The header's quit: in the normal state the want-to-quit dialog; from a dialog back to normal (NavigationStore.quit). */
  requestQuit(): void {
    const navigation = this.services.navigation;
    if (navigation.saving) return;
    if (navigation.state === NavState.EditorNormal) {
      this.closeMenus();
      this.services.openQuitDialog();
    } else navigation.quit();
  }

  undo(): boolean {
    return this.services.navigation.state === NavState.EditorNormal && this.services.collage.undo();
  }

  redo(): boolean {
    return this.services.navigation.state === NavState.EditorNormal && this.services.collage.redo();
  }

  private layoutHasLayers(): boolean {
    const collage = this.services.collage;
    return (
      (collage.layout?.layers.length ?? 0) > 0 &&
      collage.slotsLayoutKey === collage.format.layoutKey
    );
  }

  private closeMenus(): void {
    this.slotActions.closeMenus();
    this.colorMenuOpen = false;
  }
}
