import { lazy, Suspense, use, type ReactNode } from 'react';
import { useStores } from '../StoreContext';
import { imageSettled } from '../../services/imageSettled';
import { compileCanvasKit } from '../../render/canvaskitModule';

/**
 * The screens after the chooser, each a chunk of its own (issue 13: the chooser gets at most 150 kB
 * of script on a phone). The loaders are kept apart from React.lazy so that the chooser can fetch
 * them at idle once it has painted, and a design card on hover or touch (prefetchScreens): the
 * browser keeps a module once imported, so the click later finds it ready.
 *
 * The screens suspend up to the boundary around the whole app (main.tsx): the router navigates in
 * a transition, so the screen shown stays until the next one has loaded.
 */
const loadDesign = () => import('../screens/DesignScreen');
type SaveDialogModule = typeof import('../dialogs/save/SaveDialogHost');
/** The save dialog's module once loaded: from then on it opens at once, with no Suspense between. */
let saveDialogModule: SaveDialogModule | undefined;
const loadSaveDialog = () =>
  import('../dialogs/save/SaveDialogHost').then((module) => (saveDialogModule = module));
/**
 * The editor comes with its save dialog: the dialog must open when the customer saves even if the
 * network has gone by then (the save itself waits and retries), and a fake clock in a test must not
 * hold it back behind React's Suspense timers.
 */
const loadEditor = () =>
  Promise.all([import('../screens/EditorScreen'), loadSaveDialog()]).then(([editor]) => editor);
const loadError = () => import('../screens/ErrorScreen');

const LazyDesignScreen = lazy(async () => ({ default: (await loadDesign()).DesignScreen }));
const LazyEditorScreen = lazy(async () => ({ default: (await loadEditor()).EditorScreen }));

/**
 * The design screen and the editor work with the editor's stores (RootStore.loadEditing, usually
 * built at idle on the chooser): until they are built, the screen suspends like its chunk does.
 */
function WithEditing({ children }: { children: ReactNode }) {
  const root = useStores();
  if (!root.editing) use(root.loadEditing());
  return children;
}

export function DesignScreen() {
  return (
    <WithEditing>
      <LazyDesignScreen />
    </WithEditing>
  );
}

export function EditorScreen() {
  return (
    <WithEditing>
      <LazyEditorScreen />
    </WithEditing>
  );
}
export const ErrorScreen = lazy(async () => ({ default: (await loadError()).ErrorScreen }));

const LazySaveDialogHost = lazy(async () => ({ default: (await loadSaveDialog()).SaveDialogHost }));

/**
 * Opened by the save store (so the editor's stores are built), not in a transition. Loaded with the editor, it renders at once; before that
 * (a reopened collage's sign-in, say) it has its own boundary, so the page never blanks while it loads.
 */
export function SaveDialogHost() {
  if (saveDialogModule) return <saveDialogModule.SaveDialogHost />;
  return (
    <Suspense fallback={null}>
      <LazySaveDialogHost />
    </Suspense>
  );
}

/** Swallowed: a failed prefetch (offline) is tried again, and then reported, when the screen is shown. */
const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/** The design screen and the editor (with its save dialog): where the customer goes from the chooser. */
export function prefetchScreens(): void {
  quietly(loadDesign);
  quietly(loadEditor);
}

/** The next idle moment of the page (a timer where the browser has no idle callbacks). */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve, 100),
  );

/**
 * Once the chooser's first thumbnails (its largest paint) have loaded: CanvasKit and the fonts
 * fetched and compiled, then the editor's stores and the next screens' chunks, so that a design's
 * preview and 'Ga aan de slag' find them ready (issue 13, item 4). One step per idle moment, each
 * after the one before: the thumbnails' frame is drawn first, and running the chunks never takes
 * one long task that would hold back a tap on a card.
 */
export function prefetchAfterChooser(
  firstImages: HTMLImageElement[],
  loadEditing: () => Promise<unknown>,
): void {
  // CanvasKit first: its 2.6 MB take longest on a phone's line, and its worker compiles them off
  // the main thread (the chunks' own steps do run on it). The wasm's worker is started from here,
  // beside the renderer's chunk rather than after it (canvaskitModule.ts says why); the renderer's
  // loader and the fonts are left out of the chooser's script.
  const steps = [
    () => {
      void compileCanvasKit().catch(() => undefined);
      return import('../../render/browserRenderer').then(({ preloadBrowserRenderer }) =>
        preloadBrowserRenderer(),
      );
    },
    loadEditing,
    loadDesign,
    loadEditor,
  ];
  void Promise.all(firstImages.map(imageSettled)).then(async () => {
    for (const step of steps) {
      await idle();
      await step().catch(() => undefined);
    }
  });
}
