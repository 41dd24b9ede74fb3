import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { setNavigator } from './navigator';

/** Tells the navigation store about every route change and keeps the page title in step with the state. */
export const RouteListener = observer(function RouteListener() {
  const location = useLocation();
  const navigate = useNavigate();
  const { navigation } = useStores();
  const { t } = useTranslation();

  useEffect(() => setNavigator(navigate), [navigate]);
  useEffect(() => navigation.routeChanged(location.pathname), [navigation, location.pathname]);

  const titleKey = navigation.pageTitleKey;
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - Fotocollage` : 'Fotocollage';
  }, [t, titleKey]);

  useEffect(() => {
    if (!navigation.leaveGuardActive) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Read at the moment of leaving: 'Stoppen zonder opslaan' stands the guard down and leaves in
      // the same click, before React has removed this listener.
      if (!navigation.leaveGuardActive) return;
      event.preventDefault();
      event.returnValue = t('leaveGuard');
      return t('leaveGuard');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [navigation.leaveGuardActive, t]);

  return null;
});
