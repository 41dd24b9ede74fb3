import { observer } from 'mobx-react-lite';
import { Trans, useTranslation } from 'react-i18next';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '../../../api/accountRules';
import { currentLocale } from '../../../i18n/i18n';
import type { SaveStore } from '../../../stores/saving/SaveStore';
import { Spinner } from '../../components/Spinner';
import { TERMS_PATHS } from '../../../i18n/routeWords';
import { FormProblems, LinkButton, TextInput } from './formParts';

/** Register: username, email, newsletter, password twice, terms. */
export const RegisterView = observer(function RegisterView({ save }: { save: SaveStore }) {
  const { t, i18n } = useTranslation();
  const form = save.registerForm;
  // The client's own terms problem is the ACCEPT_TERMS alert; a server's message shows under the box.
  const termsError = form.errors.terms && 'text' in form.errors.terms ? form.errors.terms.text : '';
  // Typing a little past the limit shows the rule's message instead of silently cutting the input.
  const slack = 20;
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <p>{t('saveDialog.register.intro')}</p>
      <FormProblems alert={form.alert} general={form.errors.all} />
      <TextInput
        id="register-username"
        label={t('saveDialog.register.username')}
        value={form.username}
        onChange={(value) => form.setText('username', value)}
        error={form.errors.username}
        autoComplete="username"
        maxLength={USERNAME_MAX + slack}
      />
      <TextInput
        id="register-email"
        type="email"
        label={t('saveDialog.register.email')}
        value={form.email}
        onChange={(value) => form.setText('email', value)}
        error={form.errors.email}
        autoComplete="email"
        maxLength={EMAIL_MAX + slack}
      />
      <TextInput
        id="register-password"
        type="password"
        label={t('saveDialog.register.password')}
        value={form.password}
        onChange={(value) => form.setText('password', value)}
        error={form.errors.password}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX + slack}
      />
      <TextInput
        id="register-password-again"
        type="password"
        label={t('saveDialog.register.passwordAgain')}
        value={form.passwordAgain}
        onChange={(value) => form.setText('passwordAgain', value)}
        error={form.errors.password_again}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX + slack}
      />
      <div className="form-check">
        <input
          id="register-newsletter"
          type="checkbox"
          checked={form.newsletter}
          onChange={(event) => form.setNewsletter(event.target.checked)}
        />
        <label htmlFor="register-newsletter">{t('saveDialog.register.newsletter')}</label>
      </div>
      <div className="form-check">
        <input
          id="register-terms"
          type="checkbox"
          checked={form.terms}
          aria-invalid={form.errors.terms ? true : undefined}
          aria-describedby={termsError ? 'register-terms-error' : undefined}
          onChange={(event) => form.setTerms(event.target.checked)}
        />
        <label htmlFor="register-terms">
          <Trans
            i18nKey="saveDialog.register.terms"
            components={{
              terms: (
                <a
                  href={TERMS_PATHS[currentLocale(i18n)]}
                  target="_blank"
                  rel="noopener noreferrer"
                />
              ),
            }}
          />
        </label>
      </div>
      {termsError && (
        <p id="register-terms-error" className="form-field__error">
          {termsError}
        </p>
      )}
      <div className="save-dialog__actions">
        <button
          type="submit"
          className="button"
          disabled={form.submitting}
          aria-busy={form.submitting}
        >
          {form.submitting && <Spinner />} {t('saveDialog.register.submit')}
        </button>
      </div>
      <LinkButton onClick={() => save.switchToLogin()}>
        {t('saveDialog.register.loginLink')}
      </LinkButton>
    </form>
  );
});
