import { action, computed, makeObservable, observable, observableRef, reaction, type IReactionDisposer } from 'mobx';
import { WHITE } from '../../model/catalog/colors';
import { smiley, type Smiley } from '../../model/photos/quality';
import { qualitySummary, type PhotoUse, type QualitySummary } from '../../model/photos/summary';
import type { TextMeasurer } from '../../model/text/measure';
import { innerTextBox } from '../../model/text/box';
import { layoutTextBlock } from '../../model/text/fit';
import type { CollageStore } from '../CollageStore';
import type { NavigationStore } from '../NavigationStore';
import { NavState } from '../navigationStates';
import type { PhotoStore } from '../PhotoStore';
import { breakpoints, viewportHeight, type Breakpoints } from './editorRules';
import { CanvasViewStore } from './CanvasViewStore';
import { PhotoEditorStore } from './PhotoEditorStore';
import { TitleEditorStore } from './TitleEditorStore';

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

export interface ContextMenuState {
  slot: string;
  /** Where it opens, in pixels from the canvas stage's top-left. */
  x: number;
  y: number;
}

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
  contextMenu: ContextMenuState | null = null;
  /**
   * Moving a photo by keyboard (the drag's twin; beyond the spec): the slot whose photo goes to
   * the next slot chosen. 'moved' and 'cancelled' say how the last move ended, for the live region.
   */
  movingSlot: string | null = null;
  moveOutcome: 'moved' | 'cancelled' | null = null;
  /** The slot the file dialog fills, or the photo editor edits. */
  targetSlot: string | null = null;
  readonly photoEditor: PhotoEditorStore;
  readonly titleEditor: TitleEditorStore;
  /** The collage's zoom and pan in the canvas. */
  readonly view = new CanvasViewStore();
  private readonly disposers: IReactionDisposer[] = [];

  constructor(private readonly services: EditorServices) {
    this.photoEditor = new PhotoEditorStore(services, () => this.targetSlot);
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
      contextMenu: observableRef,
      movingSlot: observable,
      moveOutcome: observable,
      startMove: action,
      cancelMove: action,
      targetSlot: observable,
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
      activateSlot: action,
      openContextMenu: action,
      closeContextMenu: action,
      addPhoto: action,
      replacePhoto: action,
      editPhoto: action,
      deletePhoto: action,
      clearSlot: action,
      swapSlots: action,
      placeInTarget: action,
      editTitle: action,
      requestSave: action,
      requestQuit: action,
      undo: action,
      redo: action,
      closeMenus: action,
    });
    // Loading becomes normal once the layout has layers and the slots are made for it.
    this.disposers.push(
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
    const layout = this.services.collage.layout;
    const photos = this.services.collage.slots.photos;
    if (!layout) return [];
    return layout.layers.flatMap((layer) => {
      if (layer.kind !== 'photo') return [];
      const photo = photos[layer.slot];
      return photo ? [{ slot: layer.slot, photoId: photo.id, dpi: photo.dpi }] : [];
    });
  }

  /** The summary under 'Toon fotokwaliteit'. */
  get quality(): QualitySummary {
    return qualitySummary(this.photoUses, this.showQuality);
  }

  /** A smiley per filled slot while 'Toon fotokwaliteit' is ticked. */
  get smileys(): Record<string, Smiley> {
    if (!this.showQuality) return {};
    return Object.fromEntries(this.photoUses.filter((use) => use.photoId !== '' && use.dpi !== -1).map((use) => [use.slot, smiley(use.dpi)]));
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
    const layout = this.services.collage.layout;
    if (!layout) return {};
    const texts: Record<string, { lines: string[] }> = {};
    for (const layer of layout.layers) {
      const text = layer.kind === 'photo' ? this.services.collage.slots.photos[layer.slot]?.text : undefined;
      if (layer.kind !== 'photo' || !text || text.txt.trim() === '') continue;
      const inner = innerTextBox({ widthCm: layer.width, heightCm: layer.height }, text.paddingCm);
      texts[layer.slot] = { lines: layoutTextBlock(text.txt, text, text.fontSize, inner.widthCm, this.services.measurer).lines };
    }
    return texts;
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

  /** A palette colour, or null for 'Geen achtergrondkleur' (white). */
  /**
   * Autofill: loaded photos that no slot shows go into the empty slots, the largest slots getting
   * the photos with the most pixels; says so when not all photos found a place.
   */
  autofillEmptySlots(): void {
    const unused = this.services.photos.photos
      .filter((photo) => photo.state === 'IMAGE' && photo.usedCount === 0)
      .map((photo) => ({ id: photo.localId, widthPx: photo.orgWidth, heightPx: photo.orgHeight }));
    const plan = this.services.collage.autofill(unused);
    this.autofillNotice = plan.leftOver > 0 ? 'full' : plan.placements.length === 0 ? 'nothing' : null;
  }

  chooseBackground(color: string | null): boolean {
    return this.services.collage.setBackgroundColor(color ?? WHITE);
  }

  /** A click or Enter on a photo slot: empty slots ask for a photo, filled ones show the context menu; while moving, the photo goes there. */
  activateSlot(slot: string, x: number, y: number): void {
    const photo = this.services.collage.slots.photos[slot];
    if (!photo || this.services.navigation.state !== NavState.EditorNormal) return;
    if (this.movingSlot !== null) {
      this.finishMove(slot);
      return;
    }
    if (photo.id === '') this.addPhoto(slot);
    else this.openContextMenu(slot, x, y);
  }

  openContextMenu(slot: string, x: number, y: number): void {
    this.contextMenu = { slot, x, y };
  }

  closeContextMenu(): void {
    this.contextMenu = null;
  }

  /** The file dialog for a slot (editor file state). */
  addPhoto(slot: string): void {
    this.contextMenu = null;
    this.targetSlot = slot;
    this.services.navigation.setState(NavState.EditorFile);
  }

  /** Vervang. */
  replacePhoto(): void {
    if (this.contextMenu) this.addPhoto(this.contextMenu.slot);
  }

  /** Bewerk: only once the photo has loaded (tile look 2). */
  editPhoto(): boolean {
    const menu = this.contextMenu;
    if (!menu || !this.canEdit(menu.slot)) return false;
    this.contextMenu = null;
    this.targetSlot = menu.slot;
    this.photoEditor.open();
    return true;
  }

  /** Verwijder. */
  deletePhoto(): void {
    const menu = this.contextMenu;
    if (!menu) return;
    this.contextMenu = null;
    this.services.collage.clearSlot(menu.slot);
  }

  /**
   * The canvas draws a photo larger than its web image (zoomed in): a photo with its local file is
   * made again at that size, at most 2048 px, so the preview stays sharp without holding originals.
   */
  sharpenPhoto(photoId: string, longSidePx: number): void {
    const photo = this.services.photos.byLocalId(photoId);
    if (photo) void this.services.photos.ensureResolution(photo, Math.min(SHARPEST_PREVIEW_PX, Math.ceil(longSidePx)));
  }

  /** The delete button on a filled slot: the slot is emptied (one undo step). */
  clearSlot(slot: string): boolean {
    this.contextMenu = null;
    return this.services.collage.clearSlot(slot);
  }

  /** The photo in a slot has loaded: the photo editor may open on it. */
  canEdit(slot: string): boolean {
    const id = this.services.collage.slots.photos[slot]?.id;
    return !!id && this.services.photos.byLocalId(id)?.tileLook === 2;
  }

  /** M on a filled photo slot: its photo will go to the next slot chosen (Enter or a click there). */
  startMove(slot: string): boolean {
    const photo = this.services.collage.slots.photos[slot];
    if (!photo || photo.id === '' || this.services.navigation.state !== NavState.EditorNormal) return false;
    this.contextMenu = null;
    this.movingSlot = slot;
    this.moveOutcome = null;
    return true;
  }

  /** Escape while moving. */
  cancelMove(): void {
    if (this.movingSlot === null) return;
    this.movingSlot = null;
    this.moveOutcome = 'cancelled';
  }

  private finishMove(target: string): void {
    const from = this.movingSlot!;
    this.movingSlot = null;
    if (target === from) {
      this.moveOutcome = 'cancelled';
      return;
    }
    this.swapSlots(from, target);
    this.moveOutcome = 'moved';
  }

  /** Dropping one slot's photo onto another swaps them (one undo step). */
  swapSlots(from: string, to: string): boolean {
    const swapped = this.services.collage.swapSlots(from, to);
    this.services.collage.endBurst();
    return swapped;
  }

  /** The file dialog's choice lands in the slot it was opened for. */
  placeInTarget(photoId: string): boolean {
    const slot = this.targetSlot;
    return slot !== null && this.services.collage.placePhoto(slot, photoId);
  }

  editTitle(slot: string): void {
    if (this.services.navigation.state !== NavState.EditorNormal) return;
    this.contextMenu = null;
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
    return (collage.layout?.layers.length ?? 0) > 0 && collage.slotsLayoutKey === collage.format.layoutKey;
  }

  private closeMenus(): void {
    this.contextMenu = null;
    this.colorMenuOpen = false;
    this.movingSlot = null;
  }
}
