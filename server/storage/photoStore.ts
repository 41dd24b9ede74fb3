import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Content-addressed photo bytes: the SHA-256 of the bytes is the name, so the same bytes are kept
 * once whoever uploads them. The interface speaks in streams and hex digests only, so an
 * S3-compatible store can stand behind it (stage = multipart upload, commit = complete, discard = abort).
 */
export interface PhotoStore {
  /** Streams the bytes to a staging place while hashing them; nothing is visible until commit().
   * If the source throws (a refused or broken upload) the staged bytes are removed and the error rethrown. */
  stage(source: AsyncIterable<Uint8Array>): Promise<StagedPhoto>;
  /** stage() and commit() in one. */
  put(source: AsyncIterable<Uint8Array>): Promise<StoredDigest>;
  get(sha256: string): Promise<StoredPhoto | null>;
  has(sha256: string): Promise<boolean>;
  /** The object key of a digest inside the store: `ab/abcdef…`. */
  path(sha256: string): string;
}

export interface StoredDigest {
  sha256: string;
  bytes: number;
}

export interface StagedPhoto extends StoredDigest {
  /** Makes the bytes readable under their digest (a no-op when they already are). */
  commit(): Promise<void>;
  /** Forgets the staged bytes. Safe to call twice, or after commit (then it does nothing). */
  discard(): Promise<void>;
  /** Reads the staged bytes back (before commit or discard), e.g. to check that they decode. */
  stream(): Readable;
}

export interface StoredPhoto {
  bytes: number;
  stream(): Readable;
}

const DIGEST = /^[0-9a-f]{64}$/;
const INCOMING = '.incoming';

export function isSha256(value: string): boolean {
  return DIGEST.test(value);
}

export function objectKey(sha256: string): string {
  if (!isSha256(sha256)) throw new Error('not a sha256 digest');
  return `${sha256.slice(0, 2)}/${sha256}`;
}

/** Files under `<root>/<sha[0..2]>/<sha>`; staged in `<root>/.incoming` on the same file system, fsync'ed, then renamed. */
export class FilePhotoStore implements PhotoStore {
  constructor(readonly root: string) {}

  path(sha256: string): string {
    return objectKey(sha256);
  }

  async stage(source: AsyncIterable<Uint8Array>): Promise<StagedPhoto> {
    const incoming = path.join(this.root, INCOMING);
    await fsp.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${crypto.randomBytes(12).toString('hex')}.part`);
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    const handle = await fsp.open(temp, 'wx');
    try {
      for await (const chunk of source) {
        hash.update(chunk);
        bytes += chunk.length;
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    const sha256 = hash.digest('hex');
    let settled = false;
    return {
      sha256,
      bytes,
      commit: async () => {
        if (settled) return;
        settled = true;
        await this.moveIntoPlace(temp, sha256);
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await fsp.rm(temp, { force: true });
      },
      stream: () => fs.createReadStream(temp),
    };
  }

  async put(source: AsyncIterable<Uint8Array>): Promise<StoredDigest> {
    const staged = await this.stage(source);
    await staged.commit();
    return { sha256: staged.sha256, bytes: staged.bytes };
  }

  async get(sha256: string): Promise<StoredPhoto | null> {
    if (!isSha256(sha256)) return null;
    const file = this.file(sha256);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { bytes: stat.size, stream: () => fs.createReadStream(file) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.get(sha256)) !== null;
  }

  /** Removes staging files a crash left behind; young ones may belong to an upload in progress. */
  async sweepIncoming(olderThanMs: number): Promise<number> {
    const incoming = path.join(this.root, INCOMING);
    const names = await fsp.readdir(incoming).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(incoming, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private file(sha256: string): string {
    return path.join(this.root, ...objectKey(sha256).split('/'));
  }

  private async moveIntoPlace(temp: string, sha256: string): Promise<void> {
    const target = this.file(sha256);
    const folder = path.dirname(target);
    await fsp.mkdir(folder, { recursive: true });
    if (await exists(target)) {
      // the same bytes are already stored: keep one copy
      await fsp.rm(temp, { force: true });
      return;
    }
    await fsp.rename(temp, target);
    await syncFolder(folder);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Makes the rename itself durable; some file systems refuse to fsync a folder, which is harmless. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fsp.open(folder, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
