import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XML_PARSE_ERROR } from '../collages/collageXml.js';
import { trustProxyFromEnv } from '../config.js';
import { backends, TestClient, type TestServer } from '../test/helper.js';
import { signedInClient, startWithTestCatalog } from '../test/seed.js';
import { saveWithHeartbeat } from '../test/timedCalls.js';

/** The bodies that froze the server for seconds to minutes (issue 17: quadratic scan of the XML). */
const UNFINISHED = { pi: '<?', comment: '<!--', cdata: '<![CDATA[' };

describe.each(backends)('one save never stalls the server on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithTestCatalog(backend, {
      trustProxy: trustProxyFromEnv('true'),
      authRateLimitPerMinute: 5,
    });
  });
  afterAll(async () => server.destroy());

  it.each(Object.entries(UNFINISHED))(
    'answers 400 KB of unfinished %s within 1 s, and a heartbeat meanwhile within 200 ms',
    async (_name, piece) => {
      const { client } = await signedInClient(server);
      const xml = `<collage><templateId>alleven</templateId>${piece.repeat(Math.ceil(400_000 / piece.length))}`;
      const { save, heartbeat } = await saveWithHeartbeat(client, new TestClient(server.url), xml);
      expect(save).toMatchObject({ status: 400, body: { error: XML_PARSE_ERROR } });
      expect(save.ms).toBeLessThan(1000);
      expect(heartbeat.status).toBe(200);
      expect(heartbeat.ms).toBeLessThan(200);
    },
  );

  it('reads a well-formed document of the body limit in slices: the heartbeat does not wait for it', async () => {
    const { client } = await signedInClient(server);
    // about 4 MB of entities in one attribute: well-formed, within the element limits, all structure
    const xml = `<collage><templateId>alleven</templateId><x a="${'&amp;'.repeat(830_000)}"/></collage>`;
    const { save, heartbeat } = await saveWithHeartbeat(client, new TestClient(server.url), xml, 5);
    expect(save).toMatchObject({ status: 400, body: { error: XML_PARSE_ERROR } });
    expect(save.ms).toBeLessThan(1000);
    expect(heartbeat.ms).toBeLessThan(200);
  });
});
