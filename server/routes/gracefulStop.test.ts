/**
 * SIGTERM stops the server gracefully (what a load balancer's rolling restart relies on): an answer
 * in flight is finished, no new connection is taken, and the process exits 0. The request here is
 * a heartbeat whose body is still arriving when the signal comes.
 */
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isRunning, startServerProcess } from '../test/serverProcess.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connects(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('SIGTERM', () => {
  it(
    'finishes the answer in flight, takes no new connection, and exits 0',
    { timeout: 120_000 },
    async () => {
      const server = await startServerProcess({ backend: 'pglite' });
      if (!isRunning(server)) throw new Error(`server did not start: ${server.output}`);
      const url = new URL(server.url);
      const body = 's=';
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/alive?format=json',
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': body.length + 1,
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        request.write(body);
        // The last byte comes after the signal.
        setTimeout(() => request.end(' '), 1500);
      });
      await pause(300);
      const exit = server.stop();
      await pause(600);
      expect(await connects(url)).toBe(false);
      const { status, text } = await answer;
      expect(status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({
        flashsession: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(await exit).toBe(0);
    },
  );
});
