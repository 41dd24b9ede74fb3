import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, TestClient, type TestServer } from '../test/helper.js';
import {
  collageXml,
  orderableCollageXml,
  screenshotFixture,
  seedPhoto,
  signedInClient,
  startWithTestCatalog,
} from '../test/seed.js';
import { cartFacts } from '../test/cartPage.js';
import { DONE_PATHS, OVERVIEW_PATHS, SHOP_HOME_PATHS } from './paths.js';
import { LOCALES } from './texts.js';

async function page(
  client: TestClient,
  path: string,
): Promise<{ status: number; html: string; csp: string }> {
  const response = await client.request(path);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  // Intl puts (narrow) no-break spaces in prices; the assertions read them as plain spaces.
  const html = (await response.text()).replace(/[\u00a0\u202f]/g, ' ');
  return {
    status: response.status,
    html,
    csp: response.headers.get('content-security-policy') ?? '',
  };
}

/** A document the print can read (the cart shows what the print makes of it), with its first page's child size and measures changed. */
function printableXml(
  photoId: number,
  screenshot: string,
  change: { child?: string; width?: number; height?: number } = {},
): string {
  let xml = orderableCollageXml({ photoIds: [photoId], screenshotBase64: screenshot });
  if (change.child !== undefined)
    xml = xml.replace(
      /<childTemplateId>[^<]*<\/childTemplateId>/,
      `<childTemplateId>${change.child}</childTemplateId>`,
    );
  if (change.width !== undefined)
    xml = xml.replace(/(<userdata[^>]* width=")[^"]*"/, `$1${change.width}"`);
  if (change.height !== undefined)
    xml = xml.replace(/(<userdata[^>]* height=")[^"]*"/, `$1${change.height}"`);
  return xml;
}

describe.each(backends)('shop-side pages on %s', (backend) => {
  let server: TestServer;
  let screenshot: string;
  beforeAll(async () => {
    screenshot = await screenshotFixture();
    server = await startWithTestCatalog(backend);
  });
  afterAll(async () => {
    await server.destroy();
  });

  async function savedCollage(
    client: TestClient,
    userId: number,
    extra: Record<string, string> = {},
    xmlOptions = {},
    document?: (photoId: number) => string,
  ) {
    const photo = await seedPhoto(server.app.db, userId);
    const answer = await client.postFormJson<{ collageid: number }>('/api/save?format=json', {
      collagexml:
        document?.(photo) ??
        collageXml({ photoIds: [photo], screenshotBase64: screenshot, ...xmlOptions }),
      editor: '2',
      editor_version: '1',
      fororder: 'false',
      templateid: 'alleven',
      ...extra,
    });
    expect(answer.status).toBe(200);
    // These documents are about what the cart shows, not printable ones (orders are checked since
    // issue 17): the order is written as ordering writes it.
    await server.app.db.query(
      "INSERT INTO orders (collage_id, user_id, status) VALUES ($1, $2, 'new')",
      [answer.body.collageid, userId],
    );
    return answer.body.collageid;
  }

  it('shows the owner the ordered collage with screenshot, design, size, material and price', async () => {
    const { client, user } = await signedInClient(server);
    const id = await savedCollage(client, user.userId, {}, {}, (photo) =>
      printableXml(photo, screenshot),
    );
    const order = await server.app.db.query<{ id: string }>(
      'SELECT id FROM orders WHERE collage_id = $1',
      [id],
    );
    const nl = await page(client, `/cart/fromApp?collageid=${id}`);
    expect(nl.status).toBe(200);
    expect(nl.html).toContain('<html lang="nl">');
    expect(nl.html).toContain('<h1>Winkelwagen</h1>');
    expect(nl.html).toMatch(new RegExp(`<img src="/api/collage/${id}/screenshot\\?v=\\d+"`));
    expect(cartFacts(nl.html)).toMatchObject({
      Ontwerp: 'Fotocollage Alle even',
      Formaat: '50 x 40 cm',
      Materiaal: 'Poster',
      Prijs: '€ 39,95',
      Bestelnummer: String(Number(order[0]?.id)),
    });
    expect(nl.html).toContain(`href="/edit/${id}?lang=nl"`);
    const de = await page(client, `/cart/fromApp?collageid=${id}&lang=de`);
    expect(de.html).toContain('<h1>Warenkorb</h1>');
    // German has no <text> in the test catalogue: the Dutch name; English has its own.
    expect(cartFacts(de.html)).toMatchObject({
      Design: 'Fotocollage Alle even',
      Preis: '39,95 €',
      Material: 'Poster',
    });
    const en = await page(client, `/cart/fromApp?collageid=${id}&lang=en`);
    expect(cartFacts(en.html)).toMatchObject({ Design: 'Photo collage All even' });
  });

  it('escapes catalog text, and prices a child size the catalog lost by the size of the same measures', async () => {
    const { client, user } = await signedInClient(server);
    const id = await savedCollage(
      client,
      user.userId,
      { templateid: 'hart' },
      { templateId: 'hart', childTemplateId: 'x', width: 40, height: 40, material: 'CANVAS4CM' },
    );
    const en = await page(client, `/cart/fromApp?collageid=${id}&lang=en`);
    expect(cartFacts(en.html)).toMatchObject({
      Design: 'Hart &#38; ziel',
      Material: 'Canvas 4 cm',
      Price: 'Price on request',
    });
    const other = await savedCollage(client, user.userId, {}, {}, (photo) =>
      printableXml(photo, screenshot, { child: 'gone', width: 30, height: 30 }),
    );
    const lost = cartFacts((await page(client, `/cart/fromApp?collageid=${other}&lang=en`)).html);
    expect(lost).toMatchObject({ Size: '30 x 30 cm', Price: '€24.50' });
  });

  it('answers another user’s collage like a missing one and asks anonymous visitors to sign in', async () => {
    const owner = await signedInClient(server);
    const intruder = await signedInClient(server);
    const id = await savedCollage(owner.client, owner.user.userId);
    const foreign = await page(intruder.client, `/cart/fromApp?collageid=${id}`);
    const missing = await page(intruder.client, `/cart/fromApp?collageid=${id + 100000}`);
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain('Deze collage is niet gevonden.');
    expect(foreign.html).not.toContain('Fotocollage Alle even');
    const strip = (html: string) =>
      html.replace(/nonce="[^"]+"/g, '').replace(/collageid=\d+/g, '');
    expect(strip(missing.html)).toBe(strip(foreign.html));
    const anonymous = await page(new TestClient(server.url), `/cart/fromApp?collageid=${id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.html).toContain('Log in om je bestelling te zien.');
    expect(anonymous.html).toContain('name="username"');
    expect(anonymous.html).not.toContain('Fotocollage Alle even');
  });

  it('lists the user’s collages on the overview pages with an open link per locale', async () => {
    const { client, user } = await signedInClient(server);
    const id = await savedCollage(client, user.userId);
    const nl = await page(client, '/overzicht');
    expect(nl.status).toBe(200);
    expect(nl.html).toContain('<h1>Mijn collages</h1>');
    expect(nl.html).toContain('<h2>Fotocollage Alle even</h2>');
    expect(nl.html).toContain('<p>50 x 40 cm · Poster</p>');
    expect(nl.html).toContain(`<a class="button" href="/edit/${id}?lang=nl">Openen</a>`);
    expect(nl.html).toMatch(new RegExp(`<img src="/api/collage/${id}/screenshot\\?v=\\d+"`));
    const en = await page(client, '/overview');
    expect(en.html).toContain('<h2>Photo collage All even</h2>');
    expect(en.html).toContain('alt="Photo collage All even"');
    const fr = await page(client, '/apercu');
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain('<h1>Mes collages</h1>');
    expect(fr.html).toContain(`<a class="button" href="/editer/${id}?lang=fr">Ouvrir</a>`);
    const forced = await page(client, '/overzicht?lang=es');
    expect(forced.html).toContain(`href="/editar/${id}?lang=es"`);
    const stranger = await signedInClient(server);
    const empty = await page(stranger.client, '/overview');
    expect(empty.html).toContain('You have not saved any collages yet.');
    expect(empty.html).not.toContain(`/edit/${id}`);
  });

  it('shows a sign-in form that posts to /api/isAuthenticated, with scripts allowed only from the site and by its nonce', async () => {
    const de = await page(new TestClient(server.url), '/ueberblick');
    expect(de.status).toBe(200);
    expect(de.html).toContain('<h1>Meine Collagen</h1>');
    expect(de.html).toContain('<label for="signin-username">Benutzername</label>');
    expect(de.html).toContain("fetch('/api/isAuthenticated?format=json'");
    expect(de.html).toContain('cipher.encryptPassword(password, cipher.signInSalt(username))');
    expect(de.html).toContain('"usernameRequired":"Benutzername ist erforderlich."');
    const nonce = /<script nonce="([^"]+)">/.exec(de.html)?.[1];
    expect(nonce).toBeTruthy();
    expect(de.csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    const nl = await page(new TestClient(server.url), '/overzicht');
    expect(nl.html).toContain('"wrongCredentials":"Gebruikersnaam of wachtwoord is niet correct."');
  });

  it('serves the done-with-app pages and the shop home in all six locales', async () => {
    const client = new TestClient(server.url);
    for (const locale of LOCALES) {
      const done = await page(client, DONE_PATHS[locale]);
      expect(done.status).toBe(200);
      expect(done.html).toContain(`<html lang="${locale}">`);
      expect(done.html).toContain(`href="${SHOP_HOME_PATHS[locale]}"`);
      expect(done.html).toContain(`href="${OVERVIEW_PATHS[locale]}"`);
      const home = await page(client, SHOP_HOME_PATHS[locale]);
      expect(home.status).toBe(200);
      expect(home.html).toContain(`<html lang="${locale}">`);
    }
    expect((await page(client, '/klaarmetapp')).html).toContain('<h1>Bedankt!</h1>');
    expect((await page(client, '/finalizado_app')).html).toContain('<h1>¡Gracias!</h1>');
    expect((await page(client, '/winkel')).html).toContain(
      '<a class="button" href="/keuze">Maak je collage</a>',
    );
    expect((await page(client, '/tienda')).html).toContain('href="/eleccion?lang=es"');
  });

  it('after quitting without saving, the done page does not say the collage was kept', async () => {
    const client = new TestClient(server.url);
    const kept = 'Je collage is bewaard.';
    expect((await page(client, '/klaarmetapp?quit=saved')).html).toContain(kept);
    // Without the editor's word the page cannot know, and says neither.
    const visit = (await page(client, '/klaarmetapp')).html;
    expect(visit).not.toContain(kept);
    expect(visit).not.toContain('niet opgeslagen');
    expect(visit).toContain('Bedankt voor je bezoek.');
    const unsaved = await page(client, '/klaarmetapp?quit=unsaved');
    expect(unsaved.html).toContain('<p>Je collage is niet opgeslagen.</p>');
    expect(unsaved.html).not.toContain(kept);
    const changes = await page(client, '/mit_app_erstellt?quit=changes');
    expect(changes.html).toContain('Deine letzten Änderungen wurden nicht gespeichert.');
    expect(changes.html).toContain('href="/klaarmetapp?quit=changes"');
  });
});
