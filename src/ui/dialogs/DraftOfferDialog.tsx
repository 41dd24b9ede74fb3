import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../StoreContext';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { NavState } from '../../stores/navigation/navigationStates';
import './DraftOfferDialog.css';

/**
 * 'Wil je verder met je vorige collage?': a kept draft, offered after a crash, a reload or a closed
 * tab. The customer chooses; there is no close button, because closing would leave the question
 * open while new work would overwrite the draft.
 */
export const DraftOfferDialog = observer(function DraftOfferDialog() {
  const { catalog, drafts, navigation } = useStores();
  const { t, i18n } = useTranslation();
  const offer = drafts.offer;
  // The error screen says what happened first; the offer waits until the customer moves on.
  if (!offer || navigation.state === NavState.EditorError) return null;
  const { summary } = offer;
  const saved = offer.savedId !== null;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(summary.savedAt));
  const material = summary.material ? `, ${t(`materials.${summary.material}`)}` : '';
  return (
    <Dialog
      title={t('drafts.title')}
      closable={false}
      viewKey={offer.state}
      className="draft-offer"
    >
      {offer.state === 'failed' ? (
        <>
          <p role="alert">{t('drafts.failed')}</p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => drafts.dismissFailure()}>
              {t('drafts.close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t(saved ? 'drafts.savedText' : 'drafts.newText')}</p>
          <p className="draft-offer__summary" data-testid="draft-summary">
            <strong>
              {t('drafts.summary', {
                // The design's name in this page's locale; the draft's own when the catalogue lacks it.
                name: catalog.byId(summary.templateId)?.name ?? summary.templateName,
                width: summary.widthCm,
                height: summary.heightCm,
              })}
            </strong>
            {material}
            <br />
            {t('drafts.photos', { count: summary.photoCount })} · {t('drafts.savedAt', { when })}
          </p>
          {offer.state === 'restoring' ? (
            <p role="status">
              <Spinner /> {t('drafts.restoring')}
            </p>
          ) : (
            <div className="dialog__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void drafts.startOver()}
              >
                {t(saved ? 'drafts.openSaved' : 'drafts.startOver')}
              </button>
              <button
                type="button"
                className="button"
                data-autofocus
                onClick={() => void drafts.continueDraft()}
              >
                {t(saved ? 'drafts.continueSaved' : 'drafts.continue')}
              </button>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
});
