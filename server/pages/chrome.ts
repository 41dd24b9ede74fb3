import { html, scriptJson, type SafeHtml } from './html.js';
import { FORGOT_PASSWORD_PATHS } from '../../src/i18n/localePaths.js';
import { appChoiceUrl, OVERVIEW_PATHS, SHOP_HOME_PATHS } from './paths.js';
import { PASSWORD_TEXTS } from './passwordTexts.js';
import { LOCALES, PAGE_TEXTS, type Locale } from './texts.js';

/** The parts every shop page shares: header links, language links, the sign-in form, number and date formats. */

const LOCALE_TAGS: Record<Locale, string> = {
  nl: 'nl-NL',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
};

export function pageHeader(locale: Locale): SafeHtml {
  const texts = PAGE_TEXTS[locale];
  return html`<a class="brand" href="${SHOP_HOME_PATHS[locale]}">${texts.shopName}</a>
<a href="${appChoiceUrl(locale)}">${texts.startApp}</a>
<a href="${OVERVIEW_PATHS[locale]}">${texts.overviewTitle}</a>`;
}

/** Links to the same page in every locale; urlFor gives the address of the page in that locale. */
export function languageLinks(locale: Locale, urlFor: (locale: Locale) => string): SafeHtml {
  const links = LOCALES.map(
    (other) =>
      html`<a href="${urlFor(other)}" lang="${other}"${other === locale ? html` aria-current="page"` : ''}>${other.toUpperCase()}</a>`,
  );
  return html`<nav class="languages" aria-label="${PAGE_TEXTS[locale].language}">${links}</nav>`;
}

export function formatPrice(locale: Locale, price: number): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(
    price,
  );
}

/** The shop is Dutch: times are shown in its time zone whatever the server's. */
export function formatDate(locale: Locale, date: Date): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

/** Stored size 'WxH' (cm) as the customer reads it: '50 x 40 cm', decimals in the locale's way. */
export function formatSize(locale: Locale, size: string): string {
  const [width, height] = size.split('x').map(Number);
  if (!width || !height) return size;
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 2 });
  return `${number.format(width)} x ${number.format(height)} cm`;
}

export interface SignInForm {
  body: SafeHtml;
  script: SafeHtml;
}

/**
 * A sign-in form that posts username and password to /api/isAuthenticated (mode signin) and reloads
 * the page when signed in. The password is encrypted with the username as salt by the editor's own
 * cipher module (cipherUrl: the built src/shop/passwordCipherEntry.ts), as the server expects.
 */
export function signInForm(locale: Locale, intro: string, cipherUrl: string | null): SignInForm {
  const texts = PAGE_TEXTS[locale];
  const body = html`<section aria-labelledby="signin-title">
<h2 id="signin-title">${texts.signInTitle}</h2>
<p>${intro}</p>
<form id="signin" class="signin" novalidate>
<label for="signin-username">${texts.username}</label>
<input id="signin-username" name="username" autocomplete="username" maxlength="20" required>
<label for="signin-password">${texts.password}</label>
<input id="signin-password" name="password" type="password" autocomplete="current-password" maxlength="20" required>
<p id="signin-error" class="error" role="alert"></p>
<button type="submit" class="button">${texts.signInButton}</button>
</form>
<p><a href="${FORGOT_PASSWORD_PATHS[locale]}">${PASSWORD_TEXTS[locale].forgotLink}</a></p>
</section>`;
  const messages = {
    usernameRequired: texts.usernameRequired,
    passwordRequired: texts.passwordRequired,
    wrongCredentials: texts.wrongCredentials,
    signInFailed: texts.signInFailed,
  };
  const script = html`(function () {
  var texts = ${scriptJson(messages)};
  var cipherUrl = ${scriptJson(cipherUrl)};
  var form = document.getElementById('signin');
  var error = document.getElementById('signin-error');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var username = form.elements.username.value.trim();
    var password = form.elements.password.value.trim();
    if (!username) { error.textContent = texts.usernameRequired; return; }
    if (!password) { error.textContent = texts.passwordRequired; return; }
    error.textContent = '';
    if (!cipherUrl) { error.textContent = texts.signInFailed; return; }
    import(cipherUrl)
      .then(function (cipher) { return cipher.encryptPassword(password, cipher.signInSalt(username)); })
      .then(function (encrypted) {
        return fetch('/api/isAuthenticated?format=json', {
          method: 'POST',
          credentials: 'same-origin',
          body: new URLSearchParams({ username: username, password: encrypted, mode: 'signin' })
        });
      })
      .then(function (response) { return response.json().catch(function () { return null; }); })
      .then(function (answer) {
        if (answer && answer.authenticated === 'true') { window.location.reload(); return; }
        error.textContent = answer && 'authenticated' in answer ? texts.wrongCredentials : texts.signInFailed;
      })
      .catch(function () { error.textContent = texts.signInFailed; });
  });
})();`;
  return { body, script };
}
