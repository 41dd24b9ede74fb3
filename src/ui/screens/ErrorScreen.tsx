import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OVERVIEW_PATHS } from '../../i18n/routeWords';
import { currentLocale } from '../../i18n/i18n';

/** The spec's error screen: what happened, and the way back through the overview page. */
export function ErrorScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const detail = params.get('error');
  return (
    <main className="error-screen">
      <h1>{t('titles.errorOccurred')}</h1>
      <p>{t('errorScreen.text')}</p>
      <p>
        <a href={OVERVIEW_PATHS[currentLocale(i18n)]}>{t('errorScreen.link')}</a>
      </p>
      {detail && <p className="error-screen__detail">{detail}</p>}
    </main>
  );
}
