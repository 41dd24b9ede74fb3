/**
 * npm run layouts: a contact sheet (out/layouts/contact.png) of every generator with its default
 * and two other settings, and of every static template, so anyone can look at the layouts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stepControl } from '../src/model/generators/controls';
import { GENERATORS, registerNumberGenerators } from '../src/model/generators/registry';
import { loadNumberShapes } from '../server/catalog/numberShapesFile';
import type { Control, Generator, GeneratorSettings } from '../src/model/generators/types';
import type { Layout } from '../src/model/layout/types';
import { readStaticTemplate, readThemes } from './catalog/catalogFiles';
import { loadCanvasKit } from './catalog/ck';
import { Fonts } from './catalog/fonts';
import { sheet, type Card } from './catalog/makeContact';
import { renderLayoutImage } from './catalog/makeThumbs';

const OUT = join('out', 'layouts');
const SIZE = { widthCm: 50, heightCm: 40 };
const SQUARE = { widthCm: 50, heightCm: 50 };
const SQUARE_GENERATORS = new Set(['heart', 'instagram', 'mosaicinsta']);

/** The default, then two variants: the first visible controls stepped up twice, then down once. */
function variants(generator: Generator): { label: string; settings: GeneratorSettings }[] {
  const size = SQUARE_GENERATORS.has(generator.name) ? SQUARE : SIZE;
  const defaults = generator.defaults(size, 'POSTER');
  const visible = generator.controls(defaults, size, 'POSTER').filter((control) => !control.hidden);
  const stepped = (direction: 1 | -1, times: number, skip: number) => {
    let controls: readonly Control[] = generator.controls(defaults, size, 'POSTER');
    for (const control of visible.slice(skip, skip + 2))
      for (let i = 0; i < times; i++) controls = stepControl(controls, control.name, direction);
    return {
      ...defaults,
      ...Object.fromEntries(controls.map((control) => [control.name, String(control.current)])),
    };
  };
  return [
    { label: 'default', settings: defaults },
    {
      label: `${visible
        .slice(0, 2)
        .map((c) => c.name)
        .join('+')} up`,
      settings: stepped(1, 2, 0),
    },
    {
      label: `${
        visible
          .slice(2, 4)
          .map((c) => c.name)
          .join('+') || 'first'
      } down`,
      settings: stepped(-1, 1, visible.length > 2 ? 2 : 0),
    },
  ];
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  registerNumberGenerators(loadNumberShapes());
  const ck = await loadCanvasKit();
  const fonts = new Fonts(ck);
  const cards: Card[] = [];
  const draw = async (name: string, layout: Layout, label: string) => {
    const file = join(OUT, `${name}.png`);
    await renderLayoutImage(ck, fonts, layout, 400, file);
    cards.push({ file, label });
  };
  for (const generator of Object.values(GENERATORS)) {
    for (const [index, variant] of variants(generator).entries()) {
      const size = SQUARE_GENERATORS.has(generator.name) ? SQUARE : SIZE;
      const result = generator.generate({
        settings: variant.settings,
        size,
        material: 'POSTER',
        seed: 7,
      });
      if (!result.ok) {
        console.warn(`${generator.name} ${variant.label}: refused (${result.refusal.key})`);
        continue;
      }
      await draw(
        `${generator.name}-${index}`,
        result.layout,
        `${generator.name}: ${variant.label}`,
      );
    }
  }
  for (const template of readThemes().filter((candidate) => candidate.type === 'static')) {
    await draw(
      `static-${template.id}`,
      readStaticTemplate(template.source).layout,
      `${template.id} ${template.namePart}`,
    );
  }
  await sheet(ck, fonts, cards, 300, 6, join(OUT, 'contact.png'));
  console.log(`written: ${join(OUT, 'contact.png')} (${cards.length} layouts)`);
}

await main();
