import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_CHOICES } from '../../stores/editor/TitleEditorStore';

/** 'Stijl': Modern, Handwriting, Playful, Classic; a design's own font (futura-pt) shows as 'Standaard'. */
export function FontSelect({
  value,
  onChange,
  required,
}: {
  value: string;
  onChange(font: string): void;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const known = FONT_CHOICES.some((choice) => choice.font === value);
  return (
    <div className="text-form__row">
      <label htmlFor={id} className="text-form__label">
        {t('textDialog.font')}
      </label>
      <select
        id={id}
        name="font"
        className="text-form__select"
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
      >
        {!known && <option value={value}>{t('textDialog.fonts.design')}</option>}
        {FONT_CHOICES.map((choice) => (
          <option key={choice.font} value={choice.font} style={{ fontFamily: choice.font }}>
            {t(choice.labelKey)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The colour swatch with 'Wijzig kleur', which opens the palette. */
export function ColorField({ value, onOpen }: { value: string; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <div className="text-form__row">
      <span className="text-form__label">{t('textDialog.color')}</span>
      <span
        className="text-form__swatch"
        style={{ background: value }}
        role="img"
        aria-label={t('editor.color.swatch', { color: value })}
      />
      <button type="button" className="link-button" onClick={onOpen}>
        {t('textDialog.changeColor')}
      </button>
    </div>
  );
}

interface RadioRowProps<T extends string> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}

/** A row of labelled radio buttons (alignment, vertical alignment, background). */
export function RadioRow<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: RadioRowProps<T>) {
  return (
    <fieldset className="text-form__choices">
      <legend className="text-form__label">{legend}</legend>
      <div className="text-form__options">
        {options.map((option) => (
          <label key={option.value} className="choice-pill">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
