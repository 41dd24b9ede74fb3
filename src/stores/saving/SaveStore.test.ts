import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldError } from '../../api/client';
import { ApiError } from '../../api/http';
import { RecordingAnalytics } from '../../services/analytics';
import { navigationInEditor } from '../../../tests/support/stores/quietServices';
import { NavState } from '../navigation/navigationStates';
import { SaveDialogState as S } from './SaveDialog';
import { SaveStore } from './SaveStore';
import type { AuthOutcome, SessionStore } from '../session/SessionStore';
import { FakeSaveEndpoint, FakeUploads } from '../../../tests/support/stores/fakeSaveServices';
import { localPhoto, TestCollage } from '../../../tests/support/stores/testCollage';

class FakeSession implements Pick<SessionStore, 'checkSession' | 'signIn' | 'register'> {
  authenticated = true;
  checkError: Error | null = null;
  checks = 0;
  /** Resolves the pending check by hand when set. */
  holdCheck = false;
  private release: (() => void) | null = null;
  signInAnswer: AuthOutcome = { authenticated: true, errors: [] };
  signIns: Array<{ username: string; password: string }> = [];
  registrations = 0;

  async checkSession(): Promise<boolean> {
    this.checks += 1;
    if (this.holdCheck) await new Promise<void>((resolve) => (this.release = resolve));
    if (this.checkError) throw this.checkError;
    return this.authenticated;
  }
  releaseCheck(): void {
    this.release?.();
  }
  async signIn(username: string, password: string): Promise<AuthOutcome> {
    this.signIns.push({ username, password });
    return this.signInAnswer;
  }
  async register(): Promise<AuthOutcome> {
    this.registrations += 1;
    return { authenticated: true, errors: [] as FieldError[] };
  }
}

function setup(slots = ['img1', 'img2'], wiring: { showSaved?: (collageId: string) => void } = {}) {
  const analytics = new RecordingAnalytics();
  const navigation = navigationInEditor(analytics);
  const session = new FakeSession();
  const collage = new TestCollage('101', slots);
  const uploads = new FakeUploads();
  const endpoint = new FakeSaveEndpoint();
  const exits = { checkouts: [] as string[], newCollages: 0, quits: [] as string[] };
  let reloads = 0;
  const store = new SaveStore({
    session,
    navigation,
    analytics,
    collage: () => collage,
    reloadCollage: () => (reloads += 1),
    exits: {
      checkout: (id) => exits.checkouts.push(id),
      startNewCollage: () => (exits.newCollages += 1),
      quitEditor: (kind) => exits.quits.push(kind),
    },
    upload: uploads.upload,
    save: endpoint.save,
    isReadable: async () => true,
    random: () => 0,
    ...wiring,
  });
  const fill = () =>
    slots.forEach((slot, index) => collage.place(slot, localPhoto(`photo${index}`)));
  return {
    store,
    navigation,
    session,
    collage,
    uploads,
    endpoint,
    exits,
    analytics,
    fill,
    reloads: () => reloads,
  };
}

const settle = () => vi.runAllTimersAsync();

