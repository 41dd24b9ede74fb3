import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';

describe.each(backends)('/collage/ajaxDone/s/ on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server.destroy());

  it.each([
    [
      'a beacon with the session',
      '/collage/ajaxDone/s/0123456789abcdef0123456789abcdef',
      { method: 'POST', body: '', headers: { 'content-type': 'text/plain;charset=UTF-8' } },
    ],
    ['a bare POST', '/collage/ajaxDone/s/', { method: 'POST' }],
    ['a GET', '/collage/ajaxDone/s/abc', { method: 'GET' }],
  ])('answers %s with 204 and changes nothing', async (_name, path, init: RequestInit) => {
    const response = await new TestClient(server.url).request(path, init);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('refuses a session that is not an id', async () => {
    const response = await new TestClient(server.url).request('/collage/ajaxDone/s/%3Cscript%3E', {
      method: 'POST',
    });
    expect(response.status).toBe(400);
  });
});
