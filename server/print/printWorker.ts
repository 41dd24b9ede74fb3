/**
 * A print worker thread: renders one print master at a time for the PrintQueue, with its own
 * CanvasKit, fonts and photo codec (loaded on the first job, kept for the next). The JPEG's parts
 * are transferred back, not copied. Once a print is planned its time budget goes to the queue
 * first (the queue's backstop, should this thread not come back from the print).
 */
import { parentPort } from 'node:worker_threads';
import { PrintError, renderPrintMaster, type PrintInput } from './printMaster';
import type { PrintBounds } from './printBounds';

export interface PrintRequest {
  id: string;
  input: PrintInput;
  bounds: PrintBounds;
}

export type PrintReply =
  | {
      id: string;
      ok: true;
      jpegParts: Uint8Array[];
      widthPx: number;
      heightPx: number;
      dpi: number;
    }
  | { id: string; ok: false; code: string; message: string }
  | { id: string; budgetMs: number };

if (!parentPort) throw new Error('printWorker.ts runs as a worker thread');
const port = parentPort;

port.on('message', async ({ id, input, bounds }: PrintRequest) => {
  try {
    const master = await renderPrintMaster(input, {
      bounds,
      onBudget: (budgetMs) => port.postMessage({ id, budgetMs } satisfies PrintReply),
    });
    const reply: PrintReply = { id, ok: true, ...master };
    port.postMessage(
      reply,
      master.jpegParts.map((part) => part.buffer as ArrayBuffer),
    );
  } catch (error) {
    const reply: PrintReply = {
      id,
      ok: false,
      code: error instanceof PrintError ? error.code : 'FAILED',
      message: error instanceof Error ? error.message : String(error),
    };
    port.postMessage(reply);
  }
});
