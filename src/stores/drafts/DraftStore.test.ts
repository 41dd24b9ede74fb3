import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCollageXml } from '../../model/document/collageXml';
import { MemoryDraftDb } from '../../services/draftDb';
import { DRAFT_DEBOUNCE_MS } from './DraftStore';
import { INDEX_KEY, readDraftIndex, readDraftRecord, recordKey } from './draftRecord';
import { MAX_FILE_BYTES } from '../../model/photos/photoTypes';
import { SaveDialogState } from '../saving/SaveDialog';
import { editorRoot, jpegFile } from '../../../tests/support/stores/editorRoot';
import { fakeServer, SAVED_ID, savedCollage } from '../../../tests/support/stores/savedCollage';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const keysOf = (db: MemoryDraftDb, prefix: string) =>
  [...db.values.keys()].filter((key) => key.startsWith(prefix)).sort();

/** An editor whose first route is known (the draft check ran). */
async function opened(
  db: MemoryDraftDb,
  path = '/keuze',
  options: Parameters<typeof editorRoot>[0] = {},
) {
  const editor = editorRoot({ db, ...options });
  await editor.root.catalog.load();
  editor.root.navigation.routeChanged(path);
  await tick();
  return editor;
}

/** A new collage with photos (one on the server, one unused, one in error) and a styled title. */
async function workedOn(db: MemoryDraftDb, options: Parameters<typeof editorRoot>[0] = {}) {
  const editor = await opened(db, '/keuze', options);
  const { root } = editor;
  root.design.open('101');
  root.design.commit();
  await tick();
  const collage = root.collage;
  collage.chooseSize('10103');
  collage.chooseMaterial('DIBOND');
  collage.stepControl('hasText', 1);
  const { added } = root.photos.addFiles([
    jpegFile('a.jpg'),
    jpegFile('b.jpg'),
    jpegFile('c.jpg'),
    jpegFile('huge.jpg', MAX_FILE_BYTES + 1),
  ]);
  await tick();
  added[1]!.uploaded('500');
  collage.placePhoto('img1', added[0]!.localId);
  collage.placePhoto('img2', added[1]!.localId);
  collage.placePhoto('img4', added[0]!.localId);
  collage.panPhoto('img1', 0.2, 0.7);
  collage.setEffect('img2', 'vintage');
  collage.setTextStyle('txt1', { fontSize: 0.917, font: 'Rasa' });
  collage.setText('txt1', 'Oma & opa');
  return { ...editor, added };
}

