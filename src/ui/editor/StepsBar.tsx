import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from './icons';

export interface Step {
  key: string;
  /** Where a finished step leads back to; the current step has none. */
  to?: string;
  done: boolean;
}

interface StepsBarProps {
  steps: readonly Step[];
  /** Index of the step the customer is on. */
  current: number;
  /** The mobile variant: one line with the current step and a dot per step. */
  compact: boolean;
}

/** The three-step navigation bar: 1 choose design, 2 choose format, 3 add photos; finished steps are ticked. */
export function StepsBar({ steps, current, compact }: StepsBarProps) {
  const { t } = useTranslation();
  if (compact) {
    const step = steps[current]!;
    return (
      <nav className="steps steps--compact" aria-label={t('editor.steps.label')}>
        <ol className="steps__dots">
          {steps.map((item, index) => (
            <li
              key={item.key}
              className={`steps__dot${item.done ? ' is-done' : ''}${index === current ? ' is-current' : ''}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {item.to && index !== current ? (
                <Link to={item.to} aria-label={stepLabel(t, item, index)}>
                  {item.done ? <CheckIcon /> : index + 1}
                </Link>
              ) : (
                <span aria-label={stepLabel(t, item, index)} role="img">
                  {item.done ? <CheckIcon /> : index + 1}
                </span>
              )}
            </li>
          ))}
        </ol>
        <p className="steps__current" aria-hidden="true">
          {t('editor.steps.mobile', { step: current + 1, count: steps.length, name: t(step.key) })}
        </p>
      </nav>
    );
  }
  return (
    <nav className="steps" aria-label={t('editor.steps.label')}>
      <ol className="steps__list">
        {steps.map((item, index) => {
          const content = (
            <>
              <span className="steps__number" aria-hidden="true">
                {item.done ? <CheckIcon /> : index + 1}
              </span>
              <span className="steps__name">{t(item.key)}</span>
              {item.done && <span className="visually-hidden"> ({t('editor.steps.done')})</span>}
            </>
          );
          return (
            <li
              key={item.key}
              className={`steps__item${item.done ? ' is-done' : ''}${index === current ? ' is-current' : ''}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {item.to && index !== current ? (
                <Link to={item.to}>{content}</Link>
              ) : (
                <span>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function stepLabel(
  t: (key: string, values?: Record<string, unknown>) => string,
  step: Step,
  index: number,
): string {
  const name = `${index + 1}. ${t(step.key)}`;
  return step.done ? `${name} (${t('editor.steps.done')})` : name;
}
