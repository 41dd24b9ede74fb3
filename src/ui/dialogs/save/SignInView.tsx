import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, USERNAME_MAX } from '../../../api/accountRules';
import { currentLocale } from '../../../i18n/i18n';
import { FORGOT_PASSWORD_PATHS } from '../../../i18n/localePaths';
import { SaveDialogState } from '../../../stores/saving/SaveDialog';
import type { SaveStore } from '../../../stores/saving/SaveStore';
import { Spinner } from '../../components/Spinner';
import { FormProblems, LinkButton, TextInput } from './formParts';

/** Sign-in, for saving (LOGIN) or for opening a saved collage (LOGIN_FOR_COLLAGE). */
export const SignInView = observer(function SignInView({ save }: { save: SaveStore }) {
  const { t, i18n } = useTranslation();
  const form = save.signInForm;
  const forCollage = save.dialogState === SaveDialogState.LOGIN_FOR_COLLAGE;
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <p>{t(forCollage ? 'saveDialog.signIn.introForCollage' : 'saveDialog.signIn.intro')}</p>
      <FormProblems alert={form.alert} general={form.errors.all} />
      <TextInput
        id="signin-username"
        label={t('saveDialog.signIn.username')}
        value={form.username}
        onChange={(value) => form.setUsername(value)}
        error={form.errors.username}
        autoComplete="username"
        maxLength={USERNAME_MAX + 20}
      />
      <TextInput
        id="signin-password"
        type="password"
        label={t('saveDialog.signIn.password')}
        value={form.password}
        onChange={(value) => form.setPassword(value)}
        error={form.errors.password}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX + 20}
      />
      {/* The shop's forgotten-password page, in a tab of its own: the collage stays open here. */}
      <p className="account-form__forgot">
        <a
          href={FORGOT_PASSWORD_PATHS[currentLocale(i18n)]}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('saveDialog.signIn.forgotPassword')}
        </a>
      </p>
      <div className="save-dialog__actions">
        <button
          type="submit"
          className="button"
          disabled={form.submitting}
          aria-busy={form.submitting}
        >
          {form.submitting && <Spinner />} {t('saveDialog.signIn.submit')}
        </button>
      </div>
      {save.showsRegisterLink && (
        <LinkButton onClick={() => save.switchToRegister()}>
          {t('saveDialog.signIn.registerLink')}
        </LinkButton>
      )}
      {forCollage && (
        <LinkButton onClick={() => save.startNewCollage()}>
          {t('saveDialog.signIn.newCollage')}
        </LinkButton>
      )}
    </form>
  );
});
