/** The dev photo service's own sign-in and consent pages (oidc-provider's interactions). */
import type http from 'node:http';
import type Provider from 'oidc-provider';

interface Account {
  id: string;
  username: string;
  password: string;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(response: http.ServerResponse, title: string, body: string, status = 200): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}form{display:grid;gap:10px;max-width:300px}input{padding:8px;font:inherit}button{padding:10px;font:inherit;background:#c13584;color:#fff;border:0;border-radius:6px}.error{color:#b00020}</style>
</head><body><h1>${escape(title)}</h1>${body}</body></html>`);
}

async function formOf(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 10_000) break;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginForm(uid: string, error = ''): string {
  return `<p>Sign in to the Demo photo service.</p>${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password">
<button type="submit">Sign in</button></form>`;
}

/** GET /interaction/:uid shows sign-in or consent; POST …/login and …/confirm finish them. */
export async function sendInteraction(
  provider: Provider,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  url: URL,
  account: Account,
): Promise<void> {
  const [, , uid, action] = url.pathname.split('/');
  const details = await provider.interactionDetails(request, response);
  if (!uid || details.uid !== uid)
    return page(response, 'Session expired', '<p>Start again from the shop.</p>', 400);
  if (request.method === 'GET' && !action) {
    if (details.prompt.name === 'login') return page(response, 'Sign in', loginForm(uid));
    return page(
      response,
      'Allow access',
      `<p>Fotocollage wants to see your profile and your photos.</p><form method="post" action="/interaction/${escape(uid)}/confirm"><button type="submit">Allow</button></form>`,
    );
  }
  if (request.method === 'POST' && action === 'login') {
    const form = await formOf(request);
    if (form.get('username') !== account.username || form.get('password') !== account.password) {
      return page(response, 'Sign in', loginForm(uid, 'Wrong username or password.'), 200);
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (request.method === 'POST' && action === 'confirm') {
    const { accountId } = details.session ?? {};
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return page(response, 'Session expired', '<p>Start again from the shop.</p>', 400);
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return;
  }
  page(response, 'Not found', '', 404);
}
