import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buildHarness, FIXTURES, startHarnessServer, type HarnessServer } from '../harness/harness';

/**
 * The photo picker in Chromium with the real stores and the real photo worker pool (the harness
 * page tests/harness/app/photos.tsx, built and served by this file on a free port).
 */
let server: HarnessServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildHarness();
  server = await startHarnessServer();
});

test.afterAll(async () => {
  await server?.close();
});

const fixture = (path: string) => join(FIXTURES, path);
const payload = (path: string) => ({
  name: path.split('/').pop()!,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(fixture(path)),
});
const tiles = (page: Page) => page.locator('.photo-tile');
const tile = (page: Page, name: string) =>
  page.locator('.photo-tile', { has: page.locator(`button[title="${name}"]`) });

async function openHarness(page: Page, query = ''): Promise<void> {
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${server.url}/photos.html${query}`);
  await expect(page.getByRole('dialog', { name: 'Kies een foto' })).toBeVisible();
}

/** The web version's size of a photo, as the photo store has it (the tile shows a smaller thumbnail). */
async function webSize(page: Page, name: string): Promise<[number, number]> {
  return page.evaluate((wanted) => {
    type Store = {
      photos: { photos: Array<{ name: string; webWidth: number; webHeight: number }> };
    };
    const store = (window as unknown as { harness: { store: Store } }).harness.store;
    const photo = store.photos.photos.find((candidate) => candidate.name === wanted)!;
    return [photo.webWidth, photo.webHeight] as [number, number];
  }, name);
}

/** A tile's thumbnail is drawn on its canvas (it is near the view). */
async function expectThumbnailDrawn(page: Page, name: string): Promise<void> {
  await tile(page, name).scrollIntoViewIfNeeded();
  await expect(tile(page, name).locator('canvas.photo-tile__image')).toHaveAttribute(
    'data-drawn',
    'true',
    { timeout: 30_000 },
  );
}

/** Mean difference (0–255) between each tile picture and the reference tile picture, both drawn at 32x32. */
async function differencesFrom(
  page: Page,
  reference: string,
  names: string[],
  turnOthers = 0,
): Promise<Record<string, number>> {
  return page.evaluate(
    ([referenceName, all, turn]) => {
      const pixels = (name: string, degrees: number) => {
        const image = document.querySelector<HTMLCanvasElement>(
          `button[title="${name}"] canvas.photo-tile__image`,
        )!;
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 32;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        context.translate(16, 16);
        context.rotate((degrees * Math.PI) / 180);
        context.drawImage(image, -16, -16, 32, 32);
        return context.getImageData(0, 0, 32, 32).data;
      };
      const base = pixels(referenceName, 0);
      const result: Record<string, number> = {};
      for (const name of all) {
        const other = pixels(name, turn);
        let sum = 0;
        for (let i = 0; i < base.length; i += 4)
          sum +=
            Math.abs(base[i]! - other[i]!) +
            Math.abs(base[i + 1]! - other[i + 1]!) +
            Math.abs(base[i + 2]! - other[i + 2]!);
        result[name] = sum / (32 * 32 * 3);
      }
      return result;
    },
    [reference, names, turnOthers] as const,
  );
}

test('camera and orientation photos added through the file input turn into upright loaded tiles', async ({
  page,
}) => {
  await openHarness(page);
  const cameras = [
    'Canon_40D.jpg',
    'gps_DSCN0010.jpg',
    'hdr_canon_hdr_YES.jpg',
    'mobile_HMD_Nokia_8.3_5G.jpg',
    'xmp_no_exif.jpg',
  ];
  const orientation = [
    ...Array.from({ length: 9 }, (_, n) => `Landscape_${n}.jpg`),
    ...Array.from({ length: 9 }, (_, n) => `Portrait_${n}.jpg`),
  ];
  await page
    .locator('input[type=file]')
    .setInputFiles([
      ...cameras.map((name) => fixture(`cameras/${name}`)),
      ...orientation.map((name) => fixture(`orientation/${name}`)),
    ]);
  // Several files are only added: the dialog stays open and nothing is selected.
  await expect(tiles(page)).toHaveCount(cameras.length + orientation.length);
  await expect(page.locator('.photo-tile[data-look="2"]')).toHaveCount(
    cameras.length + orientation.length,
    { timeout: 60_000 },
  );
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('selected')).toHaveText('none');

  for (const name of orientation) {
    await expectThumbnailDrawn(page, name);
    const [naturalWidth, naturalHeight] = await webSize(page, name);
    const box = await tile(page, name).locator('.photo-tile__image').boundingBox();
    const landscape = name.startsWith('Landscape');
    expect(naturalWidth > naturalHeight, `${name} web image upright`).toBe(landscape);
    expect(box!.width > box!.height, `${name} tile upright`).toBe(landscape);
    expect(Math.round(box!.height)).toBe(100);
  }
  const landscapes = await differencesFrom(
    page,
    'Landscape_1.jpg',
    orientation.filter((name) => name.startsWith('Landscape')),
  );
  const portraits = await differencesFrom(
    page,
    'Portrait_1.jpg',
    orientation.filter((name) => name.startsWith('Portrait')),
  );
  for (const [name, difference] of Object.entries({ ...landscapes, ...portraits }))
    expect(difference, `${name} looks like orientation 1`).toBeLessThan(8);
  // The comparison can fail: the same picture upside down differs by far more.
  const wrong = await differencesFrom(page, 'Landscape_1.jpg', ['Landscape_3.jpg'], 180);
  expect(wrong['Landscape_3.jpg']).toBeGreaterThan(20);

  const nokia = tile(page, 'mobile_HMD_Nokia_8.3_5G.jpg');
  await expect(nokia.locator('.photo-tile__name')).toHaveText('mobile_HMD_N...');
  expect(await webSize(page, 'mobile_HMD_Nokia_8.3_5G.jpg')).toEqual([1024, 439]);
});

test('broken, arithmetic, truncated and PNG files show the error look with a delete icon; the next good file loads', async ({
  page,
}) => {
  await openHarness(page);
  const camera = readFileSync(fixture('cameras/mobile_jolla.jpg'));
  await page.locator('input[type=file]').setInputFiles([
    ...[
      'libjpeg-turbo/testimgari.jpg',
      'libjpeg-turbo/monkey12.jpg',
      'reject/corrupted.jpg',
      'reject/testorig.png',
      'reject/iphone.heic',
    ].map(payload),
    {
      name: 'truncated_camera.jpg',
      mimeType: 'image/jpeg',
      buffer: camera.subarray(0, Math.floor(camera.length * 0.7)),
    },
  ]);
  const broken = page.locator('.photo-tile[data-look="1"]');
  await expect(broken).toHaveCount(6, { timeout: 30_000 });
  for (const item of await broken.all()) {
    await expect(item.getByText('Kon niet worden geladen')).toBeVisible();
    await expect(item.getByRole('button', { name: /^Verwijder / })).toBeVisible();
  }
  await page.locator('input[type=file]').setInputFiles([fixture('cameras/gps_DSCN0010.jpg')]);
  // One good file is added and selected: it closes the dialog while loading.
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'open picker' }).click();
  await expect(tile(page, 'gps_DSCN0010.jpg')).toHaveAttribute('data-look', '2', {
    timeout: 30_000,
  });

  // Error tiles cannot be chosen; their delete icon removes them.
  await tile(page, 'testimgari.jpg').locator('.photo-tile__select').click({ force: true });
  await page.waitForTimeout(400);
  await expect(page.getByRole('dialog')).toBeVisible();
  await tile(page, 'testimgari.jpg')
    .getByRole('button', { name: 'Verwijder testimgari.jpg' })
    .click();
  await expect(tile(page, 'testimgari.jpg')).toHaveCount(0);
  await expect(page.getByTestId('photo-count')).toHaveText('6');
});

test('a CMYK photo shows why it is refused instead of false colours, at 360 and 1280 px', async ({
  page,
}) => {
  const cmyk = readFileSync(join(import.meta.dirname, '../../workers/codec/test/cmyk-48x32.jpg'));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openHarness(page);
    await page
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'drukwerk_cmyk.jpg', mimeType: 'image/jpeg', buffer: cmyk },
        payload('cameras/Canon_40D.jpg'),
      ]);
    const refused = tile(page, 'drukwerk_cmyk.jpg');
    await expect(refused).toHaveAttribute('data-look', '1', { timeout: 30_000 });
    await expect(refused.getByText('CMYK-foto: sla hem op als RGB')).toBeVisible();
    await expect(refused.getByText('Kon niet worden geladen')).toBeVisible();
    await expect(
      refused.getByRole('button', {
        name: 'drukwerk_cmyk.jpg: Kon niet worden geladen. CMYK-foto: sla hem op als RGB',
      }),
    ).toBeVisible();
    await expect(tile(page, 'Canon_40D.jpg')).toHaveAttribute('data-look', '2', {
      timeout: 30_000,
    });
    await page.screenshot({ path: `test-results/photos-e2e/cmyk-tile-${width}.png` });
  }
});

test('one file selects and closes; several files only add; a tile click is debounced to one selection', async ({
  page,
}) => {
  await openHarness(page);
  await page.locator('input[type=file]').setInputFiles([fixture('cameras/Nikon_D70.jpg')]);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('selected')).toHaveText(/^Nikon_D70\.jpg (LOADING|IMAGE)$/);

  await page.getByRole('button', { name: 'open picker' }).click();
  await page
    .locator('input[type=file]')
    .setInputFiles([fixture('cameras/Pentax_K10D.jpg'), fixture('cameras/Kodak_CX7530.jpg')]);
  await expect(tiles(page)).toHaveCount(3);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.photo-tile[data-look="2"]')).toHaveCount(3, { timeout: 30_000 });

  await tile(page, 'Kodak_CX7530.jpg').locator('.photo-tile__select').dblclick();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(
    await page.evaluate(
      () => (window as unknown as { harness: { selections: string[] } }).harness.selections,
    ),
  ).toEqual(['Nikon_D70.jpg', 'Kodak_CX7530.jpg']);

  // Drag and drop of several files at once adds them all.
  await page.getByRole('button', { name: 'open picker' }).click();
  const files = ['cameras/Canon_40D.jpg', 'cameras/PaintTool_sample.jpg'].map((path) => ({
    name: path.split('/')[1]!,
    bytes: [...readFileSync(fixture(path))],
  }));
  await page.getByTestId('drop-zone').evaluate((zone, dropped) => {
    const transfer = new DataTransfer();
    for (const file of dropped)
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }));
    zone.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    zone.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
  }, files);
  await expect(tiles(page)).toHaveCount(5);
  await expect(page.locator('.photo-tile[data-look="2"]')).toHaveCount(5, { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toBeVisible();

  // The used count and the turned look follow the store.
  await page.evaluate(() => {
    const { store } = (
      window as unknown as {
        harness: {
          store: {
            photos: {
              photos: { name: string; localId: string; rotate(d: number): void }[];
              updateUsage(ids: string[]): void;
            };
          };
        };
      }
    ).harness;
    const canon = store.photos.photos.find((photo) => photo.name === 'Canon_40D.jpg')!;
    store.photos.updateUsage([canon.localId, canon.localId]);
    canon.rotate(90);
  });
  const canon = tile(page, 'Canon_40D.jpg');
  await expect(canon.locator('.photo-tile__used')).toContainText('2×');
  await expect(canon.locator('.photo-tile__used')).toContainText('2 keer gebruikt');
  const turned = await canon.locator('.photo-tile__image').boundingBox();
  expect(
    turned!.height > turned!.width,
    'a 90 degree turn shows the landscape photo upright in a portrait box',
  ).toBe(true);

  // Escape closes the dialog.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the quotes tab loads its list once, shows 150 px previews and selects a quote', async ({
  page,
}) => {
  const before = server.quoteRequests();
  await openHarness(page);
  await page.getByRole('tab', { name: 'Spreuken' }).click();
  const quoteTiles = page.getByRole('list', { name: 'Spreuken' }).locator('.photo-tile');
  await expect(quoteTiles).toHaveCount(3);
  await expect(quoteTiles.first().locator('img')).toHaveAttribute('height', '150');
  await expect(quoteTiles.first().locator('img')).toHaveAttribute('alt', 'Carpe diem');
  await page.getByRole('tab', { name: 'Eigen computer' }).click();
  await page.getByRole('tab', { name: 'Spreuken' }).click();
  await page.getByRole('button', { name: 'Geniet van de kleine dingen' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('selected')).toHaveText('Geniet van de kleine dingen IMAGE');
  await page.getByRole('button', { name: 'open picker' }).click();
  await page.getByRole('tab', { name: 'Spreuken' }).click();
  await expect(quoteTiles).toHaveCount(3);
  expect(server.quoteRequests() - before).toBe(1);
  // The social tab keeps its place, disabled, saying it comes later.
  await expect(page.getByRole('tab', { name: /Sociale media/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByText('Komt binnenkort')).toBeVisible();
});

test('narrow windows get 80 px previews', async ({ page }) => {
  await page.setViewportSize({ width: 480, height: 800 });
  await openHarness(page);
  await page
    .locator('input[type=file]')
    .setInputFiles([fixture('cameras/gps_DSCN0010.jpg'), fixture('cameras/Canon_40D.jpg')]);
  await expectThumbnailDrawn(page, 'gps_DSCN0010.jpg');
  const box = await tile(page, 'gps_DSCN0010.jpg').locator('.photo-tile__image').boundingBox();
  expect(Math.round(box!.height)).toBe(80);
  // The canvas holds the picture at the screen's density, no more (the thumbnail is 200 px high).
  const backing = await tile(page, 'gps_DSCN0010.jpg')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  expect(backing).toEqual([Math.round(box!.width * dpr), Math.round(80 * dpr)]);
});

test('more than 150 photos: the rest is refused with the collage-full message; every tile shows its thumbnail when scrolled to', async ({
  page,
}) => {
  await openHarness(page);
  const small = readFileSync(fixture('cameras/Fujifilm_FinePix_E500.jpg'));
  await page.locator('input[type=file]').setInputFiles(
    Array.from({ length: 152 }, (_, n) => ({
      name: `foto-${n}.jpg`,
      mimeType: 'image/jpeg',
      buffer: small,
    })),
  );
  await expect(page.getByRole('alert')).toHaveText(
    "Niet alle foto's zijn toegevoegd: je collage is vol (maximaal 150 foto's).",
  );
  await expect(page.getByTestId('photo-count')).toHaveText('150');
  await expect(page.locator('.photo-tile[data-look="2"]')).toHaveCount(150, { timeout: 90_000 });

  // Scrolled through, every tile shows its thumbnail when it comes into view (issue 27 item 3)...
  for (let n = 0; n < 150; n++) await expectThumbnailDrawn(page, `foto-${n}.jpg`);
  // ...and the tiles scrolled far away hold no pixels: only those near the view are decoded.
  const first = tile(page, 'foto-0.jpg').locator('canvas');
  await expect(first).toHaveAttribute('data-drawn', 'false');
  expect(await first.evaluate((canvas: HTMLCanvasElement) => canvas.width * canvas.height)).toBe(0);
  const drawn = await page.locator('canvas.photo-tile__image[data-drawn="true"]').count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(100);
  // Each photo keeps one small JPEG for its tile, made once however often it was shown.
  const kept = await page.evaluate(() => {
    type Thumbnails = { count: number; keptBytes: number };
    const harness = (
      window as unknown as { harness: { store: { photos: { thumbnails: Thumbnails } } } }
    ).harness;
    const { count, keptBytes } = harness.store.photos.thumbnails;
    return { count, keptBytes };
  });
  expect(kept.count).toBe(150);
  expect(kept.keptBytes).toBeGreaterThan(0);
  await tile(page, 'foto-0.jpg').scrollIntoViewIfNeeded();
  await expectThumbnailDrawn(page, 'foto-0.jpg');
});

test('with the PNG setting on, a PNG loads like a JPEG', async ({ page }) => {
  await openHarness(page, '?png=1');
  await page
    .locator('input[type=file]')
    .setInputFiles([fixture('reject/testorig.png'), fixture('cameras/Canon_40D.jpg')]);
  await expect(tile(page, 'testorig.png')).toHaveAttribute('data-look', '2', { timeout: 30_000 });
  expect(await webSize(page, 'testorig.png')).toEqual([227, 149]);
  await expectThumbnailDrawn(page, 'testorig.png');
});

test('the picker has no accessibility violations (axe), with loaded and error tiles', async ({
  page,
}) => {
  await openHarness(page);
  await page
    .locator('input[type=file]')
    .setInputFiles([fixture('cameras/gps_DSCN0010.jpg'), fixture('libjpeg-turbo/testimgari.jpg')]);
  await expect(page.locator('.photo-tile[data-look="2"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.photo-tile[data-look="1"]')).toHaveCount(1);
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});
