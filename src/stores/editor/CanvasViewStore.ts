import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import {
  clampView,
  FITTED,
  panBy,
  sheetPlacement,
  zoomAround,
  ZOOM_HELP_ABOVE,
  type SheetPlacement,
  type ViewBox,
  type ViewZoom,
} from './viewZoom';

/**
 * How the collage sits in the editor's canvas box: fitted, or zoomed and panned by two fingers
 * (or a trackpad pinch). The canvas component reports its box; the renderer and the slot layer
 * both place the sheet where `placement` says.
 */
export class CanvasViewStore {
  view: ViewZoom = FITTED;
  box: ViewBox = { width: 0, height: 0, sheetWidth: 0, sheetHeight: 0 };
  /** Two fingers are down: a press on a slot is not a drag or a tap. */
  gesturing = false;

  constructor() {
    makeObservable(this, {
      view: observableRef,
      box: observableRef,
      gesturing: observable,
      setGesturing: action,
      placement: computed,
      showZoomHelp: computed,
      setBox: action,
      zoomAround: action,
      panBy: action,
      reset: action,
    });
  }

  get placement(): SheetPlacement {
    return sheetPlacement(this.view, this.box);
  }

  /** The help message above zoom 1.1 (editor-core §2). */
  get showZoomHelp(): boolean {
    return this.view.zoom > ZOOM_HELP_ABOVE;
  }

  setBox(box: ViewBox): void {
    const same =
      box.width === this.box.width &&
      box.height === this.box.height &&
      box.sheetWidth === this.box.sheetWidth &&
      box.sheetHeight === this.box.sheetHeight;
    if (same) return;
    this.box = box;
    this.view = clampView(this.view, box);
  }

  zoomAround(factor: number, centre: { x: number; y: number }): void {
    this.view = zoomAround(this.view, this.box, factor, centre);
  }

  panBy(dx: number, dy: number): void {
    this.view = panBy(this.view, this.box, dx, dy);
  }

  setGesturing(gesturing: boolean): void {
    this.gesturing = gesturing;
  }

  /** Back to the fitted collage (a new layout, or 'Zoom uit'). */
  reset(): void {
    this.view = FITTED;
  }
}
