import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFields } from '../api/client';
import { RecordingAnalytics } from '../services/analytics';
import { RootStore } from './RootStore';
import { EditingStores } from './editing/EditingStores';
import { testRootStore } from '../../tests/support/stores/testRoot';
import { runInTurns } from '../render/nextTurn';
import { SaveDialogState } from './saving/SaveDialog';
import { SaveVersion } from './saving/SaveStore';
import { localPhoto, TestCollage } from '../../tests/support/stores/testCollage';
import {
  quietApi,
  quietCollage,
  quietPhotos,
  quietNavigation,
  quietQuotes,
  quietSave,
} from '../../tests/support/stores/quietServices';

function setup() {
  const beats: Array<string | undefined> = [];
  const uploads: UploadFields[] = [];
  const collage = new TestCollage('101', ['img1']).place('img1', localPhoto('a.jpg'));
  const store = testRootStore({
    analytics: new RecordingAnalytics(),
    catalog: { loadTemplates: async () => [], reportError: () => {} },
    collage: quietCollage,
    navigation: quietNavigation,
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
        return {
          id: '31',
          src: '',
          orgWidth: 1,
          orgHeight: 1,
          webWidth: 1,
          webHeight: 1,
          key: '',
          rotation: 0,
        };
      },
      save: async () => ({ collageId: '88', alreadyOrdered: false }),
    },
    save: {
      exits: { checkout: () => {}, startNewCollage: () => {}, quitEditor: () => {} },
      reloadCollage: () => {},
      collage: () => collage,
    },
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

/** The page's way: the editor's stores built only when RootStore.loadEditing asks, here a test-held promise. */
function lazyRoot(loads: string[] = []) {
  const calls = { count: 0, fail: false };
  const load = async (id: string) => {
    loads.push(id);
    return Promise.reject(new Error('not in this test'));
  };
  const api = {
    ...quietApi,
    isAuthenticated: async () => ({ authenticated: true, errors: [] }),
    load,
  };
  const root = new RootStore({
    analytics: new RecordingAnalytics(),
    catalog: { loadTemplates: async () => [], reportError: () => {} },
    navigation: quietNavigation,
    api,
    loadEditing: async (chooser) => {
      calls.count += 1;
      await Promise.resolve();
      if (calls.fail) throw new Error('chunk missing');
      return EditingStores.build(chooser, {
        api,
        collage: quietCollage,
        save: quietSave,
        photos: quietPhotos,
        quotes: quietQuotes,
      });
    },
  });
  return { root, calls };
}

describe('EditingStores built in steps (the page, a task a step)', () => {
  it('gives the thread back at least four times, and the stores of later steps are wired to the earlier ones', async () => {
    const chooser = new RootStore({
      analytics: new RecordingAnalytics(),
      catalog: { loadTemplates: async () => [], reportError: () => {} },
      navigation: quietNavigation,
      api: quietApi,
      loadEditing: () => Promise.reject(new Error('not in this test')),
    });
    let turns = 0;
    const stores = await runInTurns(
      EditingStores.inSteps(chooser, {
        api: quietApi,
        collage: quietCollage,
        save: quietSave,
        photos: quietPhotos,
        quotes: quietQuotes,
      }),
      async () => void (turns += 1),
    );
    expect(turns).toBeGreaterThanOrEqual(4);
    // The editor (built a step after the save store) opens that save store's dialogs.
    chooser.navigation.routeChanged('/edit');
    chooser.navigation.layoutReady(true);
    const open = vi.spyOn(stores.save, 'open');
    stores.editor.requestSave();
    stores.editor.requestQuit();
    expect(open.mock.calls).toEqual([[SaveVersion.SAVE], [SaveVersion.WANT_TO_QUIT]]);
    stores.dispose();
    chooser.dispose();
  });
});

describe('RootStore: the editor stores built lazily', () => {
  it('the chooser stores work alone; the editor stores are built once when asked, and a failed load is tried again', async () => {
    const { root, calls } = lazyRoot();
    root.navigation.routeChanged('/keuze');
    await root.catalog.load();
    expect(root.catalog.isLoaded).toBe(true);
    expect(root.editing).toBeNull();
    expect(() => root.collage).toThrow(/not built yet/);
    expect(calls.count).toBe(0);

    calls.fail = true;
    await expect(root.loadEditing()).rejects.toThrow('chunk missing');
    expect(root.editing).toBeNull();
    calls.fail = false;
    const [first, second] = await Promise.all([root.loadEditing(), root.loadEditing()]);
    expect(first).toBe(second);
    expect(calls.count).toBe(2);
    expect(root.collage).toBe(first.collage);
    expect(await root.loadEditing()).toBe(first);
    expect(calls.count).toBe(2);
    root.dispose();
  });

  it("a saved collage's route builds the editor stores and reopens it", async () => {
    const loads: string[] = [];
    const { root, calls } = lazyRoot(loads);
    root.navigation.routeChanged('/edit/77');
    await vi.waitFor(() => expect(loads).toEqual(['77']));
    expect(calls.count).toBe(1);
    expect(root.editing).not.toBeNull();
    root.dispose();
  });
});
