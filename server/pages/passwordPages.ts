import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORGOT_PASSWORD_PATHS, RESET_PASSWORD_PATHS } from '../../src/i18n/localePaths.js';
import { shopCipherUrl } from './assets.js';
import { languageLinks, pageHeader } from './chrome.js';
import { html, scriptJson, sendPage } from './html.js';
import { chooseLocale, OVERVIEW_PATHS, pathsByLocale } from './paths.js';
import { PASSWORD_TEXTS } from './passwordTexts.js';
import { PAGE_TEXTS, type Locale } from './texts.js';

type LangRequest = FastifyRequest<{ Querystring: { lang?: string } }>;

/** The forgotten-password pages: ask for the link, and set the new password with it. */
export async function passwordPageRoutes(app: FastifyInstance): Promise<void> {
  for (const [locale, path] of pathsByLocale(FORGOT_PASSWORD_PATHS)) {
    app.get(path, async (request: LangRequest, reply) =>
      forgotPage(reply, chooseLocale(locale, request.query.lang)),
    );
  }
  for (const [locale, path] of pathsByLocale(RESET_PASSWORD_PATHS)) {
    app.get(path, async (request: LangRequest, reply) =>
      resetPage(app, reply, chooseLocale(locale, request.query.lang)),
    );
  }
}

function forgotPage(reply: FastifyReply, locale: Locale): FastifyReply {
  const texts = PASSWORD_TEXTS[locale];
  const body = html`<p>${texts.forgotIntro}</p>
<form id="forgot" class="signin" novalidate>
<label for="forgot-email">${texts.email}</label>
<input id="forgot-email" name="email" type="email" autocomplete="email" maxlength="120" required>
<p id="forgot-error" class="error" role="alert"></p>
<button type="submit" class="button">${texts.forgotButton}</button>
</form>
<p id="forgot-sent" role="status" hidden>${texts.forgotSent}</p>`;
  const script = html`(function () {
  var texts = ${scriptJson({ failed: texts.failed, lang: locale })};
  var form = document.getElementById('forgot');
  var error = document.getElementById('forgot-error');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    fetch('/api/forgotPassword?format=json', {
      method: 'POST',
      credentials: 'same-origin',
      body: new URLSearchParams({ email: form.elements.email.value.trim(), lang: texts.lang })
    })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (answer.sent === 'true') { form.hidden = true; document.getElementById('forgot-sent').hidden = false; return; }
        error.textContent = (answer.errors && answer.errors[0] && answer.errors[0].message) || answer.error || texts.failed;
      })
      .catch(function () { error.textContent = texts.failed; });
  });
})();`;
  return sendPage(reply, {
    locale,
    title: texts.forgotTitle,
    header: pageHeader(locale),
    body,
    script,
    footer: languageLinks(locale, (other) => FORGOT_PASSWORD_PATHS[other]),
  });
}

/**
 * The link's page: the token is in the fragment, so the script asks whether the link still works,
 * then encrypts the new password with the token as salt (the transport cipher of the other forms).
 */
function resetPage(app: FastifyInstance, reply: FastifyReply, locale: Locale): FastifyReply {
  const texts = PASSWORD_TEXTS[locale];
  const body = html`<p id="reset-invalid" class="error" role="alert" hidden></p>
<p id="reset-again" hidden><a href="${FORGOT_PASSWORD_PATHS[locale]}">${texts.requestNewLink}</a></p>
<form id="reset" class="signin" novalidate hidden>
<p>${texts.resetIntro}</p>
<label for="reset-password">${texts.newPassword}</label>
<input id="reset-password" name="password" type="password" autocomplete="new-password" maxlength="20" required>
<label for="reset-password-again">${texts.newPasswordAgain}</label>
<input id="reset-password-again" name="password_again" type="password" autocomplete="new-password" maxlength="20" required>
<p id="reset-error" class="error" role="alert"></p>
<button type="submit" class="button">${texts.resetButton}</button>
</form>
<div id="reset-done" hidden><p role="status">${texts.resetDone}</p>
<p><a class="button" href="${OVERVIEW_PATHS[locale]}">${PAGE_TEXTS[locale].overviewTitle}</a></p></div>`;
  const script = html`(function () {
  var settings = ${scriptJson({ failed: texts.failed, lang: locale, cipherUrl: shopCipherUrl(app.config.staticDir) })};
  var token = (new URLSearchParams(window.location.hash.slice(1))).get('token') || '';
  // The same link in another language keeps its token.
  document.querySelectorAll('nav.languages a').forEach(function (link) { link.href += window.location.hash; });
  var form = document.getElementById('reset');
  var error = document.getElementById('reset-error');
  function post(path, fields) {
    fields.lang = settings.lang;
    return fetch(path + '?format=json', { method: 'POST', credentials: 'same-origin', body: new URLSearchParams(fields) })
      .then(function (response) { return response.json(); });
  }
  function messageOf(answer) { return (answer.errors && answer.errors[0] && answer.errors[0].message) || answer.error || settings.failed; }
  function invalid(message) {
    form.hidden = true;
    var box = document.getElementById('reset-invalid');
    box.textContent = message;
    box.hidden = false;
    document.getElementById('reset-again').hidden = false;
  }
  post('/api/checkResetLink', { token: token })
    .then(function (answer) { if (answer.usable === 'true') form.hidden = false; else invalid(messageOf(answer)); })
    .catch(function () { invalid(settings.failed); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    var password = form.elements.password.value.trim();
    var again = form.elements.password_again.value.trim();
    if (!settings.cipherUrl) { error.textContent = settings.failed; return; }
    import(settings.cipherUrl)
      .then(function (cipher) {
        var salt = cipher.resetSalt(token);
        return Promise.all([cipher.encryptPassword(password, salt), cipher.encryptPassword(again, salt)]);
      })
      .then(function (encrypted) { return post('/api/resetPassword', { token: token, password: encrypted[0], password_again: encrypted[1] }); })
      .then(function (answer) {
        if (answer.authenticated === 'true') {
          form.hidden = true;
          document.getElementById('reset-done').hidden = false;
          history.replaceState(null, '', window.location.pathname);
          return;
        }
        var field = answer.errors && answer.errors[0] && answer.errors[0].field;
        if (field === 'all') invalid(messageOf(answer)); else error.textContent = messageOf(answer);
      })
      .catch(function () { error.textContent = settings.failed; });
  });
})();`;
  return sendPage(reply, {
    locale,
    title: texts.resetTitle,
    header: pageHeader(locale),
    body,
    script,
    footer: languageLinks(locale, (other) => RESET_PASSWORD_PATHS[other]),
  });
}
