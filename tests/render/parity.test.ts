/**
 * Pixel parity: the same scenes drawn by CanvasKit's software surface in headless Chromium (the
 * page loads CanvasKit and the fonts by URL, as the editor does) and in Node (files from
 * node_modules) differ in 0 pixels. Every layer scene, a few generator layouts and the
 * benchmark's 150-slot collage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadNodeCanvasKit } from '../../server/print/assets';
import { SceneRenderer } from '../../src/render/sceneRenderer';
import {
  drawScreenshot,
  encodeWithCanvasKit,
  SCREENSHOT_SIZE,
  toBase64,
} from '../../src/render/screenshot';
import { benchScene, BENCH_PX_PER_CM } from './benchScene';
import { testImages } from './fixtures';
import { openHarness, startHarnessServer, type HarnessServer } from './browser';
import { launchChromium } from '../support/chromium';
import { generatorScene } from './generatorScenes';
import { compare } from './golden';
import { renderNamed, sceneSize, testRenderer, type TestRenderer } from './nodeRender';
import { layerScenes, type NamedScene } from './scenes';
import { artworkUrls } from '../../src/model/layout/artwork';
import { loadArtwork, STATIC_TEMPLATES, staticTemplateScene } from './staticTemplates';

let server: HarnessServer;
let browser: Browser;
let page: Page;
let t: TestRenderer;

beforeAll(async () => {
  [server, browser, t] = await Promise.all([
    startHarnessServer(),
    launchChromium(),
    testRenderer(),
  ]);
  page = await openHarness(browser, server);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  t?.dispose();
});

async function inChromium(named: NamedScene): Promise<Uint8Array> {
  const { width, height } = sceneSize(named);
  const base64 = await page.evaluate(
    ({ scene, pxPerCm, width, height }) => window.renderScene(scene, pxPerCm, width, height),
    { scene: named.scene, pxPerCm: named.pxPerCm, width, height },
  );
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

describe('surfaces in Chromium', () => {
  it('gives the editor a working surface: WebGL where the browser has it, else software', async () => {
    const { kind, pixel } = await page.evaluate(() => window.defaultSurface());
    expect(['webgl', 'software']).toContain(kind);
    expect(pixel).toEqual([255, 0, 0, 255]);
  });
});

describe('the screenshot worker', () => {
  it("draws with the page's compiled CanvasKit when handed it, and compiles its own only when not", async () => {
    const [handed, own] = await page.evaluate(async () => [
      await window.bench.screenshot(true, 1),
      await window.bench.screenshot(false, 1),
    ]);
    expect(handed.compiledInWorker).toBe(false);
    expect(own.compiledInWorker).toBe(true);
    expect(handed.runs[0]!.base64).toBe(own.runs[0]!.base64);
  }, 60_000);

  it("makes the 500x500 JPEG (quality 50, base64) byte for byte as Node's CanvasKit encoder makes it", async () => {
    const viaBrowser = await page.evaluate(
      async () => (await window.bench.screenshot(true, 1)).runs[0]!.base64,
    );
    const jpeg = new Uint8Array(Buffer.from(viaBrowser!, 'base64'));
    expect(Array.from(jpeg.slice(0, 2))).toEqual([0xff, 0xd8]);
    const full = await loadNodeCanvasKit('full');
    const renderer = new SceneRenderer(full.ck, full.fonts);
    const images = testImages(full.ck);
    const raster = drawScreenshot(full.ck, renderer, benchScene(), images);
    try {
      const inNode = encodeWithCanvasKit(full.ck, raster);
      const decoded = full.ck.MakeImageFromEncoded(jpeg)!;
      expect([decoded.width(), decoded.height()]).toEqual([SCREENSHOT_SIZE, SCREENSHOT_SIZE]);
      decoded.delete();
      expect(toBase64(inNode)).toBe(viaBrowser);
    } finally {
      raster.delete();
      images.dispose();
      renderer.dispose();
      full.fonts.delete();
    }
  }, 60_000);
});

describe('Chromium and Node draw the same pixels', () => {
  const cases: Array<[string, () => NamedScene]> = [
    ...Object.entries(layerScenes()).map(([name, named]): [string, () => NamedScene] => [
      name,
      () => named,
    ]),
    ...['pilealleven', 'heart', 'number', 'mosaicinsta', 'bordersplit'].map(
      (name): [string, () => NamedScene] => [
        `generator ${name}`,
        () => generatorScene(name, t.renderer.text),
      ],
    ),
    ['the 150-slot benchmark collage', () => ({ scene: benchScene(), pxPerCm: BENCH_PX_PER_CM })],
    ...STATIC_TEMPLATES.map((source): [string, () => NamedScene] => [
      `static ${source}`,
      () => staticTemplateScene(source),
    ]),
  ];
  for (const [name, build] of cases) {
    it(`${name}: 0 pixels differ`, async () => {
      const named = build();
      // Catalog artwork of the static templates (the test scenes' art/ images are made in code).
      const artwork = artworkUrls(named.scene.layout).filter((url) => url.startsWith('templates/'));
      loadArtwork(t.ck, t.images, artwork);
      await page.evaluate((urls) => window.loadArtwork(urls), artwork);
      const node = renderNamed(t, named);
      const chromium = await inChromium(named);
      expect(chromium.length).toBe(node.data.length);
      const difference = compare(node, { width: node.width, height: node.height, data: chromium });
      expect(difference.differing).toBe(0);
    });
  }
});
