import type { TestClient } from './helper.js';

export interface Timed {
  status: number;
  ms: number;
  body: unknown;
}

/** One call and how long its answer took, on the wall clock of the test. */
export async function timed(call: () => Promise<Response>): Promise<Timed> {
  const started = performance.now();
  const response = await call();
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, ms: performance.now() - started, body };
}

/** Saves a collage document as JSON (the body limit then holds the most XML). */
export function saveJson(client: TestClient, collagexml: string): Promise<Response> {
  return client.request('/api/save?format=json', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ collagexml, editor: '2', editor_version: '1', fororder: 'false' }),
  });
}

/**
 * A save of `xml` and, once the save is on its way, a heartbeat from another client: how long each
 * took. A server that reads the document on the event loop in one go makes the heartbeat wait.
 */
export async function saveWithHeartbeat(
  saver: TestClient,
  other: TestClient,
  xml: string,
  heartbeatDelayMs = 30,
): Promise<{ save: Timed; heartbeat: Timed }> {
  const save = timed(() => saveJson(saver, xml));
  await new Promise((resolve) => setTimeout(resolve, heartbeatDelayMs));
  const heartbeat = timed(() => other.postForm('/api/alive?format=json', {}));
  return { save: await save, heartbeat: await heartbeat };
}
