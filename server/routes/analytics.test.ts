import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_EVENTS, type WireEvent } from '../../src/api/analyticsWire.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { defaultReportDays, SESSION_DAILY_EVENTS } from './analytics.js';

const TOKEN = 'shop-secret-token';

function beacon(
  client: TestClient,
  events: unknown[],
  contentType = 'text/plain;charset=UTF-8',
): Promise<Response> {
  return client.request('/api/analytics', {
    method: 'POST',
    body: JSON.stringify({ events }),
    headers: { 'content-type': contentType },
  });
}

async function report(
  server: TestServer,
  token = TOKEN,
): Promise<{
  status: number;
  body: { rows: Array<{ day: string; event: string; count: number }> };
}> {
  const response = await fetch(`${server.url}/api/admin/analytics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { rows: Array<{ day: string; event: string; count: number }> },
  };
}

describe("the report's default days", () => {
  it("end on today in the shop's time zone, not in UTC, and span 30 days", () => {
    // 23:30 UTC is already tomorrow in Amsterdam (UTC+1 in winter, +2 in summer).
    expect(defaultReportDays(new Date('2026-11-26T23:30:00Z'), 'Europe/Amsterdam')).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
    });
    expect(defaultReportDays(new Date('2026-11-26T22:59:59Z'), 'Europe/Amsterdam')).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    expect(defaultReportDays(new Date('2026-07-01T22:30:00Z'), 'Europe/Amsterdam')).toEqual({
      from: '2026-06-03',
      to: '2026-07-02',
    });
    expect(defaultReportDays(new Date('2026-03-01T03:00:00Z'), 'America/New_York')).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
    expect(defaultReportDays(new Date('2028-03-01T12:00:00Z'), 'UTC')).toEqual({
      from: '2028-02-01',
      to: '2028-03-01',
    });
  });
});

describe.each(backends)('analytics on %s', (backend) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      backend,
      { analyticsToken: TOKEN, logLevel: 'warn' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => server.destroy());

  it('stores a beacon batch and counts it per event and day for the shop', async () => {
    const client = new TestClient(server.url);
    await client.postForm('/api/alive', {});
    const events: WireEvent[] = [
      { kind: 'pageview', path: '/htmlapp/keuze' },
      { kind: 'event', category: 'file', action: 'tab', label: 'quotes' },
      { kind: 'event', category: 'file', action: 'tab', label: 'computer' },
      { kind: 'event', category: 'photos', action: 'added from computer', value: 3 },
    ];
    expect((await beacon(client, events)).status).toBe(204);
    expect((await beacon(client, events.slice(0, 1), 'application/json')).status).toBe(204);
    const { status, body } = await report(server);
    expect(status).toBe(200);
    const today = body.rows[0]!.day;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.rows).toEqual(
      expect.arrayContaining([
        { day: today, event: 'pageview /htmlapp/keuze', count: 2 },
        { day: today, event: 'file/tab', count: 2 },
        { day: today, event: 'photos/added from computer', count: 1 },
      ]),
    );
  });

  it('refuses what is not a batch, and batches over the limit', async () => {
    const client = new TestClient(server.url);
    expect(
      (
        await client.request('/api/analytics', {
          method: 'POST',
          body: 'not json',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(400);
    expect((await beacon(client, [])).status).toBe(400);
    expect((await beacon(client, [{ kind: 'event', category: 'x' }])).status).toBe(400);
    const tooMany = Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({
      kind: 'pageview',
      path: '/htmlapp/x',
    }));
    expect((await beacon(client, tooMany)).status).toBe(400);
  });

  it("writes a customer's error events into the server's log with their reason", async () => {
    const client = new TestClient(server.url);
    await beacon(client, [
      {
        kind: 'event',
        category: 'error',
        action: 'photo load',
        label: 'leeg.jpg: ERROR_NO_JPG_IMAGE empty',
      },
    ]);
    const line = lines
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'client error: photo load');
    expect(line).toMatchObject({
      level: 40,
      action: 'photo load',
      reason: 'leeg.jpg: ERROR_NO_JPG_IMAGE empty',
    });
  });

  it('keeps no more than the daily quota of one session', async () => {
    const client = new TestClient(server.url);
    await client.postForm('/api/alive', {});
    const batch = Array.from({ length: MAX_BATCH_EVENTS }, () => ({
      kind: 'event',
      category: 'flood',
      action: 'one',
    }));
    const batches = Math.ceil(SESSION_DAILY_EVENTS / MAX_BATCH_EVENTS) + 2;
    // Under the per-minute limit of batches: the daily quota is what stops this session.
    for (let sent = 0; sent < batches; sent += 1)
      expect((await beacon(client, batch)).status).toBe(204);
    const { body } = await report(server);
    expect(body.rows.find((row) => row.event === 'flood/one')!.count).toBe(SESSION_DAILY_EVENTS);
  });

  it('answers the report only with the shop token', async () => {
    expect((await report(server, 'wrong')).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/analytics`)).status).toBe(401);
  });
});

describe('the analytics report without a token', () => {
  // started in a hook (60 s), not in the test (30 s): a loaded machine starts PGlite slowly
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server.destroy());

  it('does not exist', async () => {
    expect(
      (await fetch(`${server.url}/api/admin/analytics`, { headers: { authorization: 'Bearer ' } }))
        .status,
    ).toBe(404);
  });
});
