import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { currentLocale } from '../../i18n/i18n';
import { paths } from '../../i18n/routeWords';
import { NavState } from '../../stores/navigation/navigationStates';
import { shortTemplateName } from '../../stores/editor/editorRules';
import { StepsBar, type Step } from './StepsBar';
import { BackIcon, CrossIcon, FloppyIcon, MenuIcon } from './icons';

/**
 * The editor's header: back, the template's category and shortened name, 'W x H cm' (with the
 * material for material-specific designs), 'Wijzig', the steps, save and quit. Under 550 px the
 * steps take a second row in their mobile variant.
 */
export const EditorHeader = observer(function EditorHeader() {
  const { t, i18n } = useTranslation();
  const { collage, editor, navigation } = useStores();
  const locale = currentLocale(i18n);
  const template = collage.format.template;
  const size = collage.format.activeSize;
  if (!template) return null;
  const generated = template.type === 'generated';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const sizeText = size
    ? t('editor.header.size', {
        width: number.format(size.widthCm),
        height: number.format(size.heightCm),
      })
    : '';
  const sizeLine = template.isMaterialSpecific
    ? t('editor.header.sizeMaterial', {
        size: sizeText,
        material: t(`materials.${collage.format.material || 'none'}`),
      })
    : sizeText;
  const designPath = paths.design(locale, template.id, generated);
  const steps: Step[] = [
    { key: 'editor.steps.design', to: paths.choice(locale, navigation.filter), done: true },
    { key: 'editor.steps.format', to: designPath, done: true },
    { key: 'editor.steps.photos', done: collage.isFinished },
  ];
  const { mobile, tablet } = editor.breakpoints;
  const showMenuButton = !editor.isLoading && !editor.sideMenuVisible;
  const name = template.namePart || template.name;
  return (
    <header className={`editor-header${mobile ? ' editor-header--mobile' : ''}`}>
      <div className="editor-header__bar">
        {navigation.state === NavState.EditorNormal && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('editor.header.back')}
            onClick={() => navigation.back({ id: template.id, generated })}
          >
            <BackIcon />
          </button>
        )}
        {showMenuButton && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('editor.header.menu')}
            aria-controls="editor-side-menu"
            aria-expanded={false}
            onClick={() => editor.openSideMenu()}
          >
            <MenuIcon />
          </button>
        )}
        <div className="editor-header__title">
          <h1 className="editor-header__name" title={name}>
            <span className="editor-header__category">{template.categoryPart}</span>{' '}
            <span className="editor-header__template">{shortTemplateName(name)}</span>
          </h1>
          <p className="editor-header__size">
            <span data-testid="editor-size">{sizeLine}</span>{' '}
            <Link to={designPath} className="editor-header__change">
              {t('editor.header.change')}
            </Link>
          </p>
        </div>
        {!mobile && <StepsBar steps={steps} current={2} compact={tablet} />}
        <div className="editor-header__actions">
          {!navigation.saving && (
            <>
              <button
                type="button"
                className="icon-button"
                aria-label={t('editor.header.save')}
                onClick={() => editor.requestSave()}
                disabled={editor.isLoading}
              >
                <FloppyIcon />
              </button>
              {/* A dialog covers the header and has its own close: the header's cross would show but never take a click there. */}
              {!navigation.canClose && navigation.state !== NavState.EditorLoginForCollage && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('editor.header.quit')}
                  onClick={() => editor.requestQuit()}
                >
                  <CrossIcon />
                </button>
              )}
            </>
          )}
        </div>
      </div>
      {mobile && <StepsBar steps={steps} current={2} compact />}
    </header>
  );
});
