import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { filterDecimalInput } from '../../model/generators/controls';
import { descriptionWithoutPrice } from '../../model/catalog/prices';
import type { GeneratorWarning } from '../../model/generators/types';
import type { CollageFormat } from '../../stores/collage/CollageFormat';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';

interface FormatModalProps {
  format: CollageFormat;
  onClose(): void;
}

interface CustomWarning {
  warning: GeneratorWarning;
  /** A valid size with advice (number designs) may go ahead; a refused one may not. */
  canProceed: boolean;
}

const cm = (value: number | undefined) =>
  value === undefined ? '' : String(value).replace('.', ',');

/**
 * 'Pas je formaat aan': the size chooser (sizes under 150 x 150) or, behind 'afwijkend formaat',
 * width and height in cm. A typed size is checked first: unreadable input silently blocks the
 * form, a refused size or one with advice opens the custom-size modal with the rule's warning; a
 * valid size goes to the server (/api/customXml). Whatever the server answers, the modal closes
 * (a failure is only logged, as the spec says).
 */
export const FormatModal = observer(function FormatModal({ format, onClose }: FormatModalProps) {
  const { t } = useTranslation();
  const ids = { chooser: useId(), width: useId(), height: useId() };
  const active = format.activeSize;
  const [custom, setCustom] = useState(format.isCustomSize);
  const [width, setWidth] = useState(format.isCustomSize ? cm(active?.widthCm) : '');
  const [height, setHeight] = useState(format.isCustomSize ? cm(active?.heightCm) : '');
  const [unreadable, setUnreadable] = useState(false);
  const [warning, setWarning] = useState<CustomWarning | null>(null);
  const canCustomize = format.template?.hasCustomSize ?? false;

  const apply = async () => {
    setWarning(null);
    await format.applyTypedSize(width, height);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (format.customSizePending) return;
    const check = format.checkTypedSize(width, height);
    if (!check) return;
    if (check.kind === 'invalid') {
      if (check.reason === 'unparsable') setUnreadable(true);
      else setWarning({ warning: check.warning, canProceed: false });
      return;
    }
    if (check.kind === 'custom' && check.warning)
      setWarning({ warning: check.warning, canProceed: true });
    else void apply();
  };

  if (warning) {
    return (
      <Dialog
        title={t('design.customModal.title')}
        onClose={() => setWarning(null)}
        className="custom-size-modal"
      >
        <p role="alert">{t(warning.warning.key, warning.warning.values)}</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setWarning(null)}
            data-autofocus
          >
            {t('design.customModal.back')}
          </button>
          {warning.canProceed && (
            <button type="button" className="button" onClick={() => void apply()}>
              {t('design.customModal.proceed')}
            </button>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('design.formatModal.title')} onClose={onClose} className="format-modal">
      {custom ? (
        <form onSubmit={submit} noValidate>
          <div className="format-modal__fields">
            <label htmlFor={ids.width}>{t('design.formatModal.width')}</label>
            <input
              id={ids.width}
              className="text-input"
              inputMode="decimal"
              value={width}
              aria-invalid={unreadable}
              data-autofocus
              onChange={(event) => (
                setUnreadable(false),
                setWidth(filterDecimalInput(event.target.value))
              )}
            />
            <label htmlFor={ids.height}>{t('design.formatModal.height')}</label>
            <input
              id={ids.height}
              className="text-input"
              inputMode="decimal"
              value={height}
              aria-invalid={unreadable}
              onChange={(event) => (
                setUnreadable(false),
                setHeight(filterDecimalInput(event.target.value))
              )}
            />
          </div>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setCustom(false);
              format.useStandardSizes();
            }}
          >
            {t('design.formatModal.standardLink')}
          </button>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('design.close')}
            </button>
            <button type="submit" className="button" aria-busy={format.customSizePending}>
              {format.customSizePending ? (
                <>
                  <Spinner /> {t('design.formatModal.busy')}
                </>
              ) : (
                t('design.formatModal.apply')
              )}
            </button>
          </div>
        </form>
      ) : (
        <>
          <label htmlFor={ids.chooser} className="format-modal__label">
            {t('design.formatModal.chooser')}
          </label>
          <select
            id={ids.chooser}
            className="text-input"
            value={active?.isCustom ? '' : active?.id}
            data-autofocus
            onChange={(event) => format.chooseSize(event.target.value)}
          >
            {active?.isCustom && (
              <option value="">
                {t('design.customSize', { width: active.widthCm, height: active.heightCm })}
              </option>
            )}
            {format.chooserSizes.map((size) => (
              <option key={size.id} value={size.id}>
                {descriptionWithoutPrice(size.description) ||
                  `${size.widthCm} x ${size.heightCm} cm`}
              </option>
            ))}
          </select>
          {canCustomize && (
            <button
              type="button"
              className="link-button format-modal__switch"
              onClick={() => setCustom(true)}
            >
              {t('design.formatModal.customLink')}
            </button>
          )}
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('design.formatModal.done')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
});
