import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { SessionStore } from '../session/SessionStore';
import {
  MESSAGE_KEYS,
  serverErrors,
  validateRegister,
  type FormAlert,
  type FormErrors,
  type RegisterField,
} from './accountValidation';

const SERVER_FIELDS: RegisterField[] = ['username', 'email', 'password', 'password_again', 'terms'];

type TextField = 'username' | 'email' | 'password' | 'passwordAgain';
const ERROR_FIELD: Record<TextField, RegisterField> = {
  username: 'username',
  email: 'email',
  password: 'password',
  passwordAgain: 'password_again',
};

/** The register form's state; input survives every failure and view switch. */
export class RegisterForm {
  username = '';
  email = '';
  password = '';
  passwordAgain = '';
  newsletter = false;
  terms = false;
  errors: FormErrors<RegisterField> = {};
  alert: FormAlert | null = null;
  submitting = false;

  constructor(
    private readonly session: Pick<SessionStore, 'register'>,
    private readonly onRegistered: () => void,
  ) {
    makeObservable(this, {
      username: observable,
      email: observable,
      password: observable,
      passwordAgain: observable,
      newsletter: observable,
      terms: observable,
      errors: observableRef,
      alert: observable,
      submitting: observable,
      setText: action,
      setNewsletter: action,
      setTerms: action,
      submit: action,
      reopen: action,
    });
  }

  setText(field: TextField, value: string): void {
    this[field] = value;
    this.clear(ERROR_FIELD[field]);
  }

  setNewsletter(value: boolean): void {
    this.newsletter = value;
  }

  setTerms(value: boolean): void {
    this.terms = value;
    this.clear('terms');
  }

  /** Validates, then registers (which signs in); answers whether that succeeded. */
  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    const validation = validateRegister(this);
    this.errors = validation.errors;
    this.alert = validation.alert;
    if (validation.alert) return false;
    this.submitting = true;
    try {
      const outcome = await this.session.register({
        username: this.username,
        email: this.email,
        password: this.password,
        passwordAgain: this.passwordAgain,
        newsletter: this.newsletter,
        terms: this.terms,
      });
      if (outcome.authenticated) {
        runInAction(() => (this.submitting = false));
        this.onRegistered();
        return true;
      }
      runInAction(
        () =>
          (this.errors = serverErrors(outcome.errors, SERVER_FIELDS, {
            key: MESSAGE_KEYS.registerGeneric,
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
    this.passwordAgain = '';
  }

  private clear(field: RegisterField): void {
    if (this.errors[field] || this.errors.all)
      this.errors = { ...this.errors, [field]: undefined, all: undefined };
    this.alert = null;
  }
}
