import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterRequest } from '../../api/client';
import { decryptPassword, registerSalt, signInSalt } from '../../api/passwordCipher';
import { RecordingAnalytics } from '../../services/analytics';
import {
  HEARTBEAT_CHECK_MS,
  HEARTBEAT_INTERVAL_MS,
  SessionStore,
  type SessionApi,
} from './SessionStore';

const MINUTE = 60_000;

/** A fake server: answers alive with a session id, fails beats on request, records every call. */
function fakeApi() {
  const beats: Array<{ at: number; s: string | undefined }> = [];
  const checks: Array<{ username: string; password: string }> = [];
  const registrations: RegisterRequest[] = [];
  let failNext = 0;
  let beatDelayMs = 0;
  const api: SessionApi = {
    alive: async (s) => {
      beats.push({ at: Date.now(), s });
      if (beatDelayMs) await new Promise((resolve) => setTimeout(resolve, beatDelayMs));
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('alive answered 503');
      }
      return 'session-42';
    },
    isAuthenticated: async (username = '', password = '') => {
      checks.push({ username, password });
      return { authenticated: username === 'anna', errors: [] };
    },
    register: async (request) => {
      registrations.push(request);
      return { authenticated: true, errors: [] };
    },
  };
  return {
    api,
    beats,
    checks,
    registrations,
    failBeats: (count: number) => (failNext = count),
    slowBeats: (ms: number) => (beatDelayMs = ms),
  };
}

function setup() {
  const fake = fakeApi();
  const analytics = new RecordingAnalytics();
  const store = new SessionStore({ api: fake.api, analytics });
  return { ...fake, analytics, store };
}

describe('SessionStore heartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a 12-minute edit alive with a beat at most every 5 minutes, s sent once known', async () => {
    const { store, beats } = setup();
    const start = Date.now();
    store.startHeartbeat();
    for (let elapsed = 0; elapsed < 12 * MINUTE; elapsed += HEARTBEAT_CHECK_MS)
      await vi.advanceTimersByTimeAsync(HEARTBEAT_CHECK_MS);
    store.stopHeartbeat();

    expect(beats.map((beat) => beat.at - start)).toEqual([0, 5 * MINUTE, 10 * MINUTE]);
    expect(beats.map((beat) => beat.s)).toEqual([undefined, 'session-42', 'session-42']);
    expect(store.sessionId).toBe('session-42');
    for (let i = 1; i < beats.length; i++)
      expect(beats[i]!.at - beats[i - 1]!.at).toBeGreaterThanOrEqual(HEARTBEAT_INTERVAL_MS);
  });

  it('counts and reports failed beats, retries on the next check and reports the recovery as retry_success', async () => {
    const { store, beats, analytics, failBeats } = setup();
    const start = Date.now();
    store.startHeartbeat();
    await vi.advanceTimersByTimeAsync(0);
    failBeats(2);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(store.heartbeatFailures).toBe(1);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_CHECK_MS);
    expect(store.heartbeatFailures).toBe(2);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_CHECK_MS);
    expect(store.heartbeatFailures).toBe(0);
    await vi.advanceTimersByTimeAsync(7 * MINUTE - 2 * HEARTBEAT_CHECK_MS);
    store.stopHeartbeat();

    const times = beats.map((beat) => beat.at - start);
    expect(times).toEqual([
      0,
      5 * MINUTE,
      5 * MINUTE + 5_000,
      5 * MINUTE + 10_000,
      10 * MINUTE + 10_000,
    ]);
    expect(beats.slice(1).every((beat) => beat.s === 'session-42')).toBe(true);
    const heartbeatEvents = analytics.events.filter((event) => event.category === 'heartbeat');
    expect(heartbeatEvents).toEqual([
      { category: 'heartbeat', action: 'error', label: 'alive answered 503', value: 1 },
      { category: 'heartbeat', action: 'error', label: 'alive answered 503', value: 2 },
      { category: 'heartbeat', action: 'retry_success', value: 2 },
    ]);
  });

  it('never doubles a beat that is still under way, and stops with the editor', async () => {
    const { store, beats, slowBeats } = setup();
    slowBeats(12_000);
    store.startHeartbeat();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(beats).toHaveLength(1);
    store.stopHeartbeat();
    expect(store.heartbeatRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(beats).toHaveLength(1);
  });

  it('a first beat that fails is retried 5 seconds later, still without s', async () => {
    const { store, beats, failBeats } = setup();
    failBeats(1);
    store.startHeartbeat();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_CHECK_MS);
    store.stopHeartbeat();
    expect(beats.map((beat) => beat.s)).toEqual([undefined, undefined]);
    expect(store.sessionId).toBe('session-42');
  });
});

describe('SessionStore sign-in and register', () => {
  it('checks the session with empty credentials', async () => {
    const { store, checks } = setup();
    await expect(store.checkSession()).resolves.toBe(false);
    expect(checks).toEqual([{ username: '', password: '' }]);
    expect(store.signedIn).toBe(false);
  });

  it('signs in with trimmed inputs and the password encrypted with the username', async () => {
    const { store, checks } = setup();
    const outcome = await store.signIn('  anna ', ' geheim1 ');
    expect(outcome.authenticated).toBe(true);
    expect(store.signedIn).toBe(true);
    expect(checks[0]!.username).toBe('anna');
    expect(checks[0]!.password).not.toContain('geheim');
    await expect(decryptPassword(checks[0]!.password, signInSalt('anna'))).resolves.toBe('geheim1');
  });

  it('registers with trimmed inputs and both passwords encrypted with username plus email', async () => {
    const { store, registrations } = setup();
    await store.register({
      username: ' bob ',
      email: ' bob@example.nl ',
      password: ' pw12 ',
      passwordAgain: 'pw12',
      newsletter: true,
      terms: true,
    });
    const sent = registrations[0]!;
    expect(sent).toMatchObject({
      username: 'bob',
      email: 'bob@example.nl',
      newsletter: true,
      terms: true,
    });
    const salt = registerSalt('bob', 'bob@example.nl');
    await expect(decryptPassword(sent.password, salt)).resolves.toBe('pw12');
    await expect(decryptPassword(sent.passwordAgain, salt)).resolves.toBe('pw12');
    await expect(decryptPassword(sent.password, signInSalt('bob'))).rejects.toThrow();
    expect(store.signedIn).toBe(true);
  });
});
