/**
 * A stored collage → the print master's input. The layout is rebuilt exactly as the editor
 * rebuilds it when it opens the document (CollageCore.openDocument, CollageFormat.layoutState):
 * the saved size (a custom size from its saved measures; a size the catalog lost falls back to the
 * template's default, as in the editor), material, settings and seed go to the template's
 * generator, or the static template's file is scaled to the size. The customer's slot data comes
 * from the document as saved: it was fitted to this very layout, so it is not fitted again.
 *
 * `collagePrintPlan` is pure; `collagePrintInput` adds the files (originals, artwork, the static
 * template's XML) through the loaders it is given.
 */
import { defaultChild, withCustomSize, withoutCustomSize } from '../../src/model/catalog/sizes.js';
import type { ChildSize, Template } from '../../src/model/catalog/types.js';
import { readCollageXml } from '../../src/model/document/collageXml.js';
import { readTemplateXml } from '../../src/model/document/templateXml.js';
import { loadNumberShapes } from '../catalog/numberShapesFile.js';
import {
  generatorFor,
  generatorNameFromSource,
  hasGenerator,
  registerNumberGenerators,
} from '../../src/model/generators/registry.js';
import { artworkUrls } from '../../src/model/layout/artwork.js';
import type { SlotData } from '../../src/model/layout/slotData.js';
import { scaleLayout } from '../../src/model/layout/scaleLayout.js';
import type { Layout } from '../../src/model/layout/types.js';
import { documentToCollage, type OpenedCollage } from '../../src/model/document/collageDocument.js';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { PrintError, type PrintInput } from './printMaster.js';

export interface PrintPlan {
  layout: Layout;
  slots: SlotData;
  backgroundColor: string;
  /** The photo ids the slots show (keys of PrintInput.originals). */
  photoIds: string[];
  /** Catalog-relative URLs of the overlay artwork and mask images the layout draws. */
  artworkUrls: string[];
}

export type LayoutSource =
  { kind: 'generated'; template: Template } | { kind: 'static'; source: string };

export interface PrintSources {
  templateOf(id: string): Template | undefined;
  /** A static template's file by its catalog source ('templates/201/template.xml'). */
  loadTemplateXml(source: string): Promise<string>;
  /** The original photo file of a photo id of this collage; null when it is not available. */
  loadOriginal(photoId: string): Promise<Uint8Array | null>;
  /** A catalog file by its catalog-relative URL; null when it is missing. */
  loadArtwork(url: string): Promise<Uint8Array | null>;
}

/** The size the editor shows for an opened collage. */
function openedSize(opened: OpenedCollage): ChildSize | undefined {
  const base = withoutCustomSize(opened.template);
  if (opened.customSize)
    return withCustomSize(base, opened.customSize).sizes.find((size) => size.isCustom);
  return base.sizes.find((size) => size.id === opened.sizeId) ?? defaultChild(base);
}

let numberShapesRegistered = false;

function generatedLayout(opened: OpenedCollage, size: ChildSize): Layout {
  const name = generatorNameFromSource(opened.template.source);
  if (name.startsWith('number') && !numberShapesRegistered) {
    registerNumberGenerators(loadNumberShapes());
    numberShapesRegistered = true;
  }
  if (!hasGenerator(name))
    throw new PrintError('FAILED', `Template ${opened.template.id}: no generator '${name}'`);
  const result = generatorFor(name).generate({
    settings: opened.settings,
    size: { widthCm: size.widthCm, heightCm: size.heightCm },
    material: opened.material,
    seed: opened.seed,
    designer: opened.template.designer,
    design: opened.template.design,
  });
  if (!result.ok)
    throw new PrintError(
      'FAILED',
      `Template ${opened.template.id}: the generator refused the saved settings (${result.refusal.key})`,
    );
  return result.layout;
}

/**
 * The plan of a saved collage: layout, slot data, background colour and the files it needs.
 * `staticLayout` is the parsed layout of a static template's file (unscaled); ask `layoutSourceOf`
 * which one is needed. Throws PrintError('FAILED') for a document that cannot be printed.
 */
