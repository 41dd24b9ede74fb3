/**
 * Every generator's default layout as a scene: photos in every slot, a title and subtitle fitted
 * with the model's fitting and the renderer's own measurer (as the editor does). Node only: the
 * number generators read catalog/shapes.xml.
 */
import { loadNumberShapes } from '../../server/catalog/numberShapesFile';
import { GENERATORS, registerNumberGenerators } from '../../src/model/generators/registry';
import type { Layout, Size } from '../../src/model/layout/types';
import { fitBoxForSlot, SUBTITLE_SLOT } from '../../src/model/text/box';
import { fitText } from '../../src/model/text/fit';
import type { TextMeasurer } from '../../src/model/text/measure';
import type { Scene, SceneText } from '../../src/render/scene';
import type { NamedScene } from './scenes';

const SIZES: Size[] = [
  { widthCm: 50, heightCm: 40 },
  { widthCm: 50, heightCm: 50 },
  { widthCm: 80, heightCm: 40 },
  { widthCm: 100, heightCm: 40 },
];
const WORDS: Record<string, string> = { txt1: 'Zomer in Zeeland', txt2: 'Augustus 2025' };

export function generatorNames(): string[] {
  registerNumberGenerators(loadNumberShapes());
  return Object.keys(GENERATORS).sort();
}

/** The generator's defaults at 50x40, or the first other size it takes without a warning (heart: square), or the first it takes at all. */
export function defaultLayout(name: string, sizes: Size[] = SIZES): Layout {
  registerNumberGenerators(loadNumberShapes());
  const generator = GENERATORS[name]!;
  let withWarning: Layout | undefined;
  let refusal = '';
  for (const size of sizes) {
    const result = generator.generate({
      settings: { ...generator.defaults(size, ''), hasText: '4' },
      size,
      material: '',
      seed: 7,
    });
    if (result.ok && result.warnings.length === 0) return result.layout;
    if (result.ok) withWarning ??= result.layout;
    else refusal = result.refusal.key;
  }
  // A format suggestion is advice, not a refusal (the year and date designs suggest a wider size).
  if (withWarning) return withWarning;
  throw new Error(`${name}: no default layout (${refusal})`);
}

export function generatorScene(name: string, measurer: TextMeasurer, pxPerCm = 8): NamedScene {
  const layout = defaultLayout(name);
  const base = { zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0 as const, effect: 'none' as const };
  const photos: Scene['photos'] = {};
  const texts: Record<string, SceneText> = {};
  const hasSubtitle = layout.layers.some(
    (layer) => layer.kind === 'text' && layer.slot === SUBTITLE_SLOT,
  );
  layout.layers.forEach((layer, index) => {
    if (layer.kind === 'photo') photos[layer.slot] = { ...base, imageKey: `p${index % 8}` };
    if (layer.kind === 'text') {
      const text = WORDS[layer.slot] ?? 'Tekst';
      const box = fitBoxForSlot(
        layer.slot,
        { widthCm: layer.width, heightCm: layer.height },
        hasSubtitle,
      );
      const fit = fitText({ text, style: layer.style, box }, measurer);
      texts[layer.slot] = { text: fit.text, style: { ...layer.style, fontSize: fit.fontSize } };
    }
  });
  return { scene: { layout, photos, texts, purpose: 'print' }, pxPerCm };
}
