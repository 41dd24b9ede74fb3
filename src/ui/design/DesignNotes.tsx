import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { GeneratorWarning } from '../../model/generators/types';
import { formatSuggestionKey } from '../../model/generators/numberLayout';
import type { CollageFormat } from '../../stores/collage/CollageFormat';

/**
 * The generator's notes under the preview. The number designs' format tip ('Tip: deze cijfers
 * passen het best op een formaat van ongeveer 133 x 23 cm.') offers its size as a choice: one
 * click asks for it as a custom size, as typing it in 'Pas je formaat aan' would.
 */
export const DesignNotes = observer(function DesignNotes({
  warnings,
  format,
}: {
  warnings: readonly GeneratorWarning[];
  format: CollageFormat;
}) {
  const { t } = useTranslation();
  return warnings.map((warning) => {
    const tip = warning.key === formatSuggestionKey ? warning.values : undefined;
    return (
      <p key={warning.key} className="design-note">
        {t(warning.key, warning.values)}
        {tip && (
          <>
            {' '}
            <button
              type="button"
              className="link-button design-note__choose"
              disabled={format.customSizePending}
              onClick={() => void format.applyTypedSize(String(tip.width), String(tip.height))}
            >
              {t('sizeTip.choose', { width: tip.width, height: tip.height })}
            </button>
          </>
        )}
      </p>
    );
  });
});
