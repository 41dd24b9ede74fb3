/**
 * The editor screen's plain rules (editor-core §2, §9; templates-photos-text §2, §9): breakpoints,
 * the viewport height, the shortened template name, what the edit route shows, and when a pointer
 * move becomes a drag. No MobX, no DOM: the stores and the components share them, tests need nothing.
 */

/** Mobile mode of the scrambled editor. */
export const NARROW_WIDTH = 400;
/** Mobile and half mode: the side menu hides, the viewport loses 136 px instead of 70. */
export const MOBILE_WIDTH = 550;
export const TABLET_WIDTH = 830;
export const SIDE_MENU_WIDTH = 250;

export interface Breakpoints {
  narrow: boolean;
  mobile: boolean;
  tablet: boolean;
}

export function breakpoints(windowWidth: number): Breakpoints {
  return {
    narrow: windowWidth < NARROW_WIDTH,
    mobile: windowWidth < MOBILE_WIDTH,
    tablet: windowWidth < TABLET_WIDTH,
  };
}

/** The editor viewport: window height minus 136 under 550 px wide, else minus 70 (never negative). */
export function viewportHeight(windowWidth: number, windowHeight: number): number {
  return Math.max(0, windowHeight - (windowWidth < MOBILE_WIDTH ? 136 : 70));
}

export const NAME_MAX = 14;
export const NAME_KEPT = 11;

/** The template name in the header: at most 14 characters, else the first 11 and '...'. */
export function shortTemplateName(name: string): string {
  const characters = [...name];
  return characters.length > NAME_MAX ? `${characters.slice(0, NAME_KEPT).join('')}...` : name;
}

export type EditorRoute = 'show' | 'designList' | 'error';

/**
 * The edit route: without a current template the design list; with a saved collage id that is
 * not the active collage's, the error screen; otherwise the editor.
 */
export function editorRoute(
  hasTemplate: boolean,
  savedIdInRoute: string | undefined,
  activeSavedId: string | null,
): EditorRoute {
  if (!hasTemplate) return 'designList';
  if (savedIdInRoute !== undefined && savedIdInRoute !== '' && savedIdInRoute !== activeSavedId)
    return 'error';
  return 'show';
}

/** Moves under 300 ms and under 15 px from the start are ignored (editor-core §4 "Dragging"). */
export const DRAG_MIN_MS = 300;
export const DRAG_MIN_PX = 15;

export function isDragMove(elapsedMs: number, dx: number, dy: number): boolean {
  return elapsedMs >= DRAG_MIN_MS || Math.hypot(dx, dy) >= DRAG_MIN_PX;
}

/** The delete button on a filled photo slot (templates-photos-text §4): 20 px, 5 px from the edges. */
export const DELETE_BUTTON_PX = 20;
export const DELETE_BUTTON_MARGIN_PX = 5;

/**
 * Whether a slot is large enough for its delete button: the button and its margins fit twice in
 * both directions, so it never covers most of a small slot (the spec says only "large enough").
 */
export function deleteButtonFits(widthPx: number, heightPx: number): boolean {
  const room = 2 * (DELETE_BUTTON_PX + DELETE_BUTTON_MARGIN_PX);
  return widthPx >= room && heightPx >= room;
}
