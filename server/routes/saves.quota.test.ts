import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourUsage } from '../db/quotas.js';
import { limitText } from '../i18n/limitMessages.js';
import { backends, type TestClient, type TestServer } from '../test/helper.js';
import { collageXml, signedInClient, startWithTestCatalog } from '../test/seed.js';

/**
 * Issue 26 item 4: saves have a per-account quota of the hour, new collages and bytes (one account
 * saving new collages of 500 kB, 4 at a time, grew the database by 16 MB/s). At the limit, in
 * parallel: exactly what one save after another would take, the rest answered 429 in the
 * customer's language with nothing written.
 */

type Answer = { collageid?: number; error?: string; key?: string };

/** A document of about `size` bytes: the padding is editor-only markup the server keeps verbatim. */
function documentOf(size: number, mark: number): string {
  const base = collageXml();
  const padding = `<note text="${'x'.repeat(Math.max(0, size - base.length - 40))}" mark="${mark}"/>`;
  return collageXml({ layers: `    <layers>${padding}</layers>` });
}

async function save(
  client: TestClient,
  xml: string,
  options: { collageId?: number; lang?: string } = {},
) {
  const fields: Record<string, string> = {
    collagexml: xml,
    editor: '2',
    editor_version: '1',
    fororder: 'false',
    templateid: 'alleven',
  };
  if (options.collageId !== undefined) fields.collageid = String(options.collageId);
  const response = await client.request(`/api/save?format=json&lang=${options.lang ?? 'nl'}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe.each(backends)('the save quota on %s', (backend) => {
  const COLLAGES = 3;
  const DOCUMENT = 20_000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithTestCatalog(backend, {
      saveQuotaCollagesPerHour: COLLAGES,
      // two and a half documents' worth of bytes
      saveQuotaBytesPerHour: Math.floor(DOCUMENT * 2.5),
    });
  });
  afterAll(async () => server.destroy());

  const collagesOf = async (userId: number) =>
    Number(
      (
        await server.app.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM collages WHERE user_id = $1',
          [userId],
        )
      )[0]!.n,
    );

  it('8 new collages at once: exactly the hour’s 3 are saved, the rest refused with the quota’s message', async () => {
    const { client, user } = await signedInClient(server);
    const small = collageXml();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => save(client, small, { lang: 'de' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 429, 429, 429, 429, 429,
    ]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ error: limitText('save.quota', 'de'), key: 'save.quota' });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(3600);
    expect(await collagesOf(user.userId)).toBe(COLLAGES);
    expect((await hourUsage(server.app.db, user.userId, 'save')).items).toBe(COLLAGES);
    // a saved collage can still be saved again (it adds no collage), another customer is free
    const first = answers.find((answer) => answer.status === 200)!.body.collageid!;
    expect((await save(client, small, { collageId: first })).status).toBe(200);
    const other = await signedInClient(server);
    expect((await save(other.client, small)).status).toBe(200);
    // an hour later the quota is free again
    await server.app.db.query("UPDATE quota_usage SET at = now() - interval '61 minutes'");
    expect((await save(client, small)).status).toBe(200);
  });

  it('counts the bytes of every save: 8 at once take as many as one after another would', async () => {
    const { client, user } = await signedInClient(server);
    const saved = await save(client, documentOf(DOCUMENT, 0));
    expect(saved.status).toBe(200);
    // one after another: 1 and 2 documents' bytes are under 2.5 documents, 3 are not
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save(client, documentOf(DOCUMENT, index + 1), { collageId: saved.body.collageid! }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 429, 429, 429, 429, 429, 429,
    ]);
    const usage = await hourUsage(server.app.db, user.userId, 'save');
    expect(usage.items).toBe(1);
    expect(usage.bytes).toBeGreaterThanOrEqual(DOCUMENT * 2.5);
    expect(usage.bytes).toBeLessThan(DOCUMENT * 3.5);
    // the refused saves changed nothing: the collage is one of the three saved versions
    expect(await collagesOf(user.userId)).toBe(1);
  });
});
