import { observer } from 'mobx-react-lite';
import { Trans, useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { TERMS_PATHS } from '../../../i18n/routeWords';
import type { SaveStore } from '../../../stores/saving/SaveStore';
import { Spinner } from '../../components/Spinner';

/** The short views of the save dialog: checking, saved, want to quit, cannot order. */

export const CheckingView = observer(function CheckingView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  return (
    <>
      <p aria-live="polite">
        <Spinner /> {t('saveDialog.checking.text')}
      </p>
      <div className="save-dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => save.close()}>
          {t('saveDialog.checking.cancel')}
        </button>
      </div>
    </>
  );
});

export const SavedView = observer(function SavedView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  if (save.savedForOrder) {
    return (
      <>
        <p className="save-dialog__lead">{t('saveDialog.saved.text')}</p>
        {save.alreadyOrdered && (
          <p data-testid="already-ordered">{t('saveDialog.saved.alreadyOrdered')}</p>
        )}
        <TermsNote />
        <div className="save-dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => save.close()}>
            {t('saveDialog.saved.backToCollage')}
          </button>
          <button type="button" className="button" onClick={() => save.order()}>
            {t('saveDialog.saved.checkout')}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="save-dialog__lead">{t('saveDialog.saved.text')}</p>
      <div className="save-dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => save.close()}>
          {t('saveDialog.saved.continue')}
        </button>
        <button type="button" className="button" onClick={() => save.order()}>
          {t('saveDialog.saved.order')}
        </button>
      </div>
      <button type="button" className="link-button" onClick={() => save.quitEditor()}>
        {t('saveDialog.saved.quit')}
      </button>
    </>
  );
});

/** On the way to the cart: ordering falls under the shop's terms, which open in a new tab. */
function TermsNote() {
  const { i18n } = useTranslation();
  return (
    <p className="save-dialog__terms">
      <Trans
        i18nKey="terms.orderNote"
        components={{
          terms: (
            <a href={TERMS_PATHS[currentLocale(i18n)]} target="_blank" rel="noopener noreferrer" />
          ),
        }}
      />
    </p>
  );
}

export const WantToQuitView = observer(function WantToQuitView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="save-dialog__lead">{t('saveDialog.wantToQuit.text')}</p>
      <div className="save-dialog__actions">
        <button type="button" className="button" onClick={() => save.open('save')}>
          {t('saveDialog.wantToQuit.save')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => save.quitEditor()}
        >
          {t('saveDialog.wantToQuit.quit')}
        </button>
      </div>
    </>
  );
});

export const CanNotOrderView = observer(function CanNotOrderView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="save-dialog__lead">{t('saveDialog.canNotOrder.text')}</p>
      <p>{t('saveDialog.canNotOrder.explanation')}</p>
      <div className="save-dialog__actions">
        <button type="button" className="button" onClick={() => save.close()}>
          {t('saveDialog.canNotOrder.continue')}
        </button>
      </div>
    </>
  );
});
