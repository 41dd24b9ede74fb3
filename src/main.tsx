import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n/i18n';
import { App } from './ui/App';
import './ui/global.css';

/** Composition root: the only place that builds services and wires them together. */
async function main(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const i18n = await createI18n(params.get('lang'), import.meta.env.VITE_LOCALE as string | undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  );
}

void main();
