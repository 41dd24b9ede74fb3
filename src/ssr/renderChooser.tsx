/**
 * The chooser drawn on the server (issue 27 item 1): React's own server rendering of the page's
 * whole tree (src/ui/AppShell.tsx) at the chooser's address, with the stores the page builds and the
 * themes list the page fetches, so that the page's hydrateRoot (src/main.tsx) finds exactly what it
 * would have drawn. Built for Node by vite.config.ts into the build's `.ssr/` folder, which the
 * server loads (server/catalog/chooserPage.ts) and never serves. The server caches what this draws
 * per catalogue version, locale and filter: it runs only when one of them is new.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { enableStaticRendering } from 'mobx-react-lite';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { AppShell } from '../ui/AppShell';
import { RootStore } from '../stores/RootStore';
import { createI18n, DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/i18n';
import { chooseLocale } from '../i18n/localePaths';
import { localePaths, rememberedLocale, requestedLocale } from '../i18n/routeWords';
import { loadTemplates } from '../api/catalogLoader';
import type { ApiClient } from '../api/client';

// No reactions on the server: observers render once and subscribe to nothing.
enableStaticRendering(true);

const deployed = import.meta.env.VITE_LOCALE as string | undefined;
const localeSettings = {
  production: import.meta.env.PROD,
  forceDutchOutsideProduction: import.meta.env.VITE_FORCE_DUTCH !== 'false',
};

/** The locale the page at this address shows, as src/main.tsx decides it. */
export function chooserLocale(page: {
  pathname: string;
  lang: string | null;
  cookie: string;
}): Locale {
  const requested = requestedLocale({
    pathname: page.pathname,
    lang: page.lang,
    remembered: rememberedLocale(page.cookie),
    deployed: isLocale(deployed) ? deployed : DEFAULT_LOCALE,
  });
  return chooseLocale(requested, deployed, localeSettings);
}

const translations = new Map<Locale, Promise<i18n>>();
/** One i18next instance per locale, kept: the texts are the build's own. */
function i18nFor(locale: Locale): Promise<i18n> {
  let instance = translations.get(locale);
  if (!instance) {
    instance = createI18n(locale, deployed, {
      production: true,
      forceDutchOutsideProduction: false,
    });
    translations.set(locale, instance);
  }
  return instance;
}

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

const notOnTheServer = () => Promise.reject(new Error('not on the server'));

/** The stores the page builds (src/main.tsx), with the themes list given and nothing else reachable. */
function storeFor(locale: Locale, themesXml: string): RootStore {
  const fromXml = (async () => new Response(themesXml)) as unknown as typeof fetch;
  return new RootStore({
    analytics: { pageView: () => undefined, event: () => undefined },
    api: {
      alive: notOnTheServer,
      isAuthenticated: notOnTheServer,
      register: notOnTheServer,
      readServerFile: notOnTheServer,
    } as unknown as Pick<ApiClient, 'alive' | 'isAuthenticated' | 'register' | 'readServerFile'>,
    catalog: {
      loadTemplates: () => loadTemplates(locale, fromXml),
      reportError: (message) => {
        throw new Error(message);
      },
    },
    navigation: {
      navigate: () => undefined,
      leaveTo: () => undefined,
      paths: localePaths(locale),
      now: () => new Date(),
    },
    loadEditing: notOnTheServer,
  });
}

export interface RenderedChooser {
  /** What goes into the page's #root. */
  html: string;
  /** What goes into the page's head: React's preloads of the first cards' images. */
  head: string;
  /** The templates drawn, as JSON: the page's catalog starts from them (src/main.tsx). */
  templates: string;
  /** The page's title, as the page's route listener writes it. */
  title: string;
}

/**
 * The chooser at `url` (path and query, e.g. /keuze/basic) in `locale`, drawn from `themesXml`: the
 * themes list as /catalog/themes.xml?lang=<locale> answers it. Throws when the list does not parse.
 */
export async function renderChooser(
  url: string,
  locale: Locale,
  themesXml: string,
): Promise<RenderedChooser> {
  const [i18n, store] = [await i18nFor(locale), storeFor(locale, themesXml)];
  await store.catalog.load();
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const drawn = renderToString(
    <AppShell i18n={i18n} store={store} canvasServices={() => null} Router={Router} />,
  );
  // React names the eager, high-priority images (the first cards) in preloads ahead of the tree; in
  // a page drawn into a #root they belong in the head, where hydration does not look for them.
  const head = LEADING_PRELOADS.exec(drawn)?.[0] ?? '';
  const titleKey = store.navigation.pageTitleKey;
  return {
    html: drawn.slice(head.length),
    head,
    templates: JSON.stringify(store.catalog.templates),
    title: titleKey ? `${i18n.t(titleKey)} - Fotocollage` : 'Fotocollage',
  };
}
