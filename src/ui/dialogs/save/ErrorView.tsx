import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SaveStore } from '../../../stores/saving/SaveStore';
import { photoErrorText } from './photoErrorText';

/**
 * 'Niet gelukt': why, the photos that could not be sent with their messages, and the way back. A
 * save the server refused with words for the customer (the quota of the hour, too many orders
 * waiting) shows those words, as an alert, in place of 'Probeer het nogmaals', which they contradict.
 */
export const ErrorView = observer(function ErrorView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  const photos = save.errorPhotos;
  const messageOf = (message: string) => {
    const text = photoErrorText(message);
    return 'text' in text ? text.text : t(text.key, text.values);
  };
  return (
    <>
      <p className="save-dialog__lead">{t('saveDialog.error.text')}</p>
      {save.errorReason ? (
        <div className="form-alert" role="alert" data-testid="save-refusal">
          <p>{save.errorReason}</p>
        </div>
      ) : (
        <p>{t('saveDialog.error.collage')}</p>
      )}
      {photos.length > 0 && (
        <>
          <p>{t('saveDialog.error.photos')}</p>
          <ul className="error-photos">
            {photos.map(({ photo, message }) => (
              <li key={photo.localId} className="error-photos__item">
                {photo.src ? (
                  <img src={photo.src} alt="" width={48} height={48} />
                ) : (
                  <span className="error-photos__blank" aria-hidden="true" />
                )}
                <span>
                  <span className="error-photos__name">{photo.name}</span>
                  <span className="error-photos__message">{messageOf(message)}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="save-dialog__actions">
        {photos.length > 0 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => save.removeErrorPhotos()}
          >
            {t('saveDialog.error.removePhotos')}
          </button>
        )}
        <button type="button" className="button" onClick={() => save.close()}>
          {t('saveDialog.error.backToCollage')}
        </button>
      </div>
    </>
  );
});
