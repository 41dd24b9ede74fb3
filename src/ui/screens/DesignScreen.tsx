import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { currentLocale } from '../../i18n/i18n';
import { paths } from '../../i18n/routeWords';
import { CatalogLoadFailed } from './CatalogLoadFailed';
import { Spinner } from '../components/Spinner';
import { ScreenControls } from './ScreenControls';
import { LayoutPreview } from '../components/LayoutPreview';
import { catalogUrl } from '../../model/catalog/catalogUrl';
import { GeneratorControls } from '../design/GeneratorControls';
import { MaterialList, OrientationChoice, SizeList } from '../design/FormatChoices';
import { FormatModal } from '../design/FormatModal';
import { DesignNotes } from '../design/DesignNotes';
import { formatPrice } from '../design/controlDisplay';
import type { DesignStore } from '../../stores/design/DesignStore';
import type { Layout } from '../../model/layout/types';
import { FittedCollage } from '../canvas/FittedCollage';
import { editorScene } from '../canvas/editorScene';
import { emptySlotData } from '../../model/layout/slotData';
import { holdRendererStart } from '../../render/rendererHold';
import { milestoneReached } from '../../services/userTiming';
import './DesignScreen.css';

/**
 * The design screen: 'Kies je formaat' for static designs, 'Pas je ontwerp aan' for generated
 * ones. The customer picks orientation, size, material and (generated) the layout controls on a
 * draft; the primary button stores it on the collage and opens the editor.
 */
export const DesignScreen = observer(function DesignScreen() {
  const { t, i18n } = useTranslation();
  const { catalog, design, navigation } = useStores();
  const { id = '', style } = useParams();
  const navigate = useNavigate();
  const locale = currentLocale(i18n);

  useEffect(() => {
    void catalog.load();
  }, [catalog]);
  useEffect(() => {
    if (catalog.isLoaded) design.open(id, style);
  }, [catalog.isLoaded, design, id, style]);

  const draft = design.draft;
  const shown = design.state === 'shown' && draft.template?.id === id;
  const title = shown ? t(draft.isGenerated ? 'design.titleAdjust' : 'design.titleFormat') : '';
  // The page title follows the route (navigation.pageTitleKey): one writer, never overwritten.

  if (catalog.state === 'failed') return <CatalogLoadFailed className="design-screen" />;
  if (!catalog.isLoaded || (!shown && design.state !== 'notFound')) {
    return (
      <main className="design-screen">
        <p className="design-screen__loading" role="status">
          <Spinner /> {t('choice.loading')}
        </p>
      </main>
    );
  }
  if (!shown) {
    return (
      <main className="design-screen">
        <ScreenControls />
        <p role="alert">{t('design.notFound')}</p>
        <Link to={paths.choice(locale, navigation.filter)}>{t('design.backToChoice')}</Link>
      </main>
    );
  }

  const start = () => {
    if (!design.commit()) return;
    // The editor's sheet before the rest of CanvasKit's start-up (rendererHold.ts says why).
    holdRendererStart(milestoneReached('editor-shown'));
    navigate(paths.editor(locale));
  };
  return <DesignBody design={design} title={title} locale={locale} onStart={start} />;
});

interface DesignBodyProps {
  design: DesignStore;
  title: string;
  locale: string;
  onStart(): void;
}

const DesignBody = observer(function DesignBody({
  design,
  title,
  locale,
  onStart,
}: DesignBodyProps) {
  const { t } = useTranslation();
  const { catalog } = useStores();
  const [formatOpen, setFormatOpen] = useState(false);
  const draft = design.draft;
  const template = draft.template!;
  const price = draft.price;
  return (
    <main className="design-screen">
      <ScreenControls />
      <header className="design-screen__header">
        <h1>{title}</h1>
        <p className="design-screen__name">
          <span className="design-screen__category">{template.categoryPart}</span>{' '}
          <span className="design-screen__template">{template.namePart || template.name}</span>
        </p>
        {template.description && (
          <p className="design-screen__description">{template.description}</p>
        )}
      </header>
      <div className="design-screen__body">
        <section className="design-screen__preview" aria-live="polite">
          <Preview design={design} />
        </section>
        <section className="design-screen__options">
          <OrientationChoice format={draft} />
          <SizeList format={draft} onAdjust={() => setFormatOpen(true)} />
          <MaterialList format={draft} />
          <GeneratorControls
            format={draft}
            display={{ locale, fontsetLabels: catalog.fontsetLabels }}
          />
          <div className="design-screen__order">
            <p className="design-screen__price" data-testid="price">
              <span>{t('design.price')}</span>{' '}
              <strong>{price === undefined ? '–' : formatPrice(price, locale)}</strong>
            </p>
            <button
              type="button"
              className="button design-screen__start"
              onClick={onStart}
              disabled={draft.layoutState.status !== 'ready'}
            >
              {design.hasCurrentDesign ? t('design.change') : t('design.start')}
            </button>
          </div>
        </section>
      </div>
      {formatOpen && <FormatModal format={draft} onClose={() => setFormatOpen(false)} />}
    </main>
  );
});

/** The preview card's colour (DesignScreen.css), round the collage. */
const PREVIEW_CARD_COLOR = '#ffffff';

const layerCount = (layout: Layout, kind: 'photo' | 'text') =>
  layout.layers.filter((layer) => layer.kind === kind).length;

/** Static designs show their picture; generated ones the live collage, drawn by the editor's renderer. */
const Preview = observer(function Preview({ design }: { design: DesignStore }) {
  const { t } = useTranslation();
  const draft = design.draft;
  const template = draft.template!;
  const size = draft.activeSize;
  const label = t('design.previewLabel', {
    width: size?.widthCm ?? 0,
    height: size?.heightCm ?? 0,
  });
  if (!draft.isGenerated) {
    return (
      <figure className="design-preview design-preview--static">
        <img src={catalogUrl(template.thumbUrl)} alt={label} data-testid="static-preview" />
      </figure>
    );
  }
  const state = draft.layoutState;
  const placeholders = { txt1: t('text.placeholder.title'), txt2: t('text.placeholder.subtitle') };
  return (
    <figure className="design-preview">
      {state.status === 'ready' ? (
        <>
          <div
            className="design-preview__canvas"
            role="img"
            aria-label={label}
            data-testid="design-preview"
            data-width={state.layout.widthCm}
            data-height={state.layout.heightCm}
            data-photos={layerCount(state.layout, 'photo')}
            data-texts={layerCount(state.layout, 'text')}
            data-margin={state.layout.marginCm}
          >
            <FittedCollage
              layout={state.layout}
              scene={editorScene(
                state.layout,
                design.previewSlots ?? emptySlotData(),
                design.previewBackground,
                placeholders,
              )}
              background={PREVIEW_CARD_COLOR}
              fallback={
                <LayoutPreview
                  layout={state.layout}
                  slots={design.previewSlots}
                  backgroundColor={design.previewBackground}
                  placeholders={placeholders}
                  label={label}
                />
              }
            />
          </div>
          <DesignNotes warnings={state.warnings} format={draft} />
        </>
      ) : state.status === 'refused' ? (
        <p className="design-note design-note--warning" role="alert">
          {t(state.refusal.key, state.refusal.values)}
        </p>
      ) : state.status === 'failed' ? (
        <p role="alert">{t('design.layoutFailed')}</p>
      ) : (
        <p role="status">
          <Spinner /> {t('design.layoutLoading')}
        </p>
      )}
    </figure>
  );
});