describe('SaveStore: opening the dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("'want_to_quit' asks whether to stop", () => {
    const { store, navigation, session } = setup();
    store.open('want_to_quit');
    expect(store.dialogState).toBe(S.WANT_TO_QUIT);
    expect(navigation.state).toBe(NavState.EditorWantToQuit);
    expect(session.checks).toBe(0);
  });

  it("'login_for_model' asks to sign in; success reloads the collage instead of saving", async () => {
    const { store, navigation, endpoint, reloads } = setup();
    store.open('login_for_model');
    expect(store.dialogState).toBe(S.LOGIN_FOR_COLLAGE);
    expect(navigation.state).toBe(NavState.EditorLoginForCollage);
    expect(store.showsRegisterLink).toBe(false);
    expect(store.closable).toBe(false);
    store.close();
    expect(store.dialogState).toBe(S.LOGIN_FOR_COLLAGE);
    store.signInForm.setUsername('anna');
    store.signInForm.setPassword('geheim');
    await expect(store.signInForm.submit()).resolves.toBe(true);
    expect(reloads()).toBe(1);
    expect(store.dialogState).toBeNull();
    await settle();
    expect(endpoint.requests).toHaveLength(0);
  });

  it("'order' while a slot is empty cannot order, without any call", () => {
    const { store, navigation, session } = setup();
    store.open('order');
    expect(store.dialogState).toBe(S.CAN_NOT_ORDER);
    expect(navigation.state).toBe(NavState.EditorOrder);
    expect(session.checks).toBe(0);
    store.close();
    expect(store.dialogState).toBeNull();
    expect(navigation.state).toBe(NavState.EditorNormal);
  });

  it('an empty version does nothing', () => {
    const { store, navigation } = setup();
    store.open('');
    expect(store.dialogState).toBeNull();
    expect(navigation.state).toBe(NavState.EditorNormal);
  });

  it('any other version checks the session with empty credentials; signed in, it saves and ends in SAVED', async () => {
    const { store, navigation, session, endpoint, collage, fill, analytics } = setup();
    fill();
    store.open('save');
    expect(store.dialogState).toBe(S.CHECKING);
    expect(navigation.state).toBe(NavState.EditorSave);
    expect(session.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.dialogState).toBe(S.SAVING);
    expect(navigation.saving).toBe(true);
    expect(store.closable).toBe(false);
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(navigation.saving).toBe(false);
    expect(endpoint.requests[0]).toMatchObject({ forOrder: false, templateId: '101' });
    expect(collage.savedId).toBe('7001');
    expect(store.savedForOrder).toBe(false);
    expect(
      analytics.events.filter((event) => event.category === 'save').map((event) => event.action),
    ).toEqual(['start', 'end']);
  });

  it("'order' with every slot filled saves for order; checkout goes to the cart with the saved id", async () => {
    const { store, navigation, endpoint, exits, fill } = setup();
    fill();
    store.open('order');
    expect(navigation.state).toBe(NavState.EditorOrder);
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(endpoint.requests[0]!.forOrder).toBe(true);
    expect(store.savedForOrder).toBe(true);
    store.order();
    expect(exits.checkouts).toEqual(['7001']);
    expect(navigation.noSaveNeeded).toBe(true);
  });

  it('not signed in: a new collage goes to register, an existing one to login', async () => {
    const { store, session, collage } = setup();
    session.authenticated = false;
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.REGISTER);
    store.switchToLogin();
    expect(store.dialogState).toBe(S.LOGIN);
    expect(store.showsRegisterLink).toBe(true);
    store.switchToRegister();
    expect(store.dialogState).toBe(S.REGISTER);
    store.close();

    collage.markSaved('55');
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.LOGIN);
    expect(store.showsRegisterLink).toBe(false);
  });

  it('a failed session check ends in ERROR', async () => {
    const { store, session } = setup();
    session.checkError = new Error('isAuthenticated answered 502');
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.ERROR);
    expect(store.errorMessage).toBe('isAuthenticated answered 502');
  });

  it("'Annuleer' while checking closes, and the late answer is ignored", async () => {
    const { store, session, navigation, endpoint } = setup();
    session.holdCheck = true;
    store.open('save');
    store.close();
    expect(store.dialogState).toBeNull();
    expect(navigation.state).toBe(NavState.EditorNormal);
    session.releaseCheck();
    await settle();
    expect(store.dialogState).toBeNull();
    expect(endpoint.requests).toHaveLength(0);
  });

  it('a sign-in or registration from login or register goes on to save', async () => {
    const { store, session, endpoint, collage } = setup();
    session.authenticated = false;
    store.open('save');
    await settle();
    store.registerForm.setText('username', 'bob');
    store.registerForm.setText('email', 'bob@example.nl');
    store.registerForm.setText('password', 'pw12');
    store.registerForm.setText('passwordAgain', 'pw12');
    store.registerForm.setTerms(true);
    await store.registerForm.submit();
    expect(store.dialogState).toBe(S.SAVING);
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(session.registrations).toBe(1);

    store.close();
    collage.markSaved('7001');
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.LOGIN);
    store.signInForm.setUsername('bob');
    store.signInForm.setPassword('pw12');
    await store.signInForm.submit();
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(endpoint.requests.map((request) => request.collageId)).toEqual([undefined, '7001']);
  });
});

