import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Control } from '../../model/generators/types';
import type { CollageFormat } from '../../stores/collage/CollageFormat';
import { controlValueText, type DisplayContext } from './controlDisplay';

interface GeneratorControlsProps {
  format: CollageFormat;
  display: Omit<DisplayContext, 't'>;
}

/** The generator's controls: − / + steppers (number), ‹ / › choices (arrow) and typed values (input); hidden ones are left out. */
export const GeneratorControls = observer(function GeneratorControls({
  format,
  display,
}: GeneratorControlsProps) {
  const { t } = useTranslation();
  const controls = format.controls.filter((control) => !control.hidden);
  if (controls.length === 0) return null;
  const context = { ...display, t };
  return (
    <fieldset className="design-section generator-controls">
      <legend>{t('design.controls')}</legend>
      {controls.map((control) =>
        control.type === 'input' ? (
          <TypedControl
            key={control.name}
            control={control}
            generatorName={format.generatorName}
            onType={(text) => format.typeControl(control.name, text)}
          />
        ) : (
          <StepControl
            key={control.name}
            control={control}
            text={controlValueText(control, context)}
            refused={{
              down: format.refusedSteps.has(`${control.name}:-1`),
              up: format.refusedSteps.has(`${control.name}:1`),
            }}
            onStep={(direction) => format.stepControl(control.name, direction)}
          />
        ),
      )}
      {format.refusal && (
        <p className="design-note design-note--warning" role="status">
          {t(format.refusal.key, format.refusal.values)}
        </p>
      )}
    </fieldset>
  );
});

/**
 * A button whose step the generator would refuse looks disabled, as at a bound; a click still
 * shows the refusal, which says why.
 */
function StepControl({
  control,
  text,
  refused,
  onStep,
}: {
  control: Control;
  text: string;
  refused: { down: boolean; up: boolean };
  onStep(direction: 1 | -1): void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const label = t(control.label);
  const arrow = control.type === 'arrow';
  const atMin = control.current <= control.min || refused.down;
  const atMax = control.current >= control.max || refused.up;
  return (
    <div
      className="generator-control"
      data-control={control.name}
      role="group"
      aria-labelledby={labelId}
    >
      <span id={labelId} className="generator-control__label">
        {label}
      </span>
      <span className="generator-control__stepper">
        <button
          type="button"
          className="stepper-button"
          aria-label={t(arrow ? 'design.previous' : 'design.decrease', { label })}
          aria-disabled={atMin}
          onClick={() => onStep(-1)}
        >
          {arrow ? '‹' : '−'}
        </button>
        <output className="generator-control__value" aria-live="polite">
          {text}
        </output>
        <button
          type="button"
          className="stepper-button"
          aria-label={t(arrow ? 'design.next' : 'design.increase', { label })}
          aria-disabled={atMax}
          onClick={() => onStep(1)}
        >
          {arrow ? '›' : '+'}
        </button>
      </span>
    </div>
  );
}

/** Typed values are taken on Enter or when the field is left; a refused value puts the old one back. */
function TypedControl({
  control,
  generatorName,
  onType,
}: {
  control: Control;
  generatorName: string;
  onType(text: string): boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const current = control.text ?? String(control.current);
  const [draft, setDraft] = useState(current);
  useEffect(() => setDraft(current), [current]);
  const isDate = control.text !== undefined;
  const maxLength = isDate ? 10 : generatorName === 'number' ? 3 : 4;
  const commit = () => {
    if (draft === current || !onType(draft)) setDraft(current);
  };
  return (
    <div className="generator-control" data-control={control.name}>
      <label htmlFor={id} className="generator-control__label">
        {t(control.label)}
      </label>
      <input
        id={id}
        className="text-input generator-control__input"
        inputMode="numeric"
        maxLength={maxLength}
        value={draft}
        onChange={(event) =>
          setDraft(
            isDate
              ? event.target.value.replace(/[^\d\-./]/g, '')
              : event.target.value.replace(/\D/g, ''),
          )
        }
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}
