import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuthOutcome, RegisterInput } from '../session/SessionStore';
import {
  ALERT_KEYS,
  MESSAGE_KEYS,
  serverErrors,
  validateRegister,
  validateSignIn,
} from './accountValidation';
import { RegisterForm } from './RegisterForm';
import { SignInForm } from './SignInForm';

const validRegister = {
  username: 'bob',
  email: 'bob@example.nl',
  password: 'pw12',
  passwordAgain: 'pw12',
  terms: true,
};

describe('sign-in rules', () => {
  it('requires username and password of 2-20 characters after trimming, else enter credentials', () => {
    expect(validateSignIn({ username: 'anna', password: 'geheim' })).toEqual({
      errors: {},
      alert: null,
    });
    expect(validateSignIn({ username: ' a ', password: 'x'.repeat(21) })).toEqual({
      errors: {
        username: { key: 'textForm.minLength', values: { count: 2 } },
        password: { key: 'textForm.maxLength', values: { count: 20 } },
      },
      alert: 'ENTER_CREDENTIALS',
    });
    expect(validateSignIn({ username: '   ', password: '' })).toEqual({
      errors: {
        username: { key: MESSAGE_KEYS.usernameRequired },
        password: { key: MESSAGE_KEYS.passwordRequired },
      },
      alert: 'ENTER_CREDENTIALS',
    });
    expect(validateSignIn({ username: '  anna  ', password: '' }).errors).toEqual({
      password: { key: MESSAGE_KEYS.passwordRequired },
    });
  });

  it('accepts exactly the lengths 2 to 20', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), (length) => {
        const valid =
          validateSignIn({ username: 'u'.repeat(length), password: 'p'.repeat(length) }).alert ===
          null;
        return valid === (length >= 2 && length <= 20);
      }),
    );
  });
});

describe('register rules', () => {
  it('a valid form has no errors', () => {
    expect(validateRegister(validRegister)).toEqual({ errors: {}, alert: null });
  });

  it('only the terms missing: the accept-terms alert', () => {
    const result = validateRegister({ ...validRegister, terms: false });
    expect(result.alert).toBe('ACCEPT_TERMS');
    expect(Object.keys(result.errors)).toEqual(['terms']);
  });

  it.each([
    ['username', { username: 'b' }, MESSAGE_KEYS.usernameInvalid],
    ['email', { email: 'a@b.c' }, MESSAGE_KEYS.emailInvalid],
    ['email', { email: 'bob-at-example.nl' }, MESSAGE_KEYS.emailInvalid],
    ['email', { email: `${'x'.repeat(110)}@example.nl` }, MESSAGE_KEYS.emailInvalid],
    ['password', { password: 'p', passwordAgain: 'p' }, MESSAGE_KEYS.passwordInvalid],
    ['password_again', { passwordAgain: 'pw13' }, MESSAGE_KEYS.passwordsDiffer],
    ['password_again', { passwordAgain: '' }, MESSAGE_KEYS.passwordInvalid],
  ])(
    'a wrong %s shows its message and the missing-input alert, terms or not',
    (field, change, key) => {
      for (const terms of [true, false]) {
        const result = validateRegister({ ...validRegister, ...change, terms });
        expect(result.errors[field as keyof typeof result.errors]).toEqual({ key });
        expect(result.alert).toBe('MISSING_INPUT');
      }
    },
  );

  it('server errors go on their field; all and unknown fields become the form error; none gives the generic message', () => {
    const generic = { key: MESSAGE_KEYS.registerGeneric };
    expect(
      serverErrors(
        [
          { field: 'username', message: 'Deze gebruikersnaam is al in gebruik.' },
          { field: 'all', message: 'Te veel pogingen.' },
          { field: 'captcha', message: 'ignored: all is set' },
        ],
        ['username', 'email'],
        generic,
      ),
    ).toEqual({
      username: { text: 'Deze gebruikersnaam is al in gebruik.' },
      all: { text: 'Te veel pogingen.' },
    });
    expect(serverErrors([], ['username'], generic)).toEqual({ all: generic });
  });
});

