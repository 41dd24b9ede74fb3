import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { SessionStore } from '../session/SessionStore';
import {
  MESSAGE_KEYS,
  serverErrors,
  validateSignIn,
  type FormAlert,
  type FormErrors,
  type SignInField,
} from './accountValidation';

const SERVER_FIELDS: SignInField[] = ['username', 'password'];

/**
 * The sign-in form's state. What the customer typed is kept through every failure (a wrong
 * password, a lost connection) and while switching to the register view and back.
 */
export class SignInForm {
  username = '';
  password = '';
  errors: FormErrors<SignInField> = {};
  alert: FormAlert | null = null;
  submitting = false;

  constructor(
    private readonly session: Pick<SessionStore, 'signIn'>,
    private readonly onSignedIn: () => void,
  ) {
    makeObservable(this, {
      username: observable,
      password: observable,
      errors: observableRef,
      alert: observable,
      submitting: observable,
      setUsername: action,
      setPassword: action,
      submit: action,
      reopen: action,
    });
  }

  setUsername(value: string): void {
    this.username = value;
    this.clear('username');
  }

  setPassword(value: string): void {
    this.password = value;
    this.clear('password');
  }

  /** Validates, then signs in; answers whether the customer is signed in now. */
  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    const validation = validateSignIn(this);
    this.errors = validation.errors;
    this.alert = validation.alert;
    if (validation.alert) return false;
    this.submitting = true;
    try {
      const outcome = await this.session.signIn(this.username, this.password);
      if (outcome.authenticated) {
        runInAction(() => (this.submitting = false));
        this.onSignedIn();
        return true;
      }
      runInAction(
        () =>
          (this.errors = serverErrors(outcome.errors, SERVER_FIELDS, {
            key: MESSAGE_KEYS.wrongCredentials,
          })),
      );
    } catch {
      runInAction(() => (this.errors = { all: { key: MESSAGE_KEYS.connection } }));
    }
    runInAction(() => (this.submitting = false));
    return false;
  }

  /**
   * The dialog opens again: the last attempt's field errors and alert go (they answered input that
   * may since have changed), and so do the passwords; what else was typed stays.
   */
  reopen(): void {
    this.errors = {};
    this.alert = null;
    this.password = '';
  }

  private clear(field: SignInField): void {
    if (this.errors[field] || this.errors.all)
      this.errors = { ...this.errors, [field]: undefined, all: undefined };
    this.alert = null;
  }
}
