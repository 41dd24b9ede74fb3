/**
 * Where drafts live: a key-value store of structured-cloneable values (plain objects, Blobs, Files).
 * The browser's IndexedDB in the app, a Map in Node tests and where IndexedDB is missing or refused.
 */
export interface DraftDb {
  get(key: string): Promise<unknown>;
  /** Writes the entries and deletes the keys in one transaction: all or nothing. */
  put(
    entries: ReadonlyArray<readonly [string, unknown]>,
    remove?: readonly string[],
  ): Promise<void>;
  delete(keys: readonly string[]): Promise<void>;
}

export const DRAFT_DB_NAME = 'fotocollage';
export const DRAFT_STORE_NAME = 'drafts';
const DB_VERSION = 1;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** IndexedDB, opened on first use; a failed open (private mode, storage blocked) rejects every call. */
export class IndexedDbDraftDb implements DraftDb {
  private opening: Promise<IDBDatabase> | null = null;

  constructor(
    private readonly factory: IDBFactory = indexedDB,
    private readonly name = DRAFT_DB_NAME,
  ) {}

  async get(key: string): Promise<unknown> {
    const db = await this.open();
    const transaction = db.transaction(DRAFT_STORE_NAME, 'readonly');
    return requestResult(transaction.objectStore(DRAFT_STORE_NAME).get(key));
  }

  async put(
    entries: ReadonlyArray<readonly [string, unknown]>,
    remove: readonly string[] = [],
  ): Promise<void> {
    const db = await this.open();
    const transaction = db.transaction(DRAFT_STORE_NAME, 'readwrite');
    const done = transactionDone(transaction);
    const store = transaction.objectStore(DRAFT_STORE_NAME);
    for (const key of remove) store.delete(key);
    for (const [key, value] of entries) store.put(value, key);
    // Commit now rather than when the event loop is idle again: the write made as a tab closes
    // (pagehide) is otherwise aborted with the page, and the last edit is lost. Older browsers
    // without commit() keep the implicit commit.
    transaction.commit?.();
    await done;
  }

  async delete(keys: readonly string[]): Promise<void> {
    await this.put([], keys);
  }

  private open(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = this.factory.open(this.name, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(DRAFT_STORE_NAME))
          request.result.createObjectStore(DRAFT_STORE_NAME);
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer tab upgrading the database: step aside, reopen on the next call.
        db.onversionchange = () => {
          db.close();
          this.opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }
}

/** In memory: Node tests, and browsers without IndexedDB (drafts then last as long as the page). */
export class MemoryDraftDb implements DraftDb {
  readonly values = new Map<string, unknown>();
  /** Test hook: the next put fails with this error (a full disk, a quota). */
  failNextPut: Error | null = null;
  /** Test hook: how many transactions were written. */
  transactions = 0;

  async get(key: string): Promise<unknown> {
    return this.values.get(key);
  }

  async put(
    entries: ReadonlyArray<readonly [string, unknown]>,
    remove: readonly string[] = [],
  ): Promise<void> {
    await Promise.resolve();
    const failure = this.failNextPut;
    if (failure) {
      this.failNextPut = null;
      throw failure;
    }
    this.transactions += 1;
    for (const key of remove) this.values.delete(key);
    for (const [key, value] of entries) this.values.set(key, value);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await this.put([], keys);
  }
}

/** The browser's IndexedDB when there is one, else memory. */
export function openDraftDb(): DraftDb {
  return typeof indexedDB === 'undefined' ? new MemoryDraftDb() : new IndexedDbDraftDb();
}