describe('SaveStore: saving and its actions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an upload that keeps failing ends in ERROR with the photo listed and kept; back to the collage the next save tries it again; removing it lets the save succeed', async () => {
    const { store, uploads, collage, endpoint, fill, navigation } = setup();
    fill();
    const failing = collage.slots.get('img2')!;
    uploads.script(
      'photo1',
      { fail: 'Could not upload photo. server responded with: 500' },
      { fail: 'Could not upload photo. server responded with: 500' },
    );
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.ERROR);
    expect(store.errorPhotos).toEqual([
      { photo: failing, message: 'Could not upload photo. server responded with: 500' },
    ]);
    expect(store.errorMessage).toMatch(
      /^Error uploading with reason Could not upload photo\. server responded with: 500 \(1 of 2 photos failed\)$/,
    );
    expect(navigation.saving).toBe(false);
    expect(endpoint.requests).toHaveLength(0);
    expect(collage.slots.get('img2')).toBe(failing);

    // 'Terug naar je collage' keeps it; the next save uploads it again (and it fails again here).
    store.close();
    expect(collage.slots.get('img2')).toBe(failing);
    uploads.script(
      'photo1',
      { fail: 'Could not upload photo. server responded with: 500' },
      { fail: 'Could not upload photo. server responded with: 500' },
    );
    store.open('save');
    await settle();
    expect(uploads.attempts('photo1')).toHaveLength(4);
    expect(store.dialogState).toBe(S.ERROR);
    expect(store.errorPhotos.map((failure) => failure.photo)).toEqual([failing]);

    store.removeErrorPhotos();
    expect(collage.removed).toEqual([failing]);
    expect(collage.slots.get('img2')).toBeNull();
    expect(store.errorPhotos).toEqual([]);
    store.close();
    expect(navigation.state).toBe(NavState.EditorNormal);
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(endpoint.requests).toHaveLength(1);
  });

  it("a save refused past the hour's quota keeps the server's words as the reason and the collage as it was; the next save and closing clear it", async () => {
    const { store, fill, collage, endpoint, navigation } = setup();
    fill();
    const placed = [...collage.slots.values()];
    const quota = 'Je hebt het afgelopen uur al zo vaak opgeslagen als we per uur aannemen.';
    const refusal = () =>
      new ApiError(`Couldn't save: ${quota}`, 429, { error: quota, key: 'save.quota' });
    endpoint.failures = [refusal()];
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.ERROR);
    expect(store.errorReason).toBe(quota);
    expect(store.errorMessage).toBe(`Couldn't save: ${quota}`);
    expect(collage.savedId).toBeNull();
    expect([...collage.slots.values()]).toEqual(placed);
    expect(collage.removed).toEqual([]);
    expect(navigation.saving).toBe(false);

    // The next save starts without it; a 500 then leaves the generic text.
    endpoint.failures = [
      new ApiError("Couldn't save: 500", 500, { error: 'Internal Server Error' }),
    ];
    const next = store.save();
    expect(store.errorReason).toBeNull();
    await next;
    expect(store.dialogState).toBe(S.ERROR);
    expect(store.errorReason).toBeNull();

    endpoint.failures = [refusal()];
    await store.save();
    expect(store.errorReason).toBe(quota);
    store.close();
    expect(store.dialogState).toBeNull();
    expect(store.errorReason).toBeNull();
    expect([...collage.slots.values()]).toEqual(placed);
  });

  it("save while a save runs answers 'Already busy saving.' and leaves the running one alone", async () => {
    const { store, fill, endpoint } = setup();
    fill();
    store.open('save');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.dialogState).toBe(S.SAVING);
    await expect(store.save()).resolves.toEqual({ kind: 'busy', message: 'Already busy saving.' });
    store.open('order');
    expect(store.dialogState).toBe(S.SAVING);
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(endpoint.requests).toHaveLength(1);
  });

  it("'Annuleer het opslaan' cancels the save and closes the dialog", async () => {
    const { store, uploads, fill, navigation, endpoint, analytics } = setup();
    fill();
    uploads.script('photo0', 'hang');
    store.open('save');
    await vi.advanceTimersByTimeAsync(1000);
    store.close();
    expect(store.dialogState).toBe(S.SAVING);
    store.cancelUpload();
    expect(store.dialogState).toBeNull();
    expect(navigation.state).toBe(NavState.EditorNormal);
    await settle();
    expect(store.dialogState).toBeNull();
    expect(navigation.saving).toBe(false);
    expect(endpoint.requests).toHaveLength(0);
    expect(analytics.events.at(-1)).toEqual({ category: 'save', action: 'cancel', label: '' });
  });

  it('a finished save puts the saved collage under its own address; that route change keeps SAVED; a failed save does not', async () => {
    const shown: { id: string; running: boolean; state: string | null }[] = [];
    const holder: { store?: SaveStore } = {};
    const { store, fill, navigation, endpoint } = setup(['img1', 'img2'], {
      showSaved: (id) => {
        shown.push({ id, running: holder.store!.runner.running, state: holder.store!.dialogState });
        navigation.routeChanged(`/edit/${id}`);
      },
    });
    holder.store = store;
    fill();
    endpoint.failures = ["Couldn't save: the disk is full"];
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.ERROR);
    expect(shown).toEqual([]);
    store.close();
    store.open('save');
    await settle();
    expect(shown).toEqual([{ id: '7001', running: false, state: S.SAVED }]);
    expect(store.dialogState).toBe(S.SAVED);
    expect(navigation.state).toBe(NavState.EditorSave);
    expect(navigation.pathname).toBe('/edit/7001');
  });

  it('any navigation end cancels saving', async () => {
    const { store, uploads, fill, navigation, endpoint } = setup();
    fill();
    uploads.script('photo0', 'hang');
    store.open('save');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.runner.running).toBe(true);
    navigation.routeChanged('/keuze');
    await settle();
    expect(store.runner.running).toBe(false);
    expect(store.dialogState).toBeNull();
    expect(endpoint.requests).toHaveLength(0);
  });

  it("'Bestel je collage' after a plain save saves again for order before checkout", async () => {
    const { store, fill, endpoint, exits } = setup();
    fill();
    store.open('save');
    await settle();
    store.order();
    expect(exits.checkouts).toEqual([]);
    expect(store.dialogState).toBe(S.CHECKING);
    await settle();
    expect(endpoint.requests.map((request) => [request.forOrder, request.collageId])).toEqual([
      [false, undefined],
      [true, '7001'],
    ]);
    store.order();
    expect(exits.checkouts).toEqual(['7001']);
  });

  it('order after the collage changed since the save for order saves it again first', async () => {
    const { store, fill, exits, navigation } = setup();
    fill();
    store.open('order');
    await settle();
    navigation.markChanged();
    store.order();
    expect(exits.checkouts).toEqual([]);
    expect(store.dialogState).toBe(S.CHECKING);
  });

  it('an order the server already had (unchanged collage) is flagged for the saved view; a new order is not', async () => {
    const { store, fill, endpoint } = setup();
    fill();
    store.open('order');
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(store.alreadyOrdered).toBe(false);
    store.close();
    endpoint.alreadyOrdered = true;
    store.open('order');
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(store.alreadyOrdered).toBe(true);
  });

  it('order with an empty slot cannot order', () => {
    const { store, exits } = setup();
    store.order();
    expect(store.dialogState).toBe(S.CAN_NOT_ORDER);
    expect(exits.checkouts).toEqual([]);
  });

  it('start a new collage and quit the editor leave; quitting sets the no-save-needed flag', () => {
    const { store, exits, navigation } = setup();
    store.open('want_to_quit');
    store.startNewCollage();
    expect(exits.newCollages).toBe(1);
    expect(store.dialogState).toBeNull();
    store.open('want_to_quit');
    navigation.markChanged();
    expect(navigation.leaveGuardActive).toBe(true);
    store.quitEditor();
    // The done page says what was not saved: here a collage that was never saved.
    expect(exits.quits).toEqual(['unsaved']);
    expect(navigation.noSaveNeeded).toBe(true);
    expect(navigation.leaveGuardActive).toBe(false);
  });

  it('the done page is told what happened: a new collage is never called saved, changed or not', async () => {
    const fresh = setup();
    // A new collage given only a format: nothing changed, nothing saved.
    expect(fresh.navigation.hasUnsavedChanges).toBe(false);
    fresh.store.open('want_to_quit');
    fresh.store.quitEditor();
    expect(fresh.exits.quits).toEqual(['unsaved']);

    const saved = setup();
    saved.navigation.markChanged();
    saved.store.open('save');
    await settle();
    expect(saved.store.dialogState).toBe(S.SAVED);
    saved.store.quitEditor();
    expect(saved.exits.quits).toEqual(['saved']);

    const changedAfter = setup();
    changedAfter.store.open('save');
    await settle();
    changedAfter.store.close();
    changedAfter.navigation.markChanged();
    changedAfter.store.open('want_to_quit');
    changedAfter.store.quitEditor();
    expect(changedAfter.exits.quits).toEqual(['changes']);
  });

  it("reopening the dialog clears the last attempt's errors and alert, and the passwords", async () => {
    const { store, session } = setup();
    session.authenticated = false;
    store.open('save');
    await settle();
    expect(store.dialogState).toBe(S.REGISTER);
    const form = store.registerForm;
    form.setText('username', 'a');
    form.setText('email', 'anna@example.com');
    form.setText('password', 'geheim');
    await form.submit();
    expect(form.alert).toBe('MISSING_INPUT');
    expect(Object.keys(form.errors).length).toBeGreaterThan(0);
    store.close();
    store.open('save');
    await settle();
    expect(form.alert).toBeNull();
    expect(form.errors).toEqual({});
    expect(form.password).toBe('');
    expect(form.email).toBe('anna@example.com');
    store.signInForm.setUsername('x');
    await store.signInForm.submit();
    expect(store.signInForm.alert).toBe('ENTER_CREDENTIALS');
    store.close();
    store.open('save');
    expect(store.signInForm.alert).toBeNull();
    expect(store.signInForm.errors).toEqual({});
  });

  it('want to quit, then save design, goes through the check to saving', async () => {
    const { store, navigation } = setup();
    store.open('want_to_quit');
    store.open('save');
    expect(store.dialogState).toBe(S.CHECKING);
    expect(navigation.state).toBe(NavState.EditorSave);
    await settle();
    expect(store.dialogState).toBe(S.SAVED);
    expect(navigation.hasUnsavedChanges).toBe(false);
  });
});
