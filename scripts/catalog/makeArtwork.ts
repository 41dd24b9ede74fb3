/**
 * npm run catalog:artwork — the static designer templates: draws each design's artwork
 * (catalog/templates/<id>/*.jpg|png) and writes its template.xml. Deterministic: every random
 * choice comes from a PRNG seeded by the design's id and the file name.
 * Usage: catalog:artwork [id …] (default: every design).
 */
import { join } from 'node:path';
import { writeTemplateXml } from '../../src/model/document/templateXml';
import { readTemplateXml } from '../../src/model/document/templateXml';
import type { ArtContext } from './art/core';
import { catalogPath } from './catalogFiles';
import {
  loadCanvasKit,
  makeSurface,
  rng,
  saveSurface,
  writeFileAtomic,
  type CanvasKit,
} from './ck';
import { DESIGNS } from './designs';
import type { Design } from './designs/types';

/** Pixels per cm of the artwork: 30 (76 dpi) keeps soft textures sharp enough in print; ≤ 2000 px. */
const PX_PER_CM = 30;
const MAX_SIDE_PX = 2000;

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** One element per line, indented, so the shop can read and edit the file (the reader skips the whitespace). */
function readable(xml: string): string {
  let depth = 0;
  const lines = xml
    .replace(/>\s*</g, '>\n<')
    .split('\n')
    .map((line) => {
      if (line.startsWith('</')) depth -= 1;
      const indented = `${'  '.repeat(Math.max(0, depth))}${line}`;
      if (
        !line.startsWith('<?') &&
        !line.startsWith('</') &&
        !line.endsWith('/>') &&
        !line.includes('</')
      )
        depth += 1;
      return indented;
    });
  return `${lines.join('\n')}\n`;
}

function drawArtwork(ck: CanvasKit, design: Design): void {
  for (const art of design.artwork) {
    const pxPerCm = Math.min(PX_PER_CM, MAX_SIDE_PX / Math.max(art.rect.width, art.rect.height));
    const surface = makeSurface(ck, art.rect.width * pxPerCm, art.rect.height * pxPerCm);
    const canvas = surface.getCanvas();
    canvas.clear(ck.TRANSPARENT);
    canvas.scale(surface.width() / art.rect.width, surface.height() / art.rect.height);
    canvas.translate(-art.rect.x, -art.rect.y);
    const ctx: ArtContext = {
      ck,
      canvas,
      random: rng(seedOf(`${design.id}/${art.file}`)),
      pxPerCm,
      widthCm: design.widthCm,
      heightCm: design.heightCm,
    };
    art.draw(ctx);
    const format = art.file.endsWith('.png') ? 'png' : 'jpeg';
    const bytes = saveSurface(
      ck,
      surface,
      catalogPath(join('templates', design.id, art.file)),
      format,
      88,
    );
    console.log(
      `templates/${design.id}/${art.file}: ${surface.width()}x${surface.height()}, ${(bytes / 1024).toFixed(0)} kB`,
    );
    surface.delete();
  }
}

function writeTemplate(design: Design): void {
  const url = (file: string) => `templates/${design.id}/${file}`;
  const xml = readable(
    writeTemplateXml({
      id: design.slug,
      designer: design.designer,
      design: design.design,
      screenDpcm: 40,
      layout: {
        widthCm: design.widthCm,
        heightCm: design.heightCm,
        layers: design.layers(url),
        backgroundColor: design.backgroundColor,
        isFlat: false,
        material: '',
        marginCm: 0,
      },
    }),
  );
  const check = readTemplateXml(xml);
  if (!check.ok) throw new Error(`design ${design.id}: ${check.detail}`);
  writeFileAtomic(catalogPath(join('templates', design.id, 'template.xml')), xml);
}

async function main(): Promise<void> {
  const ck = await loadCanvasKit();
  const wanted = process.argv.slice(2);
  for (const design of DESIGNS) {
    if (wanted.length > 0 && !wanted.includes(design.id)) continue;
    writeTemplate(design);
    drawArtwork(ck, design);
  }
}

await main();
