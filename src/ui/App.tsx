import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { SAVE_DIALOG_STATES } from '../stores/navigation/navigationStates';
import { DraftOfferDialog } from './dialogs/DraftOfferDialog';
import { useStores } from './StoreContext';
import { currentLocale } from '../i18n/i18n';
import { ChoiceScreen } from './screens/ChoiceScreen';
import { DesignScreen, EditorScreen, ErrorScreen, SaveDialogHost } from './routing/lazyScreens';
import { RouteListener } from './routing/RouteListener';
import { paths, ROUTE_PATTERNS } from '../i18n/routeWords';

/** The router around the screens: the page's address bar, or one address on the server. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function App({ Router = BrowserRouter }: { Router?: AppRouter }) {
  return (
    <Router>
      <RouteListener />
      <Routes>
        {ROUTE_PATTERNS.choice.map((path) => (
          <Route key={path} path={path} element={<ChoiceScreen />} />
        ))}
        {[...ROUTE_PATTERNS.basic, ...ROUTE_PATTERNS.design].map((path) => (
          <Route key={path} path={path} element={<DesignScreen />} />
        ))}
        {ROUTE_PATTERNS.editor.map((path) => (
          <Route key={path} path={path} element={<EditorScreen />} />
        ))}
        {ROUTE_PATTERNS.error.map((path) => (
          <Route key={path} path={path} element={<ErrorScreen />} />
        ))}
        <Route path="*" element={<ToChoice />} />
      </Routes>
      <SaveDialogMount />
      <DraftOfferDialog />
    </Router>
  );
}

/** Empty and unknown paths go to the choice screen, in the current locale's word. */
function ToChoice() {
  const { i18n } = useTranslation();
  return <Navigate to={paths.choice(currentLocale(i18n))} replace />;
}

/** Until the editor screen mounts SaveDialogHost itself, the app shows it in the save-dialog states. */
const SaveDialogMount = observer(function SaveDialogMount() {
  const { navigation } = useStores();
  return SAVE_DIALOG_STATES.has(navigation.state) ? <SaveDialogHost /> : null;
});
