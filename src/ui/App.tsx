import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';
import { ChoiceScreen } from './screens/ChoiceScreen';
import { EditorScreen } from './screens/EditorScreen';
import { ErrorScreen } from './screens/ErrorScreen';
import { DesignScreen } from './screens/DesignScreen';
import { RouteListener } from './routing/RouteListener';
import { paths, ROUTE_PATTERNS } from './routing/routeWords';

export function App() {
  return (
    <BrowserRouter>
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
    </BrowserRouter>
  );
}

/** Empty and unknown paths go to the choice screen, in the current locale's word. */
function ToChoice() {
  const { i18n } = useTranslation();
  return <Navigate to={paths.choice(currentLocale(i18n))} replace />;
}
