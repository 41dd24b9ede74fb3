import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SaveStore } from '../../../stores/saving/SaveStore';

/** The spec's progress bar is 300 px wide, scaled down on narrow screens. */
const PROGRESS_WIDTH_PX = 300;

export const SavingView = observer(function SavingView({ save }: { save: SaveStore }) {
  const { t } = useTranslation();
  const progress = save.runner.progress;
  const percent = Math.round(progress.fraction * 100);
  // While uploads wait for their retry the server or the line is away: say so rather than count.
  const text =
    progress.retrying > 0
      ? t('saveDialog.saving.retrying')
      : progress.uploading
        ? t('saveDialog.saving.photos', {
            remaining: progress.remainingResources,
            total: progress.totalResources,
          })
        : t('saveDialog.saving.collage');
  return (
    <div className="save-dialog__saving">
      <div
        className="progress"
        style={{ maxWidth: PROGRESS_WIDTH_PX }}
        role="progressbar"
        aria-label={t('saveDialog.saving.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">{text}</p>
      <div className="save-dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => save.cancelUpload()}
        >
          {t('saveDialog.saving.cancel')}
        </button>
      </div>
    </div>
  );
});
