/**
 * Static templates from catalog/templates as scenes: their artwork (overlays, masks) read from the
 * catalog, photos in every slot, the placeholders as texts. Node reads the artwork files; the
 * page fetches the same files from /catalog/ (tests/render/harness/main.ts).
 */
import { readFileSync } from 'node:fs';
import type { CanvasKit } from 'canvaskit-wasm';
import { readTemplateXml } from '../../src/model/document/templateXml';
import type { Layout } from '../../src/model/layout/types';
import type { ImageCache } from '../../src/render/cache';
import type { Scene } from '../../src/render/scene';
import type { NamedScene } from './scenes';

const CATALOG = new URL('../../catalog/', import.meta.url);

/** Two designer templates: circle and arch (SVG path) clips under leaf artwork; tilted photos under tape. */
export const STATIC_TEMPLATES = [
  'templates/202/template.xml',
  'templates/206/template.xml',
] as const;

export function readStaticLayout(source: string): Layout {
  const result = readTemplateXml(readFileSync(new URL(source, CATALOG), 'utf8'));
  if (!result.ok) throw new Error(`${source}: ${result.detail}`);
  return result.template.layout;
}

/** Catalog-relative URLs of every image the layout draws. */
export function loadArtwork(ck: CanvasKit, images: ImageCache, urls: string[]): void {
  for (const url of urls) {
    const image = ck.MakeImageFromEncoded(new Uint8Array(readFileSync(new URL(url, CATALOG))));
    if (!image) throw new Error(`cannot decode ${url}`);
    images.putArtwork(url, image);
  }
}

export function staticTemplateScene(source: string, pxPerCm = 10): NamedScene {
  const layout = readStaticLayout(source);
  const base = { zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0 as const, effect: 'none' as const };
  const photos: Scene['photos'] = {};
  const texts: Scene['texts'] = {};
  let index = 0;
  for (const layer of layout.layers) {
    if (layer.kind === 'photo') photos[layer.slot] = { ...base, imageKey: `p${index++ % 8}` };
    if (layer.kind === 'text' && layer.placeholder)
      texts[layer.slot] = { text: layer.placeholder, style: layer.style };
  }
  return { scene: { layout, photos, texts, purpose: 'print' }, pxPerCm };
}
