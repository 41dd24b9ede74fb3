import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OVERVIEW_PATHS } from '../../i18n/routeWords';
import { currentLocale } from '../../i18n/i18n';
import { ScreenControls } from './ScreenControls';
import './ErrorScreen.css';

/**
 * The spec's error screen: what happened, and the way back through the overview page. The
 * time-stamped technical message of the error query parameter is for the log only (the global
 * error's analytics event carries it too); the customer reads the spec's text.
 */
export function ErrorScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const detail = params.get('error');
  useEffect(() => {
    if (detail) console.error('[error screen]', detail);
  }, [detail]);
  return (
    <main className="error-screen">
      <ScreenControls />
      <section className="error-screen__card">
        <h1>{t('titles.errorOccurred')}</h1>
        <p>{t('errorScreen.text')}</p>
        <p>
          <a className="button" href={OVERVIEW_PATHS[currentLocale(i18n)]}>
            {t('errorScreen.link')}
          </a>
        </p>
      </section>
    </main>
  );
}