export function collagePrintPlan(
  xml: string,
  templateOf: (id: string) => Template | undefined,
  staticLayout?: Layout,
): PrintPlan {
  const read = readCollageXml(xml, { hasTemplate: (id) => templateOf(id) !== undefined });
  if (!read.ok) throw new PrintError('FAILED', `${read.error}: ${read.detail}`);
  const opened = documentToCollage(read.document, templateOf, (id) => id);
  if (!opened.ok) throw new PrintError('FAILED', opened.error);
  const { collage } = opened;
  const size = openedSize(collage);
  if (!size) throw new PrintError('FAILED', `Template ${collage.template.id} has no size`);
  let layout: Layout;
  if (collage.template.type === 'static') {
    if (!staticLayout)
      throw new PrintError(
        'FAILED',
        `Template ${collage.template.id}: its layout file was not given`,
      );
    layout = { ...scaleLayout(staticLayout, size), material: collage.material };
  } else {
    layout = generatedLayout(collage, size);
  }
  const shownSlots = new Set(
    layout.layers.flatMap((layer) =>
      layer.kind === 'photo' || layer.kind === 'text' ? [layer.slot] : [],
    ),
  );
  const photoIds = [
    ...new Set(
      Object.entries(collage.slots.photos).flatMap(([slot, data]) =>
        shownSlots.has(slot) && data.id !== '' ? [data.id] : [],
      ),
    ),
  ];
  return {
    layout,
    slots: collage.slots,
    backgroundColor: collage.backgroundColor,
    photoIds,
    artworkUrls: artworkUrls(layout),
  };
}

/** Which layout the plan needs: a static template's file, or none (generated). */
export function layoutSourceOf(
  xml: string,
  templateOf: (id: string) => Template | undefined,
): LayoutSource {
  const read = readCollageXml(xml, { hasTemplate: (id) => templateOf(id) !== undefined });
  if (!read.ok) throw new PrintError('FAILED', `${read.error}: ${read.detail}`);
  const template = templateOf(read.document.templateId)!;
  return template.type === 'static'
    ? { kind: 'static', source: template.source }
    : { kind: 'generated', template };
}

/** The whole print input of a stored collage: the plan plus the original photos and the artwork files. */
export async function collagePrintInput(
  xml: string,
  sources: PrintSources,
  dpi?: number,
): Promise<PrintInput> {
  const source = layoutSourceOf(xml, sources.templateOf);
  let staticLayout: Layout | undefined;
  if (source.kind === 'static') {
    const read = readTemplateXml(await sources.loadTemplateXml(source.source));
    if (!read.ok)
      throw new PrintError(
        'FAILED',
        `Static template ${source.source}: ${read.error}: ${read.detail}`,
      );
    staticLayout = read.template.layout;
  }
  const plan = collagePrintPlan(xml, sources.templateOf, staticLayout);
  const originals: Record<string, Uint8Array> = {};
  for (const id of plan.photoIds) {
    const bytes = await sources.loadOriginal(id);
    if (!bytes) throw new PrintError('MISSING_PHOTO', `Photo ${id} is not available`);
    // the upload's bound on a decoder's work (jpegLimits.ts), for photos stored before it
    const structure = inspectJpeg(bytes);
    if (!structure.ok) throw new PrintError('BAD_PHOTO', `Photo ${id}: ${structure.detail}`);
    originals[id] = bytes;
  }
  const artwork: Record<string, Uint8Array> = {};
  for (const url of plan.artworkUrls) {
    const bytes = await sources.loadArtwork(url);
    if (!bytes) throw new PrintError('BAD_ARTWORK', `Artwork ${url} is missing from the catalog`);
    artwork[url] = bytes;
  }
  return {
    layout: plan.layout,
    slots: plan.slots,
    backgroundColor: plan.backgroundColor,
    originals,
    artwork,
    ...(dpi ? { dpi } : {}),
  };
}
