/**
 * A print worker for the PrintQueue's backstop test. A print at dpi 1 starts a thread of its own
 * (as a print starts its tile threads), tells its budget, and then never answers: its thread is
 * busy for good, as a print stuck in a decoder would be. Any other print answers at once.
 */
import { parentPort, Worker } from 'node:worker_threads';
import type { PrintReply, PrintRequest } from '../print/printWorker';

const port = parentPort!;
port.on('message', ({ id, input }: PrintRequest) => {
  const dpi = input.dpi ?? 300;
  if (dpi !== 1) {
    port.postMessage({
      id,
      ok: true,
      jpegParts: [new Uint8Array([0xff, 0xd8, 0xff, 0xd9])],
      widthPx: 1,
      heightPx: 1,
      dpi,
    } satisfies PrintReply);
    return;
  }
  new Worker('setInterval(() => {}, 1000)', { eval: true, name: 'stuck-tile' });
  port.postMessage({ id, budgetMs: 300 } satisfies PrintReply);
  for (;;) {
    // stuck
  }
});
