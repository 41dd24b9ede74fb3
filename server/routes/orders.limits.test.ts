import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCollageXml } from '../../src/model/document/collageXml.js';
import { customTemplateAnswer } from '../../src/model/catalog/customTemplate.js';
import { fixtureRoot, settle } from '../../tests/support/stores/collageFixture.js';
import { warningText } from '../catalog/warningTexts.js';
import { limitText } from '../i18n/limitMessages.js';
import { backends, startTestServer, type TestClient, type TestServer } from '../test/helper.js';
import { seedPhoto, signedInClient } from '../test/seed.js';
import { PHOTOS_NOT_AVAILABLE } from './collages.js';

type Answer = {
  collageid?: number;
  orderid?: number;
  error?: string;
  key?: string;
  photos?: string[];
};

/** A 30 x 30 cm collage of template 101 made in the editor store, with these photos in its first slots. */
async function collageXml(photoIds: number[]): Promise<string> {
  const facts = Object.fromEntries(
    photoIds.map((id) => [String(id), { widthPx: 4000, heightPx: 3000 }]),
  );
  const { root } = await fixtureRoot({ photos: facts });
  root.design.open('101');
  root.design.commit();
  await settle();
  expect(root.collage.chooseSize('10108')).toBe(true);
  photoIds.forEach((id, index) => root.collage.placePhoto(`img${index + 1}`, String(id)));
  await settle();
  return writeCollageXml(root.collage.toDocument((id) => id)!);
}

/** The same document with the first page's size, material or child size changed. */
function withUserdata(
  xml: string,
  change: { width?: number; height?: number; material?: string; custom?: boolean },
): string {
  let out = xml.replace(/<userdata([^>]*)>/, (_whole, attributes: string) => {
    let next = attributes;
    if (change.width !== undefined)
      next = next.replace(/ width="[^"]*"/, ` width="${change.width}"`);
    if (change.height !== undefined)
      next = next.replace(/ height="[^"]*"/, ` height="${change.height}"`);
    if (change.material !== undefined)
      next = next.replace(/ material="[^"]*"/, ` material="${change.material}"`);
    return `<userdata${next}>`;
  });
  if (change.custom)
    out = out.replace(
      /<childTemplateId>[^<]*<\/childTemplateId>/,
      '<childTemplateId>999999999999</childTemplateId>',
    );
  return out;
}

async function order(client: TestClient, xml: string, lang = 'nl') {
  const response = await client.request(`/api/save?format=json&lang=${lang}`, {
    method: 'POST',
    body: new URLSearchParams({
      collagexml: xml,
      editor: '2',
      editor_version: '1',
      fororder: 'true',
      templateid: '101',
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer,
    retryAfter: response.headers.get('retry-after'),
  };
}

async function orderCount(server: TestServer, userId: number): Promise<number> {
  const [row] = await server.app.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM orders WHERE user_id = $1',
    [userId],
  );
  return Number(row?.n);
}

/** Orders of a user that wait for their print, written straight into the database. */
async function seedWaitingOrders(server: TestServer, userId: number, count: number): Promise<void> {
  const [collage] = await server.app.db.query<{ id: string | number }>(
    "INSERT INTO collages (user_id, template_id, collage_xml, editor, editor_version) VALUES ($1, '101', '<collage/>', 2, 1) RETURNING id",
    [userId],
  );
  for (let index = 0; index < count; index++) {
    await server.app.db.query(
      "INSERT INTO orders (collage_id, user_id, status) VALUES ($1, $2, 'printing')",
      [collage!.id, userId],
    );
  }
}

describe.each(backends)('orders are checked before they are taken on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { ordersPrintingPerCustomer: 3 });
  });
  afterAll(async () => server.destroy());

  async function customer() {
    const { client, user } = await signedInClient(server);
    const photos = [
      await seedPhoto(server.app.db, user.userId),
      await seedPhoto(server.app.db, user.userId),
    ];
    return { client, userId: user.userId, xml: await collageXml(photos) };
  }

  it('refuses a custom size outside the shop’s rules with the spec’s size warning, and takes no order', async () => {
    const { client, userId, xml } = await customer();
    const answer = await order(
      client,
      withUserdata(xml, { width: 150, height: 100, custom: true }),
    );
    const template = (await server.app.catalog.templates()).find(
      (candidate) => candidate.id === '101',
    )!;
    const expected = customTemplateAnswer(template, '150', '100');
    expect(expected.ok).toBe(false);
    if (expected.ok) return;
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: warningText(expected.warning, 'nl'),
      key: expected.warning.key,
    });
    expect(await orderCount(server, userId)).toBe(0);
  });

  it('refuses a material the size is not made in', async () => {
    const { client, userId, xml } = await customer();
    const answer = await order(client, withUserdata(xml, { material: 'TILES' }), 'en');
    expect(answer).toMatchObject({
      status: 400,
      body: { error: limitText('order.materialNotOffered', 'en'), key: 'order.materialNotOffered' },
    });
    expect(await orderCount(server, userId)).toBe(0);
  });

  it('refuses a document the print could not read (a slot’s photo missing from its photo list)', async () => {
    const { client, userId, xml } = await customer();
    const broken = xml.replace(/<photos><photo id="(\d+)"\/>/, '<photos>');
    expect(broken).not.toBe(xml);
    const answer = await order(client, broken);
    expect(answer).toMatchObject({ status: 400, body: { error: "Couldn't parse the xml data" } });
    expect(await orderCount(server, userId)).toBe(0);
  });

  it('refuses another customer’s photo named in the layout only, on a plain save too', async () => {
    const { client, userId, xml } = await customer();
    const other = await signedInClient(server);
    const theirs = await seedPhoto(server.app.db, other.user.userId);
    const sneaky = xml.replace(/photoid="\d+"/, `photoid="${theirs}"`);
    const saved = await client.postFormJson<Answer>('/api/save?format=json', {
      collagexml: sneaky,
      editor: '2',
      editor_version: '1',
      fororder: 'false',
      templateid: '101',
    });
    expect(saved).toEqual({
      status: 400,
      body: { error: PHOTOS_NOT_AVAILABLE, photos: [String(theirs)] },
    });
    // ordered, the document is refused before its photos are looked at: the print could not read it
    expect((await order(client, sneaky)).status).toBe(400);
    expect(await orderCount(server, userId)).toBe(0);
  });

  it('takes a valid order, and refuses a customer’s fourth waiting order with a clear answer while plain saves go on', async () => {
    const { client, userId, xml } = await customer();
    const taken = await order(client, xml);
    expect(taken.status).toBe(200);
    expect(taken.body.orderid).toEqual(expect.any(Number));
    await server.app.printOrders.idle();
    await seedWaitingOrders(server, userId, 3);
    const refused = await order(client, withUserdata(xml, { material: 'CANVAS2CM' }));
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: limitText('order.tooManyPrinting', 'nl', { count: 3 }),
        key: 'order.tooManyPrinting',
      },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const saved = await client.postFormJson<Answer>('/api/save?format=json', {
      collagexml: xml,
      editor: '2',
      editor_version: '1',
      fororder: 'false',
      templateid: '101',
    });
    expect(saved.status).toBe(200);
  });
});