describe('SignInForm', () => {
  it('keeps what was typed after a wrong password and shows the server message', async () => {
    let signedIn = 0;
    const answers: AuthOutcome[] = [
      {
        authenticated: false,
        errors: [{ field: 'all', message: 'Gebruikersnaam of wachtwoord is niet correct.' }],
      },
    ];
    const form = new SignInForm(
      { signIn: async () => answers.shift() ?? { authenticated: true, errors: [] } },
      () => (signedIn += 1),
    );
    form.setUsername(' anna ');
    form.setPassword('fout');
    await expect(form.submit()).resolves.toBe(false);
    expect(form.username).toBe(' anna ');
    expect(form.password).toBe('fout');
    expect(form.errors.all).toEqual({ text: 'Gebruikersnaam of wachtwoord is niet correct.' });
    expect(form.submitting).toBe(false);
    form.setPassword('goed12');
    expect(form.errors.all).toBeUndefined();
    await expect(form.submit()).resolves.toBe(true);
    expect(signedIn).toBe(1);
  });

  it('an invalid form raises enter-credentials and sends nothing; a lost connection keeps the input', async () => {
    let calls = 0;
    const form = new SignInForm(
      {
        signIn: async () => {
          calls += 1;
          throw new TypeError('Failed to fetch');
        },
      },
      () => {},
    );
    await form.submit();
    expect(form.alert).toBe('ENTER_CREDENTIALS');
    expect(ALERT_KEYS[form.alert!]).toBe('saveDialog.alert.enterCredentials');
    expect(calls).toBe(0);
    form.setUsername('anna');
    form.setPassword('geheim');
    await expect(form.submit()).resolves.toBe(false);
    expect(form.errors.all).toEqual({ key: MESSAGE_KEYS.connection });
    expect([form.username, form.password]).toEqual(['anna', 'geheim']);
  });

  it('a refusal without errors shows the wrong-credentials message', async () => {
    const form = new SignInForm(
      { signIn: async () => ({ authenticated: false, errors: [] }) },
      () => {},
    );
    form.setUsername('anna');
    form.setPassword('geheim');
    await form.submit();
    expect(form.errors).toEqual({ all: { key: MESSAGE_KEYS.wrongCredentials } });
  });
});

describe('RegisterForm', () => {
  it('sends the untrimmed input to the session (which trims) and shows server errors per field', async () => {
    const sent: RegisterInput[] = [];
    const form = new RegisterForm(
      {
        register: async (input) => {
          sent.push(input);
          return {
            authenticated: false,
            errors: [{ field: 'email', message: 'Er bestaat al een account met dit e-mailadres.' }],
          };
        },
      },
      () => {},
    );
    form.setText('username', ' bob ');
    form.setText('email', 'bob@example.nl ');
    form.setText('password', 'pw12');
    form.setText('passwordAgain', 'pw12');
    form.setNewsletter(true);
    form.setTerms(true);
    await expect(form.submit()).resolves.toBe(false);
    expect(sent).toEqual([
      {
        username: ' bob ',
        email: 'bob@example.nl ',
        password: 'pw12',
        passwordAgain: 'pw12',
        newsletter: true,
        terms: true,
      },
    ]);
    expect(form.errors).toEqual({
      email: { text: 'Er bestaat al een account met dit e-mailadres.' },
    });
    expect(form.email).toBe('bob@example.nl ');
  });

  it('terms not ticked: the accept-terms alert, nothing sent; ticking clears it', async () => {
    let calls = 0;
    const form = new RegisterForm(
      {
        register: async () => {
          calls += 1;
          return { authenticated: true, errors: [] };
        },
      },
      () => {},
    );
    form.setText('username', 'bob');
    form.setText('email', 'bob@example.nl');
    form.setText('password', 'pw12');
    form.setText('passwordAgain', 'pw12');
    await form.submit();
    expect(form.alert).toBe('ACCEPT_TERMS');
    expect(calls).toBe(0);
    form.setTerms(true);
    expect(form.alert).toBeNull();
    expect(form.errors.terms).toBeUndefined();
    await expect(form.submit()).resolves.toBe(true);
    expect(calls).toBe(1);
  });
});
