import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { currentLocale } from '../../i18n/i18n';
import { paths } from '../../i18n/routeWords';
import { NavState } from '../../stores/navigation/navigationStates';
import { editorRoute } from '../../stores/editor/editorRules';
import { Spinner } from '../components/Spinner';
import { EditorHeader } from '../editor/EditorHeader';
import { SideMenu } from '../editor/SideMenu';
import { CollageCanvas } from '../editor/CollageCanvas';
import { PhotoContextMenu } from '../editor/PhotoContextMenu';
import { PhotoEditorDialog } from '../dialogs/PhotoEditorDialog';
import { TitleDialog } from '../dialogs/TitleDialog';
import { FileDialogHost } from '../dialogs/FileDialogHost';
import './EditorScreen.css';

/**
 * The editor on the edit routes (edit, editer, modifica, editar, optional saved collage id):
 * without a current template the design list, with a saved id that is not the active collage's
 * the error screen, else the header, the side menu, the collage and the dialog of the state.
 */
export const EditorScreen = observer(function EditorScreen() {
  const { t, i18n } = useTranslation();
  const { collage, navigation, reopen } = useStores();
  const { savedCollageId } = useParams();
  // While a saved collage is being reopened (or waits for sign-in) the route belongs to it; on the
  // first render of edit/{id} the reopen has not started yet, and must not be sent to the design list.
  const reopenPending = Boolean(savedCollageId) && !collage.hasDesign && reopen.status === 'idle';
  const holding = reopen.holdsEditorRoute || reopenPending;
  const route = holding ? 'show' : editorRoute(collage.hasDesign, savedCollageId, collage.savedId);

  useEffect(() => {
    if (route === 'error')
      navigation.fail(`Collage ${savedCollageId ?? ''} is not the collage being edited`);
  }, [route, navigation, savedCollageId]);

  // A failed reopen has sent the customer to the error screen: do not race it to the design list.
  if (savedCollageId && reopen.status === 'failed') return null;
  if (route === 'designList')
    return <Navigate to={paths.choice(currentLocale(i18n), navigation.filter)} replace />;
  if (route === 'error') return null;
  if (holding && !collage.hasDesign) {
    return (
      <main className="editor-reopening" role="status">
        <Spinner /> {t('editor.loading')}
      </main>
    );
  }
  return <Editor />;
});

const Editor = observer(function Editor() {
  const { t } = useTranslation();
  const { editor, navigation } = useStores();
  const [stage, setStage] = useState<HTMLElement | null>(null);
  useWindowSize();
  useUndoKeys();
  const state = navigation.state;
  return (
    <div
      className={`editor${editor.breakpoints.mobile ? ' editor--mobile' : ''}${editor.breakpoints.narrow ? ' editor--narrow' : ''}`}
      data-nav-state={state}
      style={{ ['--editor-viewport' as string]: `${editor.viewportHeight}px` }}
    >
      <EditorHeader />
      <div className="editor__body">
        {editor.sideMenuVisible && <SideMenu />}
        <main className="editor__stage" ref={setStage} aria-busy={editor.isLoading}>
          {editor.isLoading ? (
            <p className="editor__loading" role="status">
              <Spinner /> {t('editor.loading')}
            </p>
          ) : (
            <>
              <CollageCanvas stage={stage} />
              <p className="editor__hint">
                {t(editor.touch ? 'editor.hints.touch' : 'editor.hints.drag')}
              </p>
              <PhotoContextMenu stage={stage} />
            </>
          )}
        </main>
      </div>
      {state === NavState.EditorEdit && <PhotoEditorDialog />}
      {state === NavState.EditorTitleEdit && <TitleDialog />}
      {state === NavState.EditorFile && <FileDialogHost />}
    </div>
  );
});

/** The window's size and whether it is a touch device, for the breakpoints and the viewport height. */
function useWindowSize(): void {
  const { editor } = useStores();
  useEffect(() => {
    // The layout viewport (no scrollbars; on phones it does not grow with the page as innerHeight can).
    const update = () =>
      editor.setWindow(document.documentElement.clientWidth, document.documentElement.clientHeight);
    const touch = window.matchMedia('(pointer: coarse)');
    const updateTouch = () => editor.setTouch(touch.matches);
    update();
    updateTouch();
    window.addEventListener('resize', update);
    touch.addEventListener('change', updateTouch);
    return () => {
      window.removeEventListener('resize', update);
      touch.removeEventListener('change', updateTouch);
    };
  }, [editor]);
}

/** Ctrl+Z undoes, Ctrl+Shift+Z (and Ctrl+Y) redoes; typing fields keep their own undo. */
function useUndoKeys(): void {
  const { editor } = useStores();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      const undo = key === 'z' && !event.shiftKey;
      if (!undo && !redo) return;
      event.preventDefault();
      if (redo) editor.redo();
      else editor.undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editor]);
}
