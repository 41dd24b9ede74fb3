/**
 * GET /api/ready for the load balancer: 200 while the database answers, 503 while it cannot be
 * reached (PostgreSQL behind a TCP relay the test cuts), 200 again once it is back.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';

/** A TCP relay to PostgreSQL that can be cut (listener closed, connections dropped) and restored on the same port. */
async function relayTo(target: URL): Promise<{
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  };
  return { port, cut, restore: async () => void (await listen(port)), close: cut };
}

async function readiness(server: TestServer): Promise<{ status: number; body: unknown }> {
  const response = await new TestClient(server.url).request('/api/ready');
  return { status: response.status, body: await response.json() };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

describe.each(backends)('readiness on %s', (backend) => {
  it('answers 200 while the database answers', async () => {
    server = await startTestServer(backend);
    expect(await readiness(server)).toEqual({ status: 200, body: { ready: true } });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness while PostgreSQL is unreachable', () => {
  it(
    'answers 503 while the database cannot be reached, and 200 again once it is back',
    { timeout: 60_000 },
    async () => {
      const target = new URL(process.env.DATABASE_URL!);
      const relay = await relayTo(target);
      try {
        const relayed = new URL(target);
        relayed.host = `127.0.0.1:${relay.port}`;
        server = await startTestServer('postgres', {
          databaseUrl: relayed.toString(),
          printInWeb: false,
        });
        expect(await readiness(server)).toEqual({ status: 200, body: { ready: true } });
        await relay.cut();
        expect(await readiness(server)).toEqual({ status: 503, body: { ready: false } });
        await relay.restore();
        expect(await readiness(server)).toEqual({ status: 200, body: { ready: true } });
      } finally {
        await relay.close();
      }
    },
  );
});
