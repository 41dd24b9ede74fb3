/**
 * Pixel parity: the same scenes drawn by CanvasKit's software surface in headless Chromium (the
 * page loads CanvasKit and the fonts by URL, as the editor does) and in Node (files from
 * node_modules) differ in 0 pixels. Every layer scene, a few generator layouts and the
 * benchmark's 150-slot collage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { benchScene, BENCH_PX_PER_CM } from './benchScene';
import { launchChromium, openHarness, startHarnessServer, type HarnessServer } from './browser';
import { generatorScene } from './generatorScenes';
import { compare } from './golden';
import { renderNamed, sceneSize, testRenderer, type TestRenderer } from './nodeRender';
import { layerScenes, type NamedScene } from './scenes';

let server: HarnessServer;
let browser: Browser;
let page: Page;
let t: TestRenderer;

beforeAll(async () => {
  [server, browser, t] = await Promise.all([startHarnessServer(), launchChromium(), testRenderer()]);
  page = await openHarness(browser, server);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  t?.dispose();
});

async function inChromium(named: NamedScene): Promise<Uint8Array> {
  const { width, height } = sceneSize(named);
  const base64 = await page.evaluate(({ scene, pxPerCm, width, height }) => window.renderScene(scene, pxPerCm, width, height), { scene: named.scene, pxPerCm: named.pxPerCm, width, height });
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

describe('Chromium and Node draw the same pixels', () => {
  const cases: Array<[string, () => NamedScene]> = [
    ...Object.entries(layerScenes()).map(([name, named]): [string, () => NamedScene] => [name, () => named]),
    ...['pilealleven', 'heart', 'number', 'mosaicinsta', 'bordersplit'].map((name): [string, () => NamedScene] => [`generator ${name}`, () => generatorScene(name, t.renderer.text)]),
    ['the 150-slot benchmark collage', () => ({ scene: benchScene(), pxPerCm: BENCH_PX_PER_CM })],
  ];
  for (const [name, build] of cases) {
    it(`${name}: 0 pixels differ`, async () => {
      const named = build();
      const node = renderNamed(t, named);
      const chromium = await inChromium(named);
      expect(chromium.length).toBe(node.data.length);
      const difference = compare(node, { width: node.width, height: node.height, data: chromium });
      expect(difference.differing).toBe(0);
    });
  }
});
