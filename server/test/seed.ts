import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeCollageXml } from '../../src/model/document/collageXml.js';
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/db.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.js';
import { startTestServer, TestClient, type Backend, type TestServer } from './helper.js';

/** Test data put straight into the database: users with a live session, and photo rows. */

export interface SeededUser {
  userId: number;
  sessionId: string;
  username: string;
}

export async function seedUser(
  db: Queryable,
  username = `user_${crypto.randomBytes(5).toString('hex')}`,
): Promise<SeededUser> {
  const [row] = await db.query<{ id: string | number }>(
    'INSERT INTO users (username, username_key, email, email_key, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [
      username,
      username.toLowerCase(),
      `${username}@example.test`,
      `${username.toLowerCase()}@example.test`,
      'not-a-real-hash',
    ],
  );
  const userId = Number(row?.id);
  const session = await createSession(db, userId);
  return { userId, sessionId: session.id, username };
}

/** A browser-like client signed in as a new user. */
export async function signedInClient(
  server: TestServer,
  username?: string,
): Promise<{ client: TestClient; user: SeededUser }> {
  const user = await seedUser(server.app.db, username);
  const client = new TestClient(server.url);
  client.setCookie(SESSION_COOKIE, user.sessionId);
  return { client, user };
}

export interface PhotoSeed {
  orgWidth?: number;
  orgHeight?: number;
  webWidth?: number | null;
  webHeight?: number | null;
  type?: string;
  unique?: string | null;
  suggestedRotation?: number;
}

export async function seedPhoto(
  db: Queryable,
  userId: number,
  seed: PhotoSeed = {},
): Promise<number> {
  const [row] = await db.query<{ id: string | number }>(
    `INSERT INTO photos (user_id, sha256, byte_size, org_width, org_height, web_sha256, web_width, web_height, photo_type, unique_key, suggested_rotation)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      userId,
      crypto.randomBytes(32).toString('hex'),
      123456,
      seed.orgWidth ?? 4000,
      seed.orgHeight ?? 3000,
      crypto.randomBytes(32).toString('hex'),
      seed.webWidth === undefined ? 1024 : seed.webWidth,
      seed.webHeight === undefined ? 768 : seed.webHeight,
      seed.type ?? 'computer',
      seed.unique === undefined
        ? `123456.4000.3000.${crypto.randomBytes(4).toString('hex')}`
        : seed.unique,
      seed.suggestedRotation ?? 0,
    ],
  );
  return Number(row?.id);
}

/** A small catalog in the format of catalog/themes.xml, in a temporary folder. */
export const TEST_THEMES_XML = `<?xml version="1.0" encoding="UTF-8"?>
<themes>
  <template id="alleven" name="Fotocollage Alle even" source="gen:alleven">
    <text locale="en" name="Photo collage All even"/>
    <size id="101" width="50" height="40" materials="POSTER,CANVAS2CM" description="50 x 40 cm [39.95]"/>
    <size id="102" width="30" height="30" materials="POSTER" description="30 x 30 cm [24.50]"/>
  </template>
  <template id="hart" name="Hart &amp; ziel" source="templates/hart/template.xml">
    <size id="201" width="40" height="40" materials="CANVAS4CM" description="40 x 40 cm"/>
  </template>
</themes>
`;

export async function writeTestCatalog(themesXml = TEST_THEMES_XML): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-catalog-'));
  await fs.writeFile(path.join(dir, 'themes.xml'), themesXml);
  return dir;
}

export interface CollageXmlOptions {
  templateId?: string;
  childTemplateId?: string;
  photoIds?: (number | string)[];
  screenshotBase64?: string;
  width?: number;
  height?: number;
  material?: string;
  /** Extra markup inside <userdata>, kept verbatim by the server. */
  layers?: string;
}

/** A saved-collage document with the pinned parts and some editor-only content. */
export function collageXml(options: CollageXmlOptions = {}): string {
  const photoIds = options.photoIds ?? [];
  const child = options.childTemplateId ?? '101';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<collage>',
    `  <templateId>${options.templateId ?? 'alleven'}</templateId>`,
    `  <childTemplateId>${child}</childTemplateId>`,
    options.screenshotBase64 === undefined
      ? ''
      : `  <screenshot>${options.screenshotBase64}</screenshot>`,
    `  <photos>${photoIds.map((id) => `<photo id="${id}"/>`).join('')}</photos>`,
    `  <pages><page templateId="${options.templateId ?? 'alleven'}" childTemplateId="${child}"/></pages>`,
    `  <userdata variation="default" version="2" width="${options.width ?? 50}" height="${options.height ?? 40}" material="${options.material ?? 'POSTER'}" photobordercolor="0x000000" photoborderautomaticcolor="true">`,
    options.layers ??
      `    <layers>${photoIds.map((id, index) => `<dopimage name="img${index + 1}" id="${id}" zoom="1" x="0" y="0" rotation="0" dpi="150"/>`).join('')}<doptext name="txt1" text="Zomer &amp; zon" color="0x000000"/></layers>`,
    '  </userdata>',
    '</collage>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A real small JPEG (a camera fixture) as base64, standing in for the editor's 500x500 screenshot. */
export async function screenshotFixture(): Promise<string> {
  const file = path.resolve(
    '..',
    'shared',
    'fixtures',
    'photos',
    'cameras',
    'Fujifilm_FinePix_E500.jpg',
  );
  return (await fs.readFile(file)).toString('base64');
}

/** The real server on a temporary test catalog; destroy() (also after a restart) removes the catalog too. */
export async function startWithTestCatalog(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const catalogDir = await writeTestCatalog();
  return alsoRemoving(await startTestServer(backend, { catalogDir, ...overrides }), catalogDir);
}

function alsoRemoving(server: TestServer, folder: string): TestServer {
  return {
    ...server,
    restart: async () => alsoRemoving(await server.restart(), folder),
    destroy: async () => {
      await server.destroy();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A document of the test catalog's 'alleven' (50 x 40 cm, poster) that the print can read: what an
 * order needs since orders are checked (issue 17). The photos are listed; the slots stay empty.
 */
export function orderableCollageXml(
  options: { photoIds?: number[]; screenshotBase64?: string } = {},
): string {
  return writeCollageXml({
    templateId: 'alleven',
    childTemplateId: '101',
    ...(options.screenshotBase64 === undefined ? {} : { screenshot: options.screenshotBase64 }),
    photos: (options.photoIds ?? []).map(String),
    userdata: [
      {
        variation: 'default',
        version: 2,
        photoBorderColor: '#000000',
        photoBorderAutomaticColor: true,
        backgroundColor: '#ffffff',
        widthCm: 50,
        heightCm: 40,
        screenDpcm: 40,
        material: 'POSTER',
        settings: {},
        slots: [],
      },
    ],
  });
}
