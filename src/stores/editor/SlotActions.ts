import { action, makeObservable, observable, observableRef } from 'mobx';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import { NavState } from '../navigation/navigationStates';
import type { PhotoStore } from '../photos/PhotoStore';

export interface ContextMenuState {
  slot: string;
  /** Where it opens, in pixels from the canvas stage's top-left. */
  x: number;
  y: number;
}

interface SlotActionServices {
  collage: CollageStore;
  navigation: NavigationStore;
  photos: PhotoStore;
  /** 'Bewerk': the photo editor opens on `targetSlot`. */
  openPhotoEditor(): void;
}

/**
 * What the customer does to one photo slot of the canvas: a click or Enter (an empty slot asks for
 * a photo, a filled one opens the context menu), the menu's Vervang, Bewerk and Verwijder, the
 * delete button, a drag onto another slot, and moving a photo by keyboard. `targetSlot` is the slot
 * the file dialog fills, or the photo editor edits.
 */
export class SlotActions {
  contextMenu: ContextMenuState | null = null;
  /**
   * Moving a photo by keyboard (the drag's twin; beyond the spec): the slot whose photo goes to
   * the next slot chosen. 'moved' and 'cancelled' say how the last move ended, for the live region.
   */
  movingSlot: string | null = null;
  moveOutcome: 'moved' | 'cancelled' | null = null;
  /** The slot the file dialog fills, or the photo editor edits. */
  targetSlot: string | null = null;

  constructor(private readonly services: SlotActionServices) {
    makeObservable(this, {
      contextMenu: observableRef,
      movingSlot: observable,
      moveOutcome: observable,
      targetSlot: observable,
      activateSlot: action,
      openContextMenu: action,
      closeContextMenu: action,
      addPhoto: action,
      replacePhoto: action,
      editPhoto: action,
      deletePhoto: action,
      clearSlot: action,
      startMove: action,
      cancelMove: action,
      swapSlots: action,
      placeInTarget: action,
      closeMenus: action,
    });
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
    this.services.openPhotoEditor();
    return true;
  }

  /** Verwijder. */
  deletePhoto(): void {
    const menu = this.contextMenu;
    if (!menu) return;
    this.contextMenu = null;
    this.services.collage.clearSlot(menu.slot);
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
    if (!photo || photo.id === '' || this.services.navigation.state !== NavState.EditorNormal)
      return false;
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

  /** A dialog opened or the editor was left: the menu closes and a keyboard move ends. */
  closeMenus(): void {
    this.contextMenu = null;
    this.movingSlot = null;
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
}
