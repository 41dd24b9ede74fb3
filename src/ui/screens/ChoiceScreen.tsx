import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { currentLocale } from '../../i18n/i18n';
import { paths } from '../../i18n/routeWords';
import { sidebarFilters } from '../../stores/catalog/catalogFilters';
import { FIRST_CARDS, templatesForFilter } from '../../model/catalog/chooserCards';
import { Spinner } from '../components/Spinner';
import { ScreenControls } from './ScreenControls';
import { CatalogLoadFailed } from './CatalogLoadFailed';
import { catalogUrl } from '../../model/catalog/catalogUrl';
import type { Template } from '../../model/catalog/types';
import { markMilestoneWhenPainted } from '../../services/userTiming';
import { prefetchAfterChooser, prefetchScreens } from '../routing/lazyScreens';
import './ChoiceScreen.css';

/** The filter sidebar's id: 'Toon filters' links to it. */
const FILTERS_ID = 'filters';

/** The sidebar's class: opened or closed by the toggle, or as drawn (null). */
function sidebarClass(open: boolean | null): string {
  if (open === null) return 'choice-screen__sidebar';
  return `choice-screen__sidebar ${open ? 'is-open' : 'is-closed'}`;
}

/** 'Kies je ontwerp': the filter sidebar and the grid of design cards. */
export const ChoiceScreen = observer(function ChoiceScreen() {
  const { t, i18n } = useTranslation();
  const root = useStores();
  const { catalog, navigation } = root;
  const { filter = '' } = useParams();
  const locale = currentLocale(i18n);
  // null: as the server drew it (closed, or opened by CSS's :target after a tap before the script).
  const [showFilters, setShowFilters] = useState<boolean | null>(null);
  useEffect(() => {
    if (window.location.hash === `#${FILTERS_ID}`) setShowFilters(true);
  }, []);
  const toggleFilters = () => {
    // The address loses the #id, so that a reload does not open them again; CSS's :target does not
    // follow replaceState, hence 'is-closed'.
    if (showFilters && window.location.hash) {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', pathname + search);
    }
    setShowFilters(!showFilters);
  };

  useEffect(() => {
    void catalog.load();
  }, [catalog]);
  useEffect(() => navigation.setFilter(filter), [navigation, filter]);
  const grid = useRef<HTMLUListElement>(null);
  const shown = catalog.isLoaded;
  useEffect(() => {
    if (!shown) return;
    markMilestoneWhenPainted('chooser-visible');
    prefetchAfterChooser(
      [...(grid.current?.querySelectorAll('img') ?? [])].slice(0, FIRST_CARDS),
      () => root.loadEditing(),
    );
  }, [shown, root]);

  if (catalog.state === 'failed')
    return <CatalogLoadFailed className="choice-screen" title={t('choice.title')} />;

  if (!catalog.isLoaded) {
    return (
      <main className="choice-screen">
        <h1>{t('choice.title')}</h1>
        <p className="choice-screen__loading" role="status">
          <Spinner /> {t('choice.loading')}
        </p>
      </main>
    );
  }

  const links = sidebarFilters(locale, catalog.templates, filter);
  const templates = templatesForFilter(catalog.templates, filter);
  return (
    <main className="choice-screen">
      <ScreenControls />
      <header className="choice-screen__header">
        <h1>{t('choice.title')}</h1>
        <p>{t('choice.hint')}</p>
      </header>
      <div className="choice-screen__body">
        {/*
          A link to the sidebar before the script runs (the server's HTML; CSS's :target opens it),
          a toggle once it does: a tap while the script is still on its way is not lost.
        */}
        <a
          href={`#${FILTERS_ID}`}
          role="button"
          className="choice-screen__toggle link-button"
          aria-controls={FILTERS_ID}
          aria-expanded={showFilters === true}
          onClick={(event) => {
            event.preventDefault();
            toggleFilters();
          }}
          onKeyDown={(event) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            toggleFilters();
          }}
        >
          {t('choice.showFilters')}
        </a>
        <nav
          id={FILTERS_ID}
          className={sidebarClass(showFilters)}
          aria-label={t('choice.filtersLabel')}
        >
          <ul>
            {links.map((link) => (
              <li key={link.value} className={link.nested ? 'is-nested' : undefined}>
                <Link
                  to={paths.choice(locale, link.value)}
                  aria-current={link.value === filter ? 'page' : undefined}
                >
                  {link.labelKey ? t(link.labelKey) : link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="choice-screen__grid" ref={grid}>
          {templates.map((template, index) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                to={paths.design(locale, template.id, template.type === 'generated')}
                first={index < FIRST_CARDS}
              />
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
});

function TemplateCard({ template, to, first }: { template: Template; to: string; first: boolean }) {
  return (
    // A finger or pointer on a card: the design screen and the editor are wanted soon.
    <Link
      className="template-card"
      to={to}
      onPointerEnter={prefetchScreens}
      onTouchStart={prefetchScreens}
      onFocus={prefetchScreens}
    >
      <img
        src={catalogUrl(template.thumbUrl)}
        alt=""
        width={template.thumbWidth || undefined}
        height={template.thumbHeight || undefined}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
      <span className="template-card__category">{template.categoryPart}</span>
      <span className="template-card__name">{template.namePart}</span>
      {(template.shortInfo || template.leftInfo) && (
        <span className="template-card__info">{template.shortInfo || template.leftInfo}</span>
      )}
    </Link>
  );
}
