import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFields } from '../api/client';
import { RecordingAnalytics } from '../services/analytics';
import { RootStore } from './RootStore';
import { SaveDialogState } from './saving/SaveStore';
import { localPhoto, TestCollage } from '../../tests/support/stores/testCollage';
import { quietApi, quietCollage, quietPhotos, quietQuotes } from '../../tests/support/stores/quietServices';

function setup() {
  const beats: Array<string | undefined> = [];
  const uploads: UploadFields[] = [];
  const collage = new TestCollage('101', ['img1']).place('img1', localPhoto('a.jpg'));
  const store = new RootStore({
    analytics: new RecordingAnalytics(),
    catalog: { loadTemplates: async () => [], reportError: () => {} },
    collage: quietCollage,
    navigation: {
      navigate: () => {},
      leaveTo: () => {},
      paths: { choice: () => '/keuze', design: () => '/ontwerp', error: () => '/fout', shopBack: () => '/winkel' },
      now: () => new Date(),
    },
    api: {
      ...quietApi,
      alive: async (s) => {
        beats.push(s);
        return 'session-9';
      },
      isAuthenticated: async () => ({ authenticated: true, errors: [] }),
      register: async () => ({ authenticated: true, errors: [] }),
      upload: async (fields) => {
        uploads.push(fields);
        return { id: '31', src: '', orgWidth: 1, orgHeight: 1, webWidth: 1, webHeight: 1, key: '', rotation: 0 };
      },
      save: async () => ({ collageId: '88', alreadyOrdered: false }),
    },
    save: { exits: { checkout: () => {}, startNewCollage: () => {}, quitEditor: () => {} }, reloadCollage: () => {}, collage: () => collage },
    photos: quietPhotos,
    quotes: quietQuotes,
  });
  return { store, beats, uploads, collage };
}

describe('RootStore wiring', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the heartbeat runs while the editor is open and stops when it is left', async () => {
    const { store, beats } = setup();
    expect(store.session.heartbeatRunning).toBe(false);
    store.navigation.routeChanged('/edit');
    expect(store.session.heartbeatRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(beats).toEqual([undefined]);
    store.navigation.routeChanged('/keuze');
    expect(store.session.heartbeatRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(beats).toHaveLength(1);
  });

  it('saves through the api with the heartbeat session id on each upload', async () => {
    const { store, uploads, collage } = setup();
    store.navigation.routeChanged('/edit');
    store.navigation.layoutReady(true);
    await vi.advanceTimersByTimeAsync(0);
    store.save.open('save');
    // The heartbeat's interval keeps running: advance a while instead of running every timer.
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.save.dialogState).toBe(SaveDialogState.SAVED);
    expect(uploads.map((fields) => fields.sessionId)).toEqual(['session-9']);
    expect(collage.savedId).toBe('88');
    store.session.stopHeartbeat();
  });
});
