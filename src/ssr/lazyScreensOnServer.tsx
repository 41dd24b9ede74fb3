/**
 * What src/ui/routing/lazyScreens.tsx is in the chooser's server build (vite.config.ts swaps it in):
 * the server draws only the chooser, so the later screens' chunks (the editor, CanvasKit's loader,
 * the fonts) are neither built for Node nor loaded there. Same names, drawing nothing.
 */
export const DesignScreen = () => null;
export const EditorScreen = () => null;
export const ErrorScreen = () => null;
export const SaveDialogHost = () => null;
export const prefetchScreens = (): void => undefined;
export const prefetchAfterChooser = (): void => undefined;
