import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import { MAX_DOCUMENT_CHARS } from './collageXml.js';
import { backends, TestClient } from '../test/helper.js';
import { isRunning, startServerProcess, type ServerProcess } from '../test/serverProcess.js';
import { saveWithHeartbeat, timed } from '../test/timedCalls.js';
import { newAccount, registerAndSignIn } from '../test/users.js';

/**
 * Adversarial documents of the body limit's size, saved over HTTP while another client sends
 * heartbeats: each save answers within 1 s and each heartbeat within 200 ms. The server runs as its
 * own process, so building and sending 4 MB bodies here does not count against its answers. A short
 * run is part of `npm test`; FUZZ_SECONDS=600 runs it for ten minutes and prints how many documents
 * it tried.
 */
const FUZZ_SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);

/** Pieces of markup, finished and unfinished, that parsers have been slow on. */
const PIECES = [
  '<?',
  '?>',
  '<?x ',
  '<!--',
  '-->',
  '<!',
  '<![CDATA[',
  ']]>',
  '<!DOCTYPE',
  '<!ENTITY',
  '<a',
  '<a>',
  '</a>',
  '<a/>',
  '</',
  '<',
  '>',
  '"',
  "'",
  '=',
  ' b="',
  ' b="1"',
  " c='",
  '&',
  '&amp;',
  '&#',
  '&#x41;',
  '&nbsp;',
  '&a',
  ';',
  ' ',
  '\n',
  'x',
  'é',
  '<photo id="1"/>',
  '<userdata width="1" height="1">',
  '</userdata>',
  '<screenshot>',
  '</screenshot>',
  '<templateId>alleven</templateId>',
  '<collage>',
  '</collage>',
];

const pieces = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));
const document = fc.record({
  // the body limit, or just under the longest document the server reads through (MAX_DOCUMENT_CHARS)
  size: fc.constantFrom(BODY_LIMIT_BYTES - 200, MAX_DOCUMENT_CHARS - 100),
  head: fc.constantFrom(
    '',
    '<collage>',
    '<?xml version="1.0"?><collage><templateId>alleven</templateId>',
  ),
  opening: pieces,
  closing: fc.option(pieces, { nil: undefined }),
  tail: fc.constantFrom('', '</collage>'),
});

type Parts = { size: number; head: string; opening: string; closing?: string; tail: string };

/** The document repeats its pieces up to its size (in JSON bytes, so that the body stays within the limit). */
function fill({ size, head, opening, closing, tail }: Parts): string {
  const budget = size;
  const unit = closing === undefined ? opening : opening + closing;
  const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
  const times = Math.max(
    1,
    Math.floor((budget - Buffer.byteLength(JSON.stringify(head + tail))) / unitBytes),
  );
  // nested: all openings, then all closings; flat: the unit repeated
  const body =
    closing === undefined ? opening.repeat(times) : opening.repeat(times) + closing.repeat(times);
  return head + body + tail;
}

describe.each(backends)('adversarial documents of the body limit on %s', (backend) => {
  let server: ServerProcess;
  beforeAll(async () => {
    const started = await startServerProcess({ backend });
    if (!isRunning(started)) throw new Error(`server did not start: ${started.output}`);
    server = started;
  }, 180_000);
  afterAll(async () => {
    await server.stop();
  });

  it(
    'are answered within 1 s each while heartbeats answer within 200 ms',
    { timeout: (FUZZ_SECONDS + 120) * 1000 },
    async () => {
      const client = new TestClient(server.url);
      await registerAndSignIn(client, newAccount('fuzz'));
      const other = new TestClient(server.url);
      let tried = 0;
      let busy = 0;
      let slowest = { save: 0, heartbeat: 0, cpu: 0 };
      // warm the server up: the first answers of a fresh process compile its code
      for (let round = 0; round < 3; round++)
        await saveWithHeartbeat(
          client,
          other,
          fill({ size: MAX_DOCUMENT_CHARS - 100, head: '<collage>', opening: '<?', tail: '' }),
          5,
        );
      await fc.assert(
        fc.asyncProperty(document, async (parts) => {
          const xml = fill(parts);
          // The clock bounds hold on a quiet machine. On one so busy that a heartbeat alone takes over
          // 20 ms before or after the round (others' builds and browsers), the wall clock measures the
          // load: such rounds are counted, and the server's own CPU time for the round must stay under 1 s.
          const before = await timed(() => other.postForm('/api/alive?format=json', {}));
          const cpuBefore = server.cpuMs();
          const { save, heartbeat } = await saveWithHeartbeat(client, other, xml, 5);
          const cpu = server.cpuMs() - cpuBefore;
          const after = await timed(() => other.postForm('/api/alive?format=json', {}));
          tried += 1;
          slowest = {
            save: Math.max(slowest.save, save.ms),
            heartbeat: Math.max(slowest.heartbeat, heartbeat.ms),
            cpu: Math.max(slowest.cpu, cpu),
          };
          expect(save.status).not.toBe(413);
          expect(save.status).not.toBe(500);
          expect(heartbeat.status).toBe(200);
          expect(cpu).toBeLessThan(1000);
          if (Math.max(before.ms, after.ms) > 20) {
            busy += 1;
            return;
          }
          expect(save.ms).toBeLessThan(1000);
          expect(heartbeat.ms).toBeLessThan(200);
        }),
        FUZZ_SECONDS > 0
          ? {
              numRuns: Number.MAX_SAFE_INTEGER,
              interruptAfterTimeLimit: FUZZ_SECONDS * 1000,
              markInterruptAsFailure: false,
            }
          : { numRuns: 12 },
      );
      if (FUZZ_SECONDS > 0) {
        console.log(
          `fuzz on ${backend}: ${tried} documents of up to ${BODY_LIMIT_BYTES} bytes in ${FUZZ_SECONDS} s; slowest save ${slowest.save.toFixed(0)} ms, slowest heartbeat ${slowest.heartbeat.toFixed(0)} ms, most server CPU for one round ${slowest.cpu} ms; ${busy} busy rounds (a lone heartbeat over 20 ms)`,
        );
      }
      expect(tried).toBeGreaterThan(0);
    },
  );
});
