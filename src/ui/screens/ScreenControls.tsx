import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../StoreContext';
import { BackIcon, CrossIcon } from '../editor/icons';
import './ScreenControls.css';

/**
 * The spec's back and close actions outside the editor. Back: from the design list out to the shop,
 * from the format screen to the design list with the current filter (the error screen has none).
 * Close: out to the shop's per-locale address. The navigation store says where each leads
 * (screenBack, shopBack), as it does for its own back and quit.
 *
 * Links, not buttons: they only go somewhere, and the chooser comes drawn by the server, where a
 * button would do nothing until the page's script has run.
 */
export const ScreenControls = observer(function ScreenControls() {
  const { t } = useTranslation();
  const { navigation } = useStores();
  const back = navigation.screenBack;
  const backLabel = back?.leaves ? t('screens.backToShop') : t('screens.backToChoice');
  return (
    <div className="screen-controls">
      {back?.leaves && (
        <a
          href={back.path}
          className="icon-button screen-controls__back"
          aria-label={backLabel}
          title={backLabel}
        >
          <BackIcon />
        </a>
      )}
      {back && !back.leaves && (
        <Link
          to={back.path}
          className="icon-button screen-controls__back"
          aria-label={backLabel}
          title={backLabel}
        >
          <BackIcon />
        </Link>
      )}
      <a
        href={navigation.shopBack}
        className="icon-button screen-controls__close"
        aria-label={t('screens.close')}
        title={t('screens.close')}
      >
        <CrossIcon />
      </a>
    </div>
  );
});