describe('drafts: the working collage kept in the draft database', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is written 500 ms after the last change, in one transaction, and at least every 5 s while changes go on', async () => {
    const db = new MemoryDraftDb();
    const { root } = await opened(db);
    root.design.open('101');
    root.design.commit();
    for (let i = 0; i < 3; i++) {
      await tick(300);
      root.collage.stepControl('numberVert', i % 2 === 0 ? 1 : -1);
    }
    expect(db.transactions).toBe(0);
    await tick(DRAFT_DEBOUNCE_MS - 1);
    expect(db.transactions).toBe(0);
    await tick(1);
    expect(db.transactions).toBe(1);
    const record = readDraftRecord(db.values.get(recordKey('new')));
    expect(record?.summary).toMatchObject({ templateId: '101', widthCm: 50, heightCm: 40 });
    expect(readDraftIndex(db.values.get(INDEX_KEY)).map((entry) => entry.key)).toEqual(['new']);
    // Changes every 300 ms for 6 s: the draft still reaches the disk within 5 s.
    for (let i = 0; i < 20; i++) {
      root.collage.stepControl('numberVert', i % 2 === 0 ? 1 : -1);
      await tick(300);
    }
    expect(db.transactions).toBeGreaterThanOrEqual(2);
  });

  it('comes back after a reload with every photo, text and format choice, as unsaved work', async () => {
    const db = new MemoryDraftDb();
    const before = await workedOn(db);
    await tick(DRAFT_DEBOUNCE_MS);
    expect(keysOf(db, 'photo:new:')).toHaveLength(3);

    const after = await opened(db, '/edit');
    const { drafts, collage, photos } = after.root;
    expect(drafts.offer).toMatchObject({
      mode: 'start',
      savedId: null,
      state: 'asking',
      summary: {
        templateName: 'Fotocollage Raster',
        widthCm: 70,
        heightCm: 50,
        material: 'DIBOND',
        photoCount: 3,
      },
    });
    await drafts.continueDraft();
    await tick();
    expect(drafts.offer).toBeNull();
    expect(after.openedEditors).toEqual([null]);
    expect(collage.format.template?.id).toBe('101');
    expect(collage.format.activeSize?.id).toBe('10103');
    expect(collage.format.material).toBe('DIBOND');
    expect(collage.format.effectiveSettings).toEqual(before.root.collage.format.effectiveSettings);
    expect(collage.slots.texts).toEqual(before.root.collage.slots.texts);
    expect(collage.slots.texts.txt1).toMatchObject({
      txt: 'Oma & opa',
      font: 'Rasa',
      fontSize: 0.917,
    });
    const nameIn = (root: typeof after.root, slot: string) =>
      root.photos.byLocalId(root.collage.slots.photos[slot]!.id)?.name ?? '';
    for (const [slot, data] of Object.entries(before.root.collage.slots.photos)) {
      expect({ ...collage.slots.photos[slot], id: nameIn(after.root, slot) }).toEqual({
        ...data,
        id: nameIn(before.root, slot),
      });
    }
    // Every kept photo, with its web version, its original file and its server copy; the one in error stays out.
    expect(
      photos.photos.map((photo) => [photo.name, photo.state, photo.serverId, photo.file?.size]),
    ).toEqual([
      ['a.jpg', 'IMAGE', null, 2000],
      ['b.jpg', 'IMAGE', '500', 2000],
      ['c.jpg', 'IMAGE', null, 2000],
    ]);
    expect(await photos.webVersion(photos.photos[1]!)?.blob.text()).toBe('web of b.jpg');
    expect(collage.isNew).toBe(true);
    expect(collage.isDirty).toBe(true);
    // Written back under the same key without writing the photos again.
    const transactions = db.transactions;
    collage.setText('txt1', 'Oma en opa');
    await tick(DRAFT_DEBOUNCE_MS);
    expect(db.transactions).toBe(transactions + 1);
    expect(keysOf(db, 'photo:new:')).toHaveLength(3);
    expect(readDraftRecord(db.values.get(recordKey('new')))?.xml).toContain('Oma en opa');
  });

  it('is not offered again once the customer starts over', async () => {
    const db = new MemoryDraftDb();
    await workedOn(db);
    await tick(DRAFT_DEBOUNCE_MS);
    const after = await opened(db);
    expect(after.root.drafts.offer).not.toBeNull();
    await after.root.drafts.startOver();
    expect(after.root.drafts.offer).toBeNull();
    expect(keysOf(db, 'draft:')).toEqual([]);
    expect(keysOf(db, 'photo:')).toEqual([]);
    expect(after.root.collage.hasDesign).toBe(false);
    expect((await opened(db)).root.drafts.offer).toBeNull();
  });

  it('is cleared by a successful save; later changes are kept under the saved id and offered when it is reopened', async () => {
    const db = new MemoryDraftDb();
    const uploads: string[] = [];
    // The save flow with a signed-in session: uploads, then the id the server gives.
    const before = await workedOn(db, {
      api: {
        isAuthenticated: async () => ({ authenticated: true, errors: [] }),
        upload: async (fields) => {
          uploads.push((fields.file as File).name);
          return {
            id: String(600 + uploads.length),
            src: '',
            orgWidth: 4000,
            orgHeight: 3000,
            webWidth: 1024,
            webHeight: 768,
            key: '',
            rotation: 0,
          };
        },
        save: async () => ({ collageId: SAVED_ID, alreadyOrdered: false }),
      },
    });
    const { root } = before;
    await tick(DRAFT_DEBOUNCE_MS);
    expect(keysOf(db, 'draft:')).toEqual(['draft:new']);

    root.save.open('save');
    await tick(50);
    expect(root.save.dialogState).toBe(SaveDialogState.SAVED);
    expect(uploads).toEqual(['a.jpg']);
    await tick(DRAFT_DEBOUNCE_MS);
    expect(keysOf(db, 'draft:')).toEqual([]);
    expect(keysOf(db, 'photo:')).toEqual([]);
    expect(readDraftIndex(db.values.get(INDEX_KEY))).toEqual([]);

    root.collage.setText('txt1', 'Oma en opa 2');
    await tick(DRAFT_DEBOUNCE_MS);
    expect(keysOf(db, 'draft:')).toEqual([`draft:${SAVED_ID}`]);
    expect(readDraftRecord(db.values.get(recordKey(SAVED_ID)))?.savedId).toBe(SAVED_ID);

    // Reopening the saved collage (signed in): its draft is offered before the server's photos are read.
    const saved = root.collage.toDocument((id) => root.photos.byLocalId(id)!.serverId!)!;
    const server = fakeServer({
      collagexml: writeCollageXml(saved),
      editor: '2',
      photos: [],
      pages: [],
    });
    const after = await opened(db, `/edit/${SAVED_ID}`, { api: server.api });
    await tick();
    expect(after.root.drafts.offer).toMatchObject({ mode: 'reopen', savedId: SAVED_ID });
    expect(after.root.reopen.busy).toBe(true);
    await after.root.drafts.continueDraft();
    await tick();
    expect(after.root.reopen.status).toBe('open');
    expect(after.root.collage.savedId).toBe(SAVED_ID);
    expect(after.root.collage.slots.texts.txt1?.txt).toBe('Oma en opa 2');
    expect(after.root.collage.isDirty).toBe(true);
    expect(after.root.photos.photos.map((photo) => [photo.name, photo.serverId])).toEqual([
      ['a.jpg', '601'],
      ['b.jpg', '500'],
      ['c.jpg', null],
    ]);
    expect(server.state.reads).toEqual([]);
  });

  it("a saved collage's draft offered on a fresh start opens through its route and is restored there without asking twice", async () => {
    const db = new MemoryDraftDb();
    const first = await workedOn(db);
    first.root.collage.markSaved(SAVED_ID);
    first.root.collage.setText('txt1', 'Na het opslaan');
    await tick(DRAFT_DEBOUNCE_MS);
    expect(keysOf(db, 'draft:')).toEqual([`draft:${SAVED_ID}`]);
    const saved = first.root.collage.toDocument(() => '500')!;
    const server = fakeServer({
      collagexml: writeCollageXml(saved),
      editor: '2',
      photos: [],
      pages: [],
    });

    const again = await opened(db, '/keuze', { api: server.api });
    expect(again.root.drafts.offer).toMatchObject({ mode: 'start', savedId: SAVED_ID });
    await again.root.drafts.continueDraft();
    expect(again.openedEditors).toEqual([SAVED_ID]);
    again.root.navigation.routeChanged(`/edit/${SAVED_ID}`);
    await tick();
    expect(again.root.drafts.offer).toBeNull();
    expect(server.state.loads).toEqual([SAVED_ID]);
    expect(again.root.collage.slots.texts.txt1?.txt).toBe('Na het opslaan');
    expect(again.root.collage.savedId).toBe(SAVED_ID);
  });

  it('keeps reopened photos whose image is still being read, and reads them through the file service when restored', async () => {
    vi.useRealTimers();
    const saved = await savedCollage();
    vi.useFakeTimers();
    const db = new MemoryDraftDb();
    const slow = fakeServer(saved.loaded, { readMs: 60_000 });
    const first = await opened(db, `/edit/${SAVED_ID}`, { api: slow.api });
    await tick();
    expect(first.root.reopen.status).toBe('open');
    expect(first.root.photos.photos.every((photo) => photo.state === 'LOADING')).toBe(true);
    first.root.collage.setText('txt1', 'Nog aan het laden');
    await tick(DRAFT_DEBOUNCE_MS);
    const record = readDraftRecord(db.values.get(recordKey(SAVED_ID)))!;
    expect(record.photos.map((photo) => [photo.serverId, photo.web, photo.file])).toEqual([
      ['100', false, false],
      ['101', false, false],
      ['102', false, false],
      ['103', false, false],
    ]);

    const fast = fakeServer(saved.loaded, { readMs: 5 });
    const second = await opened(db, `/edit/${SAVED_ID}`, { api: fast.api });
    await tick();
    await second.root.drafts.continueDraft();
    await tick(50);
    expect(second.root.collage.slots.texts.txt1?.txt).toBe('Nog aan het laden');
    expect(fast.state.reads.sort()).toEqual(['100', '101', '102', '103']);
    expect(fast.state.maxInFlight).toBeLessThanOrEqual(3);
    expect(second.root.photos.photos.map((photo) => photo.state)).toEqual([
      'IMAGE',
      'IMAGE',
      'IMAGE',
      'IMAGE',
    ]);
    const serverIdIn = (root: typeof second.root, slot: string) =>
      root.photos.byLocalId(root.collage.slots.photos[slot]!.id)?.serverId ?? '';
    expect(serverIdIn(second.root, 'img5')).toBe(serverIdIn(saved.source.root, 'img5'));
    first.root.dispose();
  });

  it('keeps the photos without their original files when the browser refuses the larger write', async () => {
    const db = new MemoryDraftDb();
    const editor = await workedOn(db);
    db.failNextPut = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await tick(DRAFT_DEBOUNCE_MS);
    const record = readDraftRecord(db.values.get(recordKey('new')))!;
    expect(record.photos.map((photo) => [photo.name, photo.web, photo.file])).toEqual([
      ['a.jpg', true, false],
      ['b.jpg', true, false],
      ['c.jpg', true, false],
    ]);
    expect(
      keysOf(db, 'photo:new:').map((key) => (db.values.get(key) as { file: Blob | null }).file),
    ).toEqual([null, null, null]);
    // Only huge.jpg's refusal (over 25 MB) was reported; the refused write itself is no photo error.
    expect(editor.errors).toEqual([expect.stringContaining('[tooLarge]')]);
    expect(editor.analytics.events.some((event) => event.label?.includes('quota'))).toBe(true);
  });

  it('without a working database the editor goes on and nothing is offered', async () => {
    const db = new MemoryDraftDb();
    db.get = async () => Promise.reject(new Error('IndexedDB could not be opened'));
    const editor = await workedOn(db);
    await tick(DRAFT_DEBOUNCE_MS);
    expect(editor.root.drafts.available).toBe(false);
    expect(editor.root.drafts.offer).toBeNull();
    expect(db.transactions).toBe(0);
    expect(editor.root.collage.slots.texts.txt1?.txt).toBe('Oma & opa');
  });

  it('a damaged draft is dropped instead of offered', async () => {
    const db = new MemoryDraftDb();
    db.values.set(INDEX_KEY, [{ key: 'new', savedAt: Date.now() }]);
    db.values.set(recordKey('new'), { version: 1, key: 'new', xml: '<collage>' });
    const editor = await opened(db);
    expect(editor.root.drafts.offer).toBeNull();
    expect(keysOf(db, 'draft:')).toEqual([]);
  });

  it('a draft whose collage cannot be read shows the failure once and is dropped', async () => {
    const db = new MemoryDraftDb();
    await workedOn(db);
    await tick(DRAFT_DEBOUNCE_MS);
    const record = readDraftRecord(db.values.get(recordKey('new')))!;
    db.values.set(recordKey('new'), {
      ...record,
      xml: record.xml.replace('<templateId>101</templateId>', '<templateId>999</templateId>'),
    });
    const editor = await opened(db);
    await editor.root.drafts.continueDraft();
    expect(editor.root.drafts.offer?.state).toBe('failed');
    expect(editor.root.collage.hasDesign).toBe(false);
    expect(editor.root.photos.photos).toEqual([]);
    editor.root.drafts.dismissFailure();
    expect(keysOf(db, 'draft:')).toEqual([]);
  });
});
