import { useTranslation } from 'react-i18next';
import {
  ALERT_KEYS,
  type FormAlert,
  type FormMessage,
} from '../../../stores/forms/accountValidation';

/** A form message in the current language: client rules are i18n keys, server messages arrive translated. */
export function useMessageText(): (message: FormMessage | undefined) => string {
  const { t } = useTranslation();
  return (message) =>
    !message ? '' : 'key' in message ? t(message.key, message.values) : message.text;
}

export interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: FormMessage;
  type?: 'text' | 'password' | 'email';
  autoComplete: string;
  maxLength?: number;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  maxLength,
}: TextInputProps) {
  const messageText = useMessageText();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="form-field__error">
          {messageText(error)}
        </p>
      )}
    </div>
  );
}

/** The spec's form alerts (ENTER_CREDENTIALS, ACCEPT_TERMS, MISSING_INPUT) and the form's own error, inline. */
export function FormProblems({
  alert,
  general,
}: {
  alert: FormAlert | null;
  general?: FormMessage;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (!alert && !general) return null;
  return (
    <div className="form-alert" role="alert">
      {alert && <p>{t(ALERT_KEYS[alert])}</p>}
      {general && <p>{messageText(general)}</p>}
    </div>
  );
}

/** A button that reads as a link: it switches views, it does not navigate. */
export function LinkButton({ onClick, children }: { onClick(): void; children: string }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {children}
    </button>
  );
}
