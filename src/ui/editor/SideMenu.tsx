import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { Spinner } from '../components/Spinner';
import { NavState } from '../../stores/navigation/navigationStates';
import { ColorMenu } from './ColorMenu';
import { CrossIcon, FloppyIcon, PaletteIcon, RedoIcon, UndoIcon } from './icons';

/**
 * The side menu (250 px): close cross, 'Opslaan / bestellen' with the floppy-disk button (a busy
 * line while saving), undo and redo, 'Toon fotokwaliteit' with its summary, and for generated
 * collages 'Wijzig achtergrondkleur'. Under 550 px it lies over the collage when opened.
 */
export const SideMenu = observer(function SideMenu() {
  const { t } = useTranslation();
  const { collage, editor, navigation } = useStores();
  const closeButton = useRef<HTMLButtonElement>(null);
  const overlay = editor.breakpoints.mobile;

  // Opened over the collage with the hamburger: focus moves in; Escape closes it again.
  useEffect(() => {
    if (!overlay) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === 'Escape' &&
        !event.defaultPrevented &&
        navigation.state === NavState.EditorNormal
      )
        editor.closeSideMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, editor, navigation]);

  const history = collage.history;
  return (
    <aside
      id="editor-side-menu"
      className={`side-menu${overlay ? ' side-menu--overlay' : ''}`}
      aria-label={t('editor.menu.label')}
    >
      <button
        ref={closeButton}
        type="button"
        className="icon-button side-menu__close"
        aria-label={t('editor.menu.close')}
        onClick={() => editor.closeSideMenu()}
      >
        <CrossIcon />
      </button>
      {navigation.saving ? (
        <p className="side-menu__busy" role="status">
          <Spinner /> {t('editor.menu.saving')}
        </p>
      ) : (
        <div className="side-menu__save">
          <button
            type="button"
            className="button side-menu__save-button"
            onClick={() => editor.requestSave()}
          >
            {t('editor.menu.saveOrder')}
          </button>
          <button
            type="button"
            className="icon-button icon-button--boxed"
            aria-label={t('editor.header.save')}
            onClick={() => editor.requestSave()}
          >
            <FloppyIcon />
          </button>
        </div>
      )}
      <div className="side-menu__history">
        <button
          type="button"
          className="tool-button"
          onClick={() => editor.undo()}
          disabled={!history.canUndo}
          aria-keyshortcuts="Control+Z"
        >
          <UndoIcon /> {t('editor.menu.undo')}
        </button>
        <button
          type="button"
          className="tool-button"
          onClick={() => editor.redo()}
          disabled={!history.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
        >
          <RedoIcon /> {t('editor.menu.redo')}
        </button>
      </div>
      <QualityPanel />
      {editor.canChangeBackground && (
        <div className="side-menu__background">
          <button
            type="button"
            className="tool-button"
            aria-expanded={editor.colorMenuOpen}
            onClick={() =>
              editor.colorMenuOpen ? editor.closeColorMenu() : editor.openColorMenu()
            }
          >
            <PaletteIcon /> {t('editor.menu.background')}
          </button>
          {editor.colorMenuOpen && (
            <ColorMenu
              className="side-menu__color-menu"
              layout="narrow"
              value={collage.backgroundColor}
              noneLabel={t('editor.color.none')}
              onChoose={(color) => editor.chooseBackground(color)}
              onClose={() => editor.closeColorMenu()}
            />
          )}
        </div>
      )}
      <div className="side-menu__autofill">
        <button type="button" className="tool-button" onClick={() => editor.autofillEmptySlots()}>
          {t('editor.menu.autofill')}
        </button>
        {editor.autofillNotice && (
          <p role="status">{t(`editor.autofill.${editor.autofillNotice}`)}</p>
        )}
      </div>
    </aside>
  );
});

const QualityPanel = observer(function QualityPanel() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const messages = editor.quality.messages;
  return (
    <div className="quality-panel">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={editor.showQuality}
          onChange={(event) => editor.setShowQuality(event.target.checked)}
        />
        <span>{t('editor.menu.showQuality')}</span>
      </label>
      <div className="quality-panel__summary" aria-live="polite" data-testid="quality-summary">
        {messages.map((message) => (
          <p
            key={message.key}
            className={
              message.key.endsWith('allGood')
                ? 'is-good'
                : message.key.endsWith('tickHint')
                  ? 'is-hint'
                  : 'is-warning'
            }
          >
            {t(message.key, message.values)}
          </p>
        ))}
      </div>
    </div>
  );
});
