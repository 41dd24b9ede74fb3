/** The spec's navigation states 0 to 11, in its order. */
export const NavState = {
  TemplateList: 0,
  Template: 1,
  EditorNormal: 2,
  EditorEdit: 3,
  EditorFile: 4,
  EditorSave: 5,
  EditorWantToQuit: 6,
  EditorOrder: 7,
  EditorLoading: 8,
  EditorError: 9,
  EditorLoginForCollage: 10,
  EditorTitleEdit: 11,
} as const;
export type NavState = (typeof NavState)[keyof typeof NavState];

/** States whose dialog has a close action (the spec: order, save, want-to-quit, file, edit, title-edit). */
export const CLOSABLE_STATES: ReadonlySet<NavState> = new Set([
  NavState.EditorOrder,
  NavState.EditorSave,
  NavState.EditorWantToQuit,
  NavState.EditorFile,
  NavState.EditorEdit,
  NavState.EditorTitleEdit,
]);

/** States that leave the app to the shop on quit. */
export const LEAVING_STATES: ReadonlySet<NavState> = new Set([
  NavState.Template,
  NavState.TemplateList,
  NavState.EditorError,
]);

/** Page title key per state; loading has none. */
export const PAGE_TITLE_KEYS: Partial<Record<NavState, string>> = {
  [NavState.TemplateList]: 'titles.chooseDesign',
  [NavState.Template]: 'titles.chooseDesign',
  [NavState.EditorNormal]: 'titles.fillCollage',
  [NavState.EditorEdit]: 'titles.editPhoto',
  [NavState.EditorFile]: 'titles.choosePhoto',
  [NavState.EditorError]: 'titles.errorOccurred',
};

/** Page views are reported for these states, under these names. */
export const PAGE_VIEW_NAMES: Partial<Record<NavState, string>> = {
  [NavState.EditorNormal]: '/editor',
  [NavState.EditorEdit]: '/editor/edit',
  [NavState.EditorFile]: '/editor/file',
  [NavState.EditorWantToQuit]: '/editor/want-to-quit',
  [NavState.EditorOrder]: '/editor/order',
  [NavState.EditorSave]: '/editor/save',
  [NavState.EditorError]: '/editor/error',
};

/** The editor proper: loading, normal and its dialogs (not the outer screens, not the error screen). */
export function isEditorState(state: NavState): boolean {
  return state >= NavState.EditorNormal && state !== NavState.EditorError;
}

/** The navigation states in which the save dialog is shown. */
export const SAVE_DIALOG_STATES: ReadonlySet<NavState> = new Set([
  NavState.EditorSave,
  NavState.EditorWantToQuit,
  NavState.EditorOrder,
  NavState.EditorLoginForCollage,
]);
