/**
 * The editor's collage zoom and pan (editor-core §2, §4): two fingers (or a trackpad pinch) zoom
 * the collage between 1 and 4 times its fitted size and move it around. Plain functions over
 * plain numbers, shared by the store and its tests.
 *
 * Coordinates are CSS pixels of the canvas box. At zoom 1 the sheet is fitted and centred; `panX`
 * and `panY` move it from its centred place. A sheet larger than the box never shows a gap at an
 * edge it could cover; a sheet smaller than the box (in one direction) stays centred there.
 */
export const VIEW_ZOOM_MIN = 1;
export const VIEW_ZOOM_MAX = 4;
/** Above this the help message shows (how to zoom back out). */
export const ZOOM_HELP_ABOVE = 1.1;

export interface ViewZoom {
  zoom: number;
  panX: number;
  panY: number;
}

export interface ViewBox {
  /** The canvas box. */
  width: number;
  height: number;
  /** The sheet fitted into the box at zoom 1. */
  sheetWidth: number;
  sheetHeight: number;
}

export interface SheetPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const FITTED: ViewZoom = { zoom: 1, panX: 0, panY: 0 };

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** How far the sheet may move from its centred place along one axis. */
function panLimit(sheet: number, zoom: number, box: number): number {
  return Math.max(0, (sheet * zoom - box) / 2);
}

/** The zoom within its range and the pan within what keeps the box covered. */
export function clampView(view: ViewZoom, box: ViewBox): ViewZoom {
  const zoom = Number.isFinite(view.zoom)
    ? clamp(view.zoom, VIEW_ZOOM_MIN, VIEW_ZOOM_MAX)
    : VIEW_ZOOM_MIN;
  const limitX = panLimit(box.sheetWidth, zoom, box.width);
  const limitY = panLimit(box.sheetHeight, zoom, box.height);
  // `+ 0` turns -0 into 0: a fitted view is exactly FITTED.
  return {
    zoom,
    panX: clamp(view.panX || 0, -limitX, limitX) + 0,
    panY: clamp(view.panY || 0, -limitY, limitY) + 0,
  };
}

export function sheetPlacement(view: ViewZoom, box: ViewBox): SheetPlacement {
  const width = box.sheetWidth * view.zoom;
  const height = box.sheetHeight * view.zoom;
  return {
    left: (box.width - width) / 2 + view.panX,
    top: (box.height - height) / 2 + view.panY,
    width,
    height,
  };
}

/** Zooms by `factor` keeping the sheet point under `centre` (box pixels) where it is, as far as the limits allow. */
export function zoomAround(
  view: ViewZoom,
  box: ViewBox,
  factor: number,
  centre: { x: number; y: number },
): ViewZoom {
  if (!(factor > 0) || box.sheetWidth <= 0 || box.sheetHeight <= 0) return clampView(view, box);
  const before = sheetPlacement(view, box);
  const u = (centre.x - before.left) / before.width;
  const v = (centre.y - before.top) / before.height;
  const zoom = clamp(view.zoom * factor, VIEW_ZOOM_MIN, VIEW_ZOOM_MAX);
  const width = box.sheetWidth * zoom;
  const height = box.sheetHeight * zoom;
  const left = centre.x - u * width;
  const top = centre.y - v * height;
  return clampView(
    { zoom, panX: left - (box.width - width) / 2, panY: top - (box.height - height) / 2 },
    box,
  );
}

export function panBy(view: ViewZoom, box: ViewBox, dx: number, dy: number): ViewZoom {
  return clampView({ zoom: view.zoom, panX: view.panX + dx, panY: view.panY + dy }, box);
}
