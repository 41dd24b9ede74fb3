import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePhotoStore } from './photoStore.js';

async function* chunks(...parts: (string | Uint8Array)[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

async function* failing(): AsyncIterable<Uint8Array> {
  yield Buffer.from('half a photo');
  throw new Error('refused');
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

describe('FilePhotoStore', () => {
  let root: string;
  let store: FilePhotoStore;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'photostore-'));
    store = new FilePhotoStore(path.join(root, 'photos'));
  });
  afterEach(async () => fs.rm(root, { recursive: true, force: true }));

  it('stores bytes under their SHA-256 in a two-character folder and reads them back', async () => {
    const data = crypto.randomBytes(200_000);
    const { sha256, bytes } = await store.put(
      chunks(data.subarray(0, 70_000), data.subarray(70_000)),
    );
    expect(sha256).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    expect(bytes).toBe(data.length);
    expect(store.path(sha256)).toBe(`${sha256.slice(0, 2)}/${sha256}`);
    expect(await listFiles(store.root)).toEqual([path.join(sha256.slice(0, 2), sha256)]);
    const stored = await store.get(sha256);
    expect(stored?.bytes).toBe(data.length);
    expect((await readAll(stored!.stream())).equals(data)).toBe(true);
    expect(await store.has(sha256)).toBe(true);
  });

  it('keeps the same bytes once', async () => {
    const first = await store.put(chunks('same bytes'));
    const second = await store.put(chunks('same', ' bytes'));
    expect(second.sha256).toBe(first.sha256);
    expect(await listFiles(store.root)).toHaveLength(1);
  });

  it('shows staged bytes only after commit and leaves nothing after discard', async () => {
    const staged = await store.stage(chunks('staged'));
    expect(await store.has(staged.sha256)).toBe(false);
    await staged.discard();
    expect(await listFiles(store.root)).toEqual([]);
    const again = await store.stage(chunks('staged'));
    await again.commit();
    await again.discard();
    expect(await store.has(again.sha256)).toBe(true);
  });

  it('removes the partial file when the source fails', async () => {
    await expect(store.stage(failing())).rejects.toThrow('refused');
    expect(await listFiles(store.root)).toEqual([]);
  });

  it('answers null for unknown and malformed digests', async () => {
    expect(await store.get('0'.repeat(64))).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(() => store.path('nope')).toThrow();
  });

  it('sweeps old staging files only', async () => {
    await fs.mkdir(path.join(store.root, '.incoming'), { recursive: true });
    const old = path.join(store.root, '.incoming', 'old.part');
    await fs.writeFile(old, 'x');
    await fs.utimes(old, new Date(0), new Date(0));
    await fs.writeFile(path.join(store.root, '.incoming', 'young.part'), 'y');
    expect(await store.sweepIncoming(60_000)).toBe(1);
    expect(await listFiles(store.root)).toEqual([path.join('.incoming', 'young.part')]);
  });
});
