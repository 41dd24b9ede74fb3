import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { App, type AppRouter } from './App';
import { StoreContext } from './StoreContext';
import { CanvasServicesContext, type CanvasServices } from './canvas/CanvasServices';
import type { RootStore } from '../stores/RootStore';

export interface AppShellProps {
  i18n: i18n;
  store: RootStore;
  /** The canvases' services once the editor's part is built (null until then, and on the server). */
  canvasServices: () => CanvasServices | null;
  /** BrowserRouter in the page; StaticRouter on the server (src/ssr/renderChooser.tsx). */
  Router?: AppRouter;
}

/**
 * The page's whole tree, one definition for the page (src/main.tsx) and the chooser's server
 * rendering (src/ssr): hydration matches the server's HTML only when both render the same tree.
 */
export function AppShell({ i18n, store, canvasServices, Router }: AppShellProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StoreContext.Provider value={store}>
          <CanvasServicesOfEditing store={store} canvasServices={canvasServices}>
            {/* The screens after the chooser are chunks of their own (src/ui/routing/lazyScreens.tsx). */}
            <Suspense fallback={null}>
              <App Router={Router} />
            </Suspense>
          </CanvasServicesOfEditing>
        </StoreContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}

/** The canvases' services once the editor's part is built: the canvases show only from then on. */
const CanvasServicesOfEditing: ComponentType<{
  store: RootStore;
  canvasServices: () => CanvasServices | null;
  children: ReactNode;
}> = observer(function CanvasServicesOfEditing({ store, canvasServices, children }) {
  return (
    <CanvasServicesContext.Provider value={store.editing ? canvasServices() : null}>
      {children}
    </CanvasServicesContext.Provider>
  );
});
