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
import { COLLAGE_NOT_FOUND, LOAD_ERROR, PHOTOS_NOT_AVAILABLE, TEMPLATE_ERROR } from './collages.js';

type Answer = { collageid?: number; error?: string; photos?: string[] };

function saveFields(xml: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    collagexml: xml,
    editor: '2',
    editor_version: '1',
    fororder: 'false',
    templateid: 'alleven',
    ...extra,
  };
}

async function save(client: TestClient, xml: string, extra: Record<string, string> = {}) {
  return client.postFormJson<Answer>('/api/save?format=json', saveFields(xml, extra));
}

async function load(client: TestClient, collageid: string | number) {
  return client.postFormJson<Record<string, unknown>>('/api/load?format=json', {
    collageid: String(collageid),
  });
}

describe.each(backends)('saving, loading and listing collages on %s', (backend) => {
  let server: TestServer;
  let screenshot: string;
  beforeAll(async () => {
    screenshot = await screenshotFixture();
    server = await startWithTestCatalog(backend);
  });
  afterAll(async () => {
    await server.destroy();
  });

  it('loads exactly what was saved: the XML byte for byte, photos in document order, pages', async () => {
    const { client, user } = await signedInClient(server);
    const first = await seedPhoto(server.app.db, user.userId, {
      orgWidth: 6000,
      orgHeight: 4000,
      webWidth: 1024,
      webHeight: 683,
      suggestedRotation: 90,
      unique: 'k.1',
    });
    const second = await seedPhoto(server.app.db, user.userId, {
      webWidth: null,
      webHeight: null,
      type: 'instagram',
      unique: null,
      suggestedRotation: 45,
    });
    const xml = collageXml({ photoIds: [second, first], screenshotBase64: screenshot });
    const saved = await save(client, xml);
    expect(saved.status).toBe(200);
    expect(saved.body.collageid).toEqual(expect.any(Number));

    const loaded = await load(client, saved.body.collageid!);
    expect(loaded.status).toBe(200);
    expect(loaded.body.collagexml).toBe(xml);
    expect(loaded.body.editor).toBe(2);
    const [row] = await server.app.db.query<{ collage_xml: string; screenshot: string }>(
      'SELECT collage_xml, screenshot FROM collages WHERE id = $1',
      [saved.body.collageid],
    );
    expect(row?.collage_xml).not.toContain(screenshot.slice(0, 40));
    expect(row?.screenshot).toBe(screenshot);
    expect(loaded.body.photos).toEqual([
      {
        src: `/api/photo/${second}/web`,
        orgWidth: 4000,
        orgHeight: 3000,
        webWidth: 4000,
        webHeight: 3000,
        id: second,
        type: 'instagram',
        unique: '',
        suggestedRotation: 0,
      },
      {
        src: `/api/photo/${first}/web`,
        orgWidth: 6000,
        orgHeight: 4000,
        webWidth: 1024,
        webHeight: 683,
        id: first,
        type: 'computer',
        unique: 'k.1',
        suggestedRotation: 90,
      },
    ]);
    const userdata = xml.slice(
      xml.indexOf('<userdata'),
      xml.indexOf('</userdata>') + '</userdata>'.length,
    );
    expect(loaded.body.pages).toEqual([
      {
        templateId: 'alleven',
        childTemplateId: '101',
        userdata,
        photoBackgroundColor: '0x000000',
        photoBorderAutomaticColor: true,
      },
    ]);
  });

  it('updates its own collage in place when the save names it', async () => {
    const { client, user } = await signedInClient(server);
    const a = await seedPhoto(server.app.db, user.userId);
    const b = await seedPhoto(server.app.db, user.userId);
    const created = await save(client, collageXml({ photoIds: [a] }));
    const id = created.body.collageid!;
    const changed = collageXml({ photoIds: [b], childTemplateId: '102', width: 30, height: 30 });
    const updated = await save(client, changed, { collageid: String(id) });
    expect(updated).toEqual({ status: 200, body: { collageid: id } });
    const loaded = await load(client, id);
    expect(loaded.body.collagexml).toBe(changed);
    expect((loaded.body.photos as { id: number }[]).map((photo) => photo.id)).toEqual([b]);
    const list = await client.postFormJson<{ collages: { id: number; size: string }[] }>(
      '/api/list?format=json',
      {},
    );
    expect(list.body.collages).toEqual([expect.objectContaining({ id, size: '30x30' })]);
  });

  it('refuses unparsable XML and unknown templates with the spec messages', async () => {
    const { client } = await signedInClient(server);
    for (const bad of [
      '<collage><templateId>alleven</collage>',
      'not xml',
      '<other><templateId>alleven</templateId></other>',
      '<collage/><collage/>',
      '<!DOCTYPE collage [<!ENTITY a "aaaa">]><collage><templateId>&a;</templateId></collage>',
    ]) {
      expect(await save(client, bad)).toEqual({
        status: 400,
        body: { error: "Couldn't parse the xml data" },
      });
    }
    expect(await save(client, collageXml({ templateId: 'nope' }), { templateid: 'nope' })).toEqual({
      status: 400,
      body: { error: TEMPLATE_ERROR },
    });
    expect(await save(client, '<collage><photos/></collage>', { templateid: '' })).toEqual({
      status: 400,
      body: { error: TEMPLATE_ERROR },
    });
    const list = await client.postFormJson<{ collages: unknown[] }>('/api/list?format=json', {});
    expect(list.body.collages).toEqual([]);
  });

  it('refuses another user’s photo exactly like a photo that does not exist, and keeps nothing', async () => {
    const { client, user } = await signedInClient(server);
    const other = await signedInClient(server);
    const mine = await seedPhoto(server.app.db, user.userId);
    const theirs = await seedPhoto(server.app.db, other.user.userId);
    const foreign = await save(client, collageXml({ photoIds: [mine, theirs] }));
    expect(foreign).toEqual({
      status: 400,
      body: { error: PHOTOS_NOT_AVAILABLE, photos: [String(theirs)] },
    });
    const missing = await save(client, collageXml({ photoIds: [mine, 987654321] }));
    expect(missing).toEqual({
      status: 400,
      body: { error: PHOTOS_NOT_AVAILABLE, photos: ['987654321'] },
    });
    const malformed = await save(client, collageXml({ photoIds: ['abc'] }));
    expect(malformed).toEqual({
      status: 400,
      body: { error: PHOTOS_NOT_AVAILABLE, photos: ['abc'] },
    });
    const rows = await server.app.db.query('SELECT id FROM collages WHERE user_id = $1', [
      user.userId,
    ]);
    expect(rows).toEqual([]);
  });

  it('keeps every collage private: a second user can neither load, list, overwrite nor see screenshots', async () => {
    const owner = await signedInClient(server);
    const intruder = await signedInClient(server);
    const photo = await seedPhoto(server.app.db, owner.user.userId);
    const xml = collageXml({ photoIds: [photo], screenshotBase64: screenshot });
    const id = (await save(owner.client, xml)).body.collageid!;
    const missingId = id + 100000;

    const foreignLoad = await load(intruder.client, id);
    const missingLoad = await load(intruder.client, missingId);
    expect(foreignLoad).toEqual({ status: 404, body: { error: LOAD_ERROR } });
    expect(missingLoad).toEqual(foreignLoad);
    expect(await load(intruder.client, 'drop table')).toEqual(foreignLoad);

    const list = await intruder.client.request('/api/list?format=json');
    expect(await list.json()).toEqual({ collages: [] });

    const overwrite = await save(intruder.client, collageXml(), { collageid: String(id) });
    const overwriteMissing = await save(intruder.client, collageXml(), {
      collageid: String(missingId),
    });
    expect(overwrite).toEqual({ status: 404, body: { error: COLLAGE_NOT_FOUND } });
    expect(overwriteMissing).toEqual(overwrite);
    expect((await load(owner.client, id)).body.collagexml).toBe(xml);

    const shot = await intruder.client.request(`/api/collage/${id}/screenshot`);
    const shotMissing = await intruder.client.request(`/api/collage/${missingId}/screenshot`);
    expect(shot.status).toBe(404);
    expect([shotMissing.status, await shotMissing.text()]).toEqual([
      shot.status,
      await shot.text(),
    ]);
    const own = await owner.client.request(`/api/collage/${id}/screenshot`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(screenshot, 'base64'))).toBe(
      true,
    );
  });

  it('lists the signed-in user’s collages newest first with a working screenshot URL', async () => {
    const { client, user } = await signedInClient(server);
    const photo = await seedPhoto(server.app.db, user.userId);
    const older = (
      await save(client, collageXml({ photoIds: [photo], screenshotBase64: screenshot }))
    ).body.collageid!;
    const newer = (
      await save(
        client,
        collageXml({
          templateId: 'hart',
          childTemplateId: '201',
          width: 40,
          height: 40,
          material: 'CANVAS4CM',
        }),
        { templateid: 'hart' },
      )
    ).body.collageid!;
    const get = await client.request('/api/list?format=json');
    const post = await client.postFormJson<{ collages: Record<string, string>[] }>(
      '/api/list?format=json',
      {},
    );
    expect(await get.json()).toEqual(post.body);
    const [first, second] = post.body.collages;
    expect(post.body.collages).toHaveLength(2);
    expect(first).toEqual({
      id: newer,
      template: 'hart',
      name: 'Hart & ziel',
      size: '40x40',
      material: 'CANVAS4CM',
      screenshot: '',
      updated: expect.any(String),
    });
    expect(second).toMatchObject({
      id: older,
      template: 'alleven',
      name: 'Fotocollage Alle even',
      size: '50x40',
      material: 'POSTER',
    });
    expect(second?.screenshot).toMatch(new RegExp(`^/api/collage/${older}/screenshot\\?v=\\d+$`));
    expect(Date.parse(first!.updated!)).toBeGreaterThanOrEqual(Date.parse(second!.updated!));
    const image = await client.request(second!.screenshot!);
    expect(image.status).toBe(200);
    const again = await client.request(second!.screenshot!, {
      headers: { 'if-none-match': image.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('orders an unchanged collage once: a second order answers the first, a changed or failed one gets a new order', async () => {
    const { client, user } = await signedInClient(server);
    const orders = async () =>
      (
        await server.app.db.query<{ id: string; status: string }>(
          'SELECT id, status FROM orders WHERE user_id = $1 ORDER BY id',
          [user.userId],
        )
      ).map((row) => Number(row.id));
    const first = await save(client, orderableCollageXml({ screenshotBase64: screenshot }), {
      fororder: 'true',
    });
    const id = first.body.collageid!;
    expect(first.body).toEqual({
      collageid: id,
      orderid: expect.any(Number),
      alreadyordered: false,
    });
    const orderId = (first.body as { orderid: number }).orderid;
    // The test catalog has no artwork to print with; the shop's printer took it as far as 'printing'.
    await server.app.printOrders.idle();
    await server.app.db.query("UPDATE orders SET status = 'printing' WHERE id = $1", [orderId]);

    // Saved again without a change (a new screenshot is no change), then ordered again: the same order.
    expect((await save(client, orderableCollageXml(), { collageid: String(id) })).body).toEqual({
      collageid: id,
    });
    const again = await save(client, orderableCollageXml({ screenshotBase64: screenshot }), {
      fororder: 'true',
      collageid: String(id),
    });
    expect(again.body).toEqual({ collageid: id, orderid: orderId, alreadyordered: true });
    expect(await orders()).toEqual([orderId]);

    // A changed collage is another print: a new order.
    const photo = await seedPhoto(server.app.db, user.userId);
    const changed = await save(client, orderableCollageXml({ photoIds: [photo] }), {
      fororder: 'true',
      collageid: String(id),
    });
    expect(changed.body).toMatchObject({ collageid: id, alreadyordered: false });
    await server.app.printOrders.idle();
    expect(await orders()).toHaveLength(2);

    // An order whose print failed is ordered anew.
    await server.app.db.query("UPDATE orders SET status = 'failed' WHERE id = $1", [
      (changed.body as { orderid: number }).orderid,
    ]);
    const retried = await save(client, orderableCollageXml({ photoIds: [photo] }), {
      fororder: 'true',
      collageid: String(id),
    });
    expect(retried.body).toMatchObject({ alreadyordered: false });
    await server.app.printOrders.idle();
    expect(await orders()).toHaveLength(3);
  });

  it('answers 401 to callers that are not signed in', async () => {
    const anonymous = new TestClient(server.url);
    expect((await save(anonymous, collageXml())).status).toBe(401);
    expect((await load(anonymous, 1)).status).toBe(401);
    expect((await anonymous.request('/api/list?format=json')).status).toBe(401);
    expect((await anonymous.request('/api/collage/1/screenshot')).status).toBe(401);
  });

  it('refuses a screenshot that is not a JPEG and a save without XML', async () => {
    const { client } = await signedInClient(server);
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex').toString('base64');
    expect((await save(client, collageXml({ screenshotBase64: png }))).body.error).toBe(
      "Couldn't save: the screenshot is not a JPEG image",
    );
    const noXml = await client.postFormJson<Answer>('/api/save?format=json', {
      editor: '2',
      editor_version: '1',
    });
    expect(noXml.status).toBe(400);
    expect(noXml.body.error).toMatch(/^Bad request: /);
  });

  it('keeps collages across a restart', async () => {
    const { client, user } = await signedInClient(server);
    const photo = await seedPhoto(server.app.db, user.userId);
    const xml = collageXml({ photoIds: [photo] });
    const id = (await save(client, xml)).body.collageid!;
    server = await server.restart();
    const again = new TestClient(server.url);
    again.setCookie('fc_session', user.sessionId);
    const loaded = await load(again, id);
    expect(loaded.status).toBe(200);
    expect(loaded.body.collagexml).toBe(xml);
  });
});
