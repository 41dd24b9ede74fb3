/**
 * The save flow against the real server over HTTP: the stores with the real ApiClient, a browser-like
 * cookie-keeping fetch, PGlite (and PostgreSQL when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import { Http } from '../../api/http';
import { RecordingAnalytics } from '../../services/analytics';
import {
  backends,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../server/test/helper';
import { craftJpeg } from '../../../server/test/craftJpeg';
import { fixture } from '../../../server/test/uploads';
import { navigationInEditor } from '../../../tests/support/stores/quietServices';
import { Photo } from '../photos/Photo';
import { SaveDialogState } from './SaveDialog';
import { SaveStore } from './SaveStore';
import { SessionStore } from '../session/SessionStore';
import { RegisterForm } from '../forms/RegisterForm';
import { SignInForm } from '../forms/SignInForm';
import { uploadPhoto } from './uploadPhoto';
import { TestCollage } from '../../../tests/support/stores/testCollage';
import { until } from '../../../tests/support/until';

let counter = 0;
function account() {
  counter += 1;
  const username = `saver${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username, email: `${username}@example.nl`, password: 'geheim12' };
}

/** One browser: its own cookie jar, the app's ApiClient and SessionStore. */
function browser(server: TestServer) {
  const client = new TestClient(server.url);
  const api = new ApiClient(
    new Http({ fetch: (input, init) => client.request(String(input), init) }),
    { lang: 'nl' },
  );
  const analytics = new RecordingAnalytics();
  const session = new SessionStore({ api, analytics });
  return { client, api, session, analytics };
}

function register(form: RegisterForm, details: ReturnType<typeof account>): Promise<boolean> {
  form.setText('username', ` ${details.username} `);
  form.setText('email', details.email);
  form.setText('password', details.password);
  form.setText('passwordAgain', details.password);
  form.setTerms(true);
  return form.submit();
}

describe.each(backends)('save flow against the real server (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('registers (trimmed, encrypted), then signs in on a new session with the encrypted password', async () => {
    const details = account();
    const first = browser(server);
    await first.session.checkHeartbeat();
    expect(first.session.sessionId).toMatch(/\S{16,}/);
    await expect(first.session.checkSession()).resolves.toBe(false);
    let registered = 0;
    await expect(
      register(new RegisterForm(first.session, () => (registered += 1)), details),
    ).resolves.toBe(true);
    expect(registered).toBe(1);
    await expect(first.session.checkSession()).resolves.toBe(true);

    const second = browser(server);
    await expect(second.session.checkSession()).resolves.toBe(false);
    const signIn = new SignInForm(second.session, () => {});
    signIn.setUsername(details.username);
    signIn.setPassword('verkeerd1');
    await expect(signIn.submit()).resolves.toBe(false);
    expect(signIn.errors.all).toEqual({ text: 'Gebruikersnaam of wachtwoord is niet correct.' });
    expect(signIn.password).toBe('verkeerd1');
    signIn.setPassword(` ${details.password}`);
    await expect(signIn.submit()).resolves.toBe(true);
    await expect(second.session.checkSession()).resolves.toBe(true);

    const taken = new RegisterForm(browser(server).session, () => {});
    await expect(register(taken, { ...details, email: `other${details.email}` })).resolves.toBe(
      false,
    );
    expect(taken.errors.username).toEqual({ text: 'Deze gebruikersnaam is al in gebruik.' });
  });

  it('saves a new collage through the dialog: register, upload, post the XML; a later save keeps the id', async () => {
    const details = account();
    const { api, session, analytics } = browser(server);
    await session.checkHeartbeat();
    const navigation = navigationInEditor(analytics);
    const bytes = await fixture('cameras/Canon_40D.jpg');
    const photo = new Photo(
      'computer',
      'Canon_40D.jpg',
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    );
    const collage = new TestCollage('101', ['img1', 'img2'])
      .place('img1', photo)
      .place('img2', photo);
    const screenshot = Buffer.from(craftJpeg({ width: 50, height: 50 })).toString('base64');
    const checkouts: string[] = [];
    const store = new SaveStore({
      session,
      navigation,
      analytics,
      collage: () => collage,
      reloadCollage: () => {},
      exits: {
        checkout: (id) => checkouts.push(id),
        startNewCollage: () => {},
        quitEditor: () => {},
      },
      upload: (uploading, signal) =>
        uploadPhoto(api, uploading, session.sessionId, signal, undefined),
      save: (request, signal) => api.save(request, signal),
      screenshot: { screenshot: () => screenshot },
    });

    store.open('save');
    await until(() => store.dialogState === SaveDialogState.REGISTER);
    await register(store.registerForm, details);
    await until(
      () =>
        store.dialogState === SaveDialogState.SAVED || store.dialogState === SaveDialogState.ERROR,
    );
    expect(store.errorMessage).toBe('');
    expect(store.dialogState).toBe(SaveDialogState.SAVED);
    expect(photo.serverId).toMatch(/^\d+$/);
    const savedId = collage.savedId!;
    expect(savedId).toMatch(/^\d+$/);

    const loaded = await api.load(savedId);
    expect(loaded.collagexml).toBe(collage.buildXml(screenshot));
    expect(loaded.photos.map((entry) => String(entry.id))).toEqual([photo.serverId]);

    store.close();
    store.open('order');
    await until(
      () =>
        store.dialogState === SaveDialogState.SAVED || store.dialogState === SaveDialogState.ERROR,
    );
    expect(store.dialogState).toBe(SaveDialogState.SAVED);
    expect(collage.savedId).toBe(savedId);
    store.order();
    expect(checkouts).toEqual([savedId]);
    expect(
      analytics.events.filter((event) => event.category === 'save').map((event) => event.action),
    ).toEqual(['start', 'end', 'start', 'end']);
  });
});
