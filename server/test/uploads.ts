import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestClient, TestServer } from './helper.js';

export const fixturePhotos = path.resolve('../shared/fixtures/photos');

export async function fixture(relative: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.readFile(path.join(fixturePhotos, relative)));
}

export interface UploadOptions {
  web?: Uint8Array;
  fields?: Record<string, string>;
  filename?: string;
  headers?: Record<string, string>;
}

/** Posts one photo as the editor does: multipart/form-data with 'file', an optional 'web' and the fields. */
export async function upload(client: TestClient, bytes: Uint8Array, options: UploadOptions = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  );
  if (options.web)
    form.append('web', new Blob([new Uint8Array(options.web)], { type: 'image/jpeg' }), 'web.jpg');
  const response = await client.request('/api/upload?format=json', {
    method: 'POST',
    body: form,
    headers: options.headers,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Every file under the server's photo store, staging area included: what an upload left behind. */
export async function storedFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.config.dataDir, 'photos');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
