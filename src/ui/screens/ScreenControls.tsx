import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLocale } from '../../i18n/i18n';
import { paths, SHOP_BACK_PATHS } from '../../i18n/routeWords';
import { NavState } from '../../stores/navigation/navigationStates';
import { useStores } from '../StoreContext';
import { BackIcon, CrossIcon } from '../editor/icons';
import './ScreenControls.css';

/**
 * The spec's back and close actions outside the editor. Back: from the design list out to the shop,
 * from the format screen to the design list with the current filter (the error screen has none).
 * Close: out to the shop's per-locale address (what the navigation store's quit does there).
 *
 * Links, not buttons: they only go somewhere, and the chooser comes drawn by the server, where a
 * button would do nothing until the page's script has run.
 */
export const ScreenControls = observer(function ScreenControls() {
  const { t, i18n } = useTranslation();
  const { navigation } = useStores();
  const locale = currentLocale(i18n);
  const state = navigation.state;
  const shop = SHOP_BACK_PATHS[locale];
  return (
    <div className="screen-controls">
      {state === NavState.TemplateList && (
        <a
          href={shop}
          className="icon-button screen-controls__back"
          aria-label={t('screens.backToShop')}
          title={t('screens.backToShop')}
        >
          <BackIcon />
        </a>
      )}
      {state === NavState.Template && (
        <Link
          to={paths.choice(locale, navigation.filter)}
          className="icon-button screen-controls__back"
          aria-label={t('screens.backToChoice')}
          title={t('screens.backToChoice')}
        >
          <BackIcon />
        </Link>
      )}
      <a
        href={shop}
        className="icon-button screen-controls__close"
        aria-label={t('screens.close')}
        title={t('screens.close')}
      >
        <CrossIcon />
      </a>
    </div>
  );
});
