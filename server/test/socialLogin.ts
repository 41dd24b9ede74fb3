import net from 'node:net';
import type { TestClient } from './helper.js';

/** The address the tests' social config sends customers back to; the fake browser maps it onto the test server. */
export const TEST_SHOP_URL = 'http://shop.test';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Goes through the login popup as a browser would: the shop's /api/social/login, the service's
 * sign-in and consent pages (its cookies kept here), back to the shop's callback. Answers the
 * callback page's HTML.
 */
export async function loginThroughPopup(
  shop: TestClient,
  credentials = { username: 'demo', password: 'demo' },
): Promise<string> {
  const jar = new Map<string, string>();
  const serviceFetch = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), rest.join('='));
    }
    return response;
  };
  // The editor opens the popup from its own page: the browser marks the navigation same-origin.
  let response = await shop.request('/api/social/login', {
    headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
  });
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    const target = new URL(location, response.url || TEST_SHOP_URL);
    if (target.origin === TEST_SHOP_URL)
      return (await shop.request(target.pathname + target.search)).text();
    response = await serviceFetch(target.href);
    const page = response.status === 200 ? await response.text() : '';
    const form = /<form method="post" action="([^"]+)"/.exec(page);
    if (form) {
      const action = new URL(form[1]!.replace(/&#47;/g, '/'), target).href;
      const body = page.includes('name="username"')
        ? new URLSearchParams(credentials)
        : new URLSearchParams();
      response = await serviceFetch(action, { method: 'POST', body });
      if (response.status === 200) return response.text();
    }
  }
  throw new Error(`the login did not come back to the shop (last answer ${response.status})`);
}

/** The ticket in the callback page's message, or null. */
export function ticketOf(callbackPage: string): string | null {
  return /fotocollage-social:([A-Za-z0-9_-]{20,})/.exec(callbackPage)?.[1] ?? null;
}
