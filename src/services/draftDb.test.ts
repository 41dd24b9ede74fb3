import { describe, expect, it } from 'vitest';
import { DRAFT_STORE_NAME, IndexedDbDraftDb } from './draftDb';

/**
 * A small IndexedDB stand-in with the one behaviour that matters when a tab closes: a transaction
 * that has not been committed is aborted when its page goes away (the connection is closed by
 * force), while one the page asked to commit is finished by the database. Without commit() a
 * transaction commits only once the page's event loop is idle again, which a closing page never is.
 */
class FakeIndexedDb {
  readonly values = new Map<string, unknown>();
  readonly transactions: FakeTransaction[] = [];

  constructor(private readonly supportsCommit = true) {}

  open(): {
    result: unknown;
    onsuccess?: () => void;
    onupgradeneeded?: () => void;
    onerror?: () => void;
    onblocked?: () => void;
  } {
    const request: ReturnType<FakeIndexedDb['open']> = {
      result: {
        objectStoreNames: { contains: (name: string) => name === DRAFT_STORE_NAME },
        createObjectStore: () => undefined,
        close: () => undefined,
        transaction: () => {
          const transaction = new FakeTransaction(this.values);
          if (!this.supportsCommit) Object.assign(transaction, { commit: undefined });
          this.transactions.push(transaction);
          return transaction;
        },
      },
    };
    queueMicrotask(() => request.onsuccess?.());
    return request;
  }

  /** The page's event loop is idle: every transaction without pending work commits. */
  idle(): void {
    for (const transaction of this.transactions)
      if (transaction.state === 'active' || transaction.state === 'committing')
        transaction.finish();
  }

  /** The tab closes: what was asked to commit is written, everything else is aborted. */
  closePage(): void {
    for (const transaction of this.transactions) {
      if (transaction.state === 'committing') transaction.finish();
      else if (transaction.state === 'active') transaction.abort();
    }
  }
}

class FakeTransaction {
  state: 'active' | 'committing' | 'done' | 'aborted' = 'active';
  error: Error | null = null;
  oncomplete: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private readonly work: (() => void)[] = [];

  constructor(private readonly values: Map<string, unknown>) {}

  objectStore() {
    return {
      put: (value: unknown, key: string) => this.work.push(() => this.values.set(key, value)),
      delete: (key: string) => this.work.push(() => this.values.delete(key)),
    };
  }

  commit(): void {
    if (this.state === 'active') this.state = 'committing';
  }

  finish(): void {
    for (const step of this.work) step();
    this.state = 'done';
    this.oncomplete?.();
  }

  abort(): void {
    this.state = 'aborted';
    this.error = new Error('AbortError');
    this.onabort?.();
  }
}

/** Lets the put reach the point where its requests are issued (open, transaction, puts). */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('IndexedDbDraftDb', () => {
  it('asks to commit at once, so a write made while the tab closes is kept', async () => {
    const fake = new FakeIndexedDb();
    const db = new IndexedDbDraftDb(fake as unknown as IDBFactory);
    const written = db.put([['draft:new', { title: 'Ons lange weekend' }]], ['photo:new:old']);
    written.catch(() => undefined);
    await settle();
    fake.closePage();
    await expect(written).resolves.toBeUndefined();
    expect(fake.values.get('draft:new')).toEqual({ title: 'Ons lange weekend' });
  });

  it('writes and removes in one transaction that resolves once it is complete', async () => {
    const fake = new FakeIndexedDb();
    fake.values.set('photo:new:old', 'blob');
    const db = new IndexedDbDraftDb(fake as unknown as IDBFactory);
    const written = db.put(
      [
        ['draft:new', 1],
        ['index', [{ key: 'new' }]],
      ],
      ['photo:new:old'],
    );
    await settle();
    fake.idle();
    await written;
    expect(fake.transactions).toHaveLength(1);
    expect([...fake.values.entries()]).toEqual([
      ['draft:new', 1],
      ['index', [{ key: 'new' }]],
    ]);
  });

  it('works where transactions have no commit() (older browsers): they commit when the page is idle', async () => {
    const fake = new FakeIndexedDb(false);
    const db = new IndexedDbDraftDb(fake as unknown as IDBFactory);
    const written = db.put([['draft:new', 2]]);
    await settle();
    expect(fake.transactions[0]!.state).toBe('active');
    fake.idle();
    await written;
    expect(fake.values.get('draft:new')).toBe(2);
  });
});
