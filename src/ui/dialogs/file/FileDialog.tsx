import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useStores } from '../../StoreContext';
import type { Photo } from '../../../stores/photos/Photo';
import { ComputerTab } from './ComputerTab';
import { QuotesTab } from './QuotesTab';
import { SocialTab } from './SocialTab';
import { useDebounced } from './hooks';
import { CLICK_DEBOUNCE_MS } from './tileRules';
import './FileDialog.css';

export interface FileDialogProps {
  /** The chosen photo (a slot fills with it); called before onClose. */
  onSelect(photo: Photo): void;
  onClose(): void;
  /** The spec's PNG setting: lets the file input offer PNG files too. */
  allowPng?: boolean;
}

type TabId = 'computer' | 'quotes' | 'social';
const TABS: readonly TabId[] = ['computer', 'quotes', 'social'];

/**
 * 'Kies een foto': the own-computer tab, the quotes tab ('Spreuken') and the social tab (disabled,
 * 'Komt binnenkort', while the shop has no social service configured). Selecting closes the dialog
 * when the photo is loading, has an image, or was just added; several files are only added.
 */
export const FileDialog = observer(function FileDialog({
  onSelect,
  onClose,
  allowPng = false,
}: FileDialogProps) {
  const { t } = useTranslation();
  const { analytics, social } = useStores();
  useEffect(() => void social.loadInfo(), [social]);
  const socialOff = !social.enabled;
  const [tab, setTabState] = useState<TabId>('computer');
  // The spec's file tab switch event.
  const setTab = (next: TabId) => {
    if (next === tab) return;
    analytics.event({ category: 'file', action: 'tab', label: next });
    setTabState(next);
  };
  const [full, setFull] = useState(false);
  const baseId = useId();

  const choose = useCallback(
    (photo: Photo) => {
      if (photo.state === 'ERROR') return;
      onSelect(photo);
      onClose();
    },
    [onSelect, onClose],
  );
  // Tile clicks wait 200 ms for a second click: a double click selects once.
  const chooseDebounced = useDebounced(choose, CLICK_DEBOUNCE_MS);

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrow keys move between the enabled tabs (WAI-ARIA tabs pattern, automatic activation).
    const enabled = TABS.filter((id) => id !== 'social' || !socialOff);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = enabled[(enabled.indexOf(tab) + step + enabled.length) % enabled.length]!;
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <Dialog
      title={t('fileDialog.title')}
      closeLabel={t('fileDialog.close')}
      onClose={onClose}
      className="file-dialog"
    >
      <div
        role="tablist"
        aria-label={t('fileDialog.title')}
        className="file-dialog__tabs"
        onKeyDown={onTabKey}
      >
        {TABS.map((id) => (
          <button
            key={id}
            id={`${baseId}-tab-${id}`}
            type="button"
            role="tab"
            className="file-dialog__tab"
            aria-selected={tab === id}
            aria-controls={`${baseId}-panel`}
            aria-disabled={(id === 'social' && socialOff) || undefined}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => (id !== 'social' || !socialOff) && setTab(id)}
          >
            {t(`fileDialog.tabs.${id}`)}
            {id === 'social' && socialOff && (
              <span className="file-dialog__later">{t('fileDialog.socialLater')}</span>
            )}
          </button>
        ))}
      </div>
      {full && (
        <p role="alert" className="file-dialog__full">
          {t('fileDialog.full')}
        </p>
      )}
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="file-dialog__panel"
      >
        {tab === 'computer' && (
          <ComputerTab
            allowPng={allowPng}
            onChosen={choose}
            onSelect={chooseDebounced}
            onFull={() => setFull(true)}
          />
        )}
        {tab === 'quotes' && <QuotesTab onSelect={chooseDebounced} onFull={() => setFull(true)} />}
        {tab === 'social' && !socialOff && (
          <SocialTab onSelect={choose} onFull={() => setFull(true)} />
        )}
      </div>
    </Dialog>
  );
});
