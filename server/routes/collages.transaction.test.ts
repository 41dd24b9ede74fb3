import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../test/helper.js';
import {
  collageXml,
  orderableCollageXml,
  seedPhoto,
  signedInClient,
  startWithTestCatalog,
} from '../test/seed.js';

/**
 * A save is one transaction. To prove it, a trigger makes linking one particular photo fail after the
 * collage row was already written: nothing of that save may remain.
 */
describe.each(backends)('a save is all or nothing on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithTestCatalog(backend);
  });
  afterAll(async () => {
    await server.destroy();
  });

  async function failLinkingPhoto(photoId: number): Promise<void> {
    await server.app.db.query(`CREATE OR REPLACE FUNCTION refuse_link() RETURNS trigger AS $$
      BEGIN
        IF NEW.photo_id = ${photoId} THEN RAISE EXCEPTION 'photo link refused for the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await server.app.db.query('DROP TRIGGER IF EXISTS refuse_link ON collage_photos');
    await server.app.db.query(
      'CREATE TRIGGER refuse_link BEFORE INSERT ON collage_photos FOR EACH ROW EXECUTE FUNCTION refuse_link()',
    );
  }

  it('leaves no collage, link or order when a photo link fails', async () => {
    const { client, user } = await signedInClient(server);
    const good = await seedPhoto(server.app.db, user.userId);
    const doomed = await seedPhoto(server.app.db, user.userId);
    await failLinkingPhoto(doomed);
    const answer = await client.postForm('/api/save?format=json', {
      collagexml: orderableCollageXml({ photoIds: [good, doomed] }),
      editor: '2',
      editor_version: '1',
      fororder: 'true',
      templateid: 'alleven',
    });
    expect(answer.status).toBe(500);
    expect(
      await server.app.db.query('SELECT id FROM collages WHERE user_id = $1', [user.userId]),
    ).toEqual([]);
    expect(
      await server.app.db.query('SELECT id FROM orders WHERE user_id = $1', [user.userId]),
    ).toEqual([]);
    expect(
      await server.app.db.query(
        'SELECT photo_id FROM collage_photos WHERE photo_id = ANY($1::bigint[])',
        [[String(good), String(doomed)]],
      ),
    ).toEqual([]);
  });

  it('keeps the previous version when an update fails half-way', async () => {
    const { client, user } = await signedInClient(server);
    const kept = await seedPhoto(server.app.db, user.userId);
    const doomed = await seedPhoto(server.app.db, user.userId);
    const original = collageXml({ photoIds: [kept] });
    const fields = { editor: '2', editor_version: '1', fororder: 'false', templateid: 'alleven' };
    const created = await client.postFormJson<{ collageid: number }>('/api/save?format=json', {
      ...fields,
      collagexml: original,
    });
    await failLinkingPhoto(doomed);
    const failed = await client.postForm('/api/save?format=json', {
      ...fields,
      collagexml: collageXml({ photoIds: [kept, doomed], width: 30, height: 30 }),
      collageid: String(created.body.collageid),
    });
    expect(failed.status).toBe(500);
    const loaded = await client.postFormJson<{ collagexml: string; photos: { id: number }[] }>(
      '/api/load?format=json',
      {
        collageid: String(created.body.collageid),
      },
    );
    expect(loaded.body.collagexml).toBe(original);
    expect(loaded.body.photos.map((photo) => photo.id)).toEqual([kept]);
  });
});
