import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { NavState } from '../../stores/navigation/navigationStates';
import { useStores } from '../StoreContext';
import { BackIcon, CrossIcon } from '../editor/icons';
import './ScreenControls.css';

/**
 * The spec's back and close actions outside the editor. Back: from the design list out to the shop,
 * from the format screen to the design list with the current filter (the error screen has none).
 * Close: out to the shop's per-locale address (the navigation store's quit).
 */
export const ScreenControls = observer(function ScreenControls() {
  const { t } = useTranslation();
  const { navigation } = useStores();
  const state = navigation.state;
  const backLabel =
    state === NavState.TemplateList
      ? t('screens.backToShop')
      : state === NavState.Template
        ? t('screens.backToChoice')
        : null;
  return (
    <div className="screen-controls">
      {backLabel && (
        <button
          type="button"
          className="icon-button screen-controls__back"
          aria-label={backLabel}
          title={backLabel}
          onClick={() => navigation.back(null)}
        >
          <BackIcon />
        </button>
      )}
      <button
        type="button"
        className="icon-button screen-controls__close"
        aria-label={t('screens.close')}
        title={t('screens.close')}
        onClick={() => navigation.quit()}
      >
        <CrossIcon />
      </button>
    </div>
  );
});
