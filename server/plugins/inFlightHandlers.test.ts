import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { trackInFlightHandlers } from './inFlightHandlers.js';

/** A promise the test resolves by hand: the handler waits on it after its client has gone. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Sends GET `path`, and once the handler has started (`started`), drops the connection. */
function requestThenHangUp(url: string, started: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url);
    request.on('error', () => undefined);
    void started.then(() => {
      request.destroy();
      resolve();
    });
  });
}

describe.each(backends)('a stopping server on %s', (backend) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.destroy();
    server = undefined;
  });

  it('closes the database only after the handler of a client that went away has written', async () => {
    const release = gate();
    const started = gate();
    let written: unknown;
    server = await startTestServer(backend, {}, {}, (app) => {
      app.get('/test/slow-write', async () => {
        started.open();
        await release.opened;
        // a real write, as a save's would be: the database must still be open
        written = await app.db.query('SELECT 41 + 1 AS answer').catch((error: unknown) => error);
        return { ok: true };
      });
    });
    await requestThenHangUp(`${server.url}/test/slow-write`, started.opened);
    const stopping = server.stop();
    // the client is gone, so no connection holds the close: only the handler count does
    await new Promise((resolve) => setTimeout(resolve, 100));
    release.open();
    await stopping;
    expect(written).toEqual([{ answer: 42 }]);
  });
});

describe('trackInFlightHandlers', () => {
  it('counts async and reply-style handlers until they finish, and gives up after the grace time', async () => {
    const app = Fastify();
    const inFlight = trackInFlightHandlers(app);
    const release = gate();
    app.get('/async', async () => {
      await release.opened;
      return 'done';
    });
    app.get('/reply', (_request, reply) => {
      void release.opened.then(() => reply.send('done'));
      return reply;
    });
    app.get('/sync', (_request, reply) => {
      reply.send('at once');
    });
    await app.ready();

    const answers = Promise.all(['/async', '/reply'].map((url) => app.inject({ url })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inFlight.count).toBe(2);
    expect(await inFlight.settled(30)).toBe(false);
    release.open();
    expect(await inFlight.settled(1000)).toBe(true);
    expect((await answers).map((answer) => answer.body)).toEqual(['done', 'done']);

    expect((await app.inject({ url: '/sync' })).body).toBe('at once');
    expect(inFlight.count).toBe(0);
    await app.close();
  });

  it('still answers a thrown error and stops counting its handler', async () => {
    const app = Fastify();
    const inFlight = trackInFlightHandlers(app);
    app.get('/throws', () => {
      throw new Error('broken');
    });
    app.get('/rejects', async () => {
      throw new Error('broken');
    });
    for (const url of ['/throws', '/rejects'])
      expect((await app.inject({ url })).statusCode).toBe(500);
    expect(inFlight.count).toBe(0);
    await app.close();
  });
});
