import { useTranslation } from 'react-i18next';
import { useStores } from '../StoreContext';
import { currentLocale } from '../../i18n/i18n';
import { SHOP_BACK_PATHS } from '../../i18n/routeWords';
import { ScreenControls } from './ScreenControls';

/**
 * The design list and the design screen when the catalogue could not be loaded: 'De ontwerpen
 * konden niet worden geladen.', 'Probeer opnieuw', and the spec's way out of them to the shop's
 * per-locale back address (the close cross, and the same as a link), so the page is no dead end.
 */
export function CatalogLoadFailed({ className, title }: { className: string; title?: string }) {
  const { t, i18n } = useTranslation();
  const { catalog } = useStores();
  return (
    <main className={className}>
      <ScreenControls />
      {title && <h1>{title}</h1>}
      <p role="alert">{t('choice.loadFailed')}</p>
      <p className="catalog-failed__actions">
        <button type="button" className="button" onClick={() => void catalog.load()}>
          {t('choice.retry')}
        </button>
        <a className="catalog-failed__back" href={SHOP_BACK_PATHS[currentLocale(i18n)]}>
          {t('screens.backToShop')}
        </a>
      </p>
    </main>
  );
}
