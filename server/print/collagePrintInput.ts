/**
 * A stored collage → the print master's input. The layout is rebuilt exactly as the editor
 * rebuilds it when it opens the document (CollageCore.openDocument, CollageFormat.layoutState):
 * the size and material the catalog makes of the document (orderedFormat: its child size, or its
 * measures as a standard or custom size by the shop's rules; the order check, the print and the
 * cart read the same), settings and seed go to the template's generator, or the static template's
 * file is scaled to the size. The customer's slot data comes from the document as saved: it was
 * fitted to this very layout, so it is not fitted again.
 *
 * `planDocument` and `collagePrintPlan` are pure; `planStoredCollage` reads the static template's
 * file when the plan needs one, and `collagePrintInput` adds the originals and the artwork through
 * the loaders it is given.
 */
import type { Template } from '../../src/model/catalog/types.js';
import type { CollageDocument } from '../../src/model/document/collageTypes.js';
import { readCollageXml } from '../../src/model/document/collageXml.js';
import {
  orderedFormat,
  type FormatRefusal,
  type OrderedFormat,
} from '../../src/model/document/orderedFormat.js';
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
  /** The size, material and price ordered: the layout is this size (tiles: its sheet). */
  format: OrderedFormat;
}

/** Why a stored document cannot be planned: it does not read, or the catalog refuses its format. */
export type PlanRefusal = { ok: false; kind: 'unreadable'; detail: string } | FormatRefusal;
export type PlanResult = { ok: true; plan: PrintPlan } | PlanRefusal;

export interface PrintSources {
  templateOf(id: string): Template | undefined;
  /** A static template's file by its catalog source ('templates/201/template.xml'). */
  loadTemplateXml(source: string): Promise<string>;
  /** The original photo file of a photo id of this collage; null when it is not available. */
  loadOriginal(photoId: string): Promise<Uint8Array | null>;
  /** A catalog file by its catalog-relative URL; null when it is missing. */
  loadArtwork(url: string): Promise<Uint8Array | null>;
}

let numberShapesRegistered = false;

function generatedLayout(opened: OpenedCollage, { size, material }: OrderedFormat): Layout {
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
    material,
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
 * The plan of a read document: layout, slot data, background colour, the files it needs and the
 * format ordered. `staticLayout` is the parsed layout of a static template's file (unscaled), when
 * the template is static. A document that does not read or whose format the catalog refuses is a
 * refusal; a layout that cannot be built throws PrintError('FAILED').
 */
export function planDocument(
  document: CollageDocument,
  templateOf: (id: string) => Template | undefined,
  staticLayout?: Layout,
): PlanResult {
  const opened = documentToCollage(document, templateOf, (id) => id);
  if (!opened.ok) return { ok: false, kind: 'unreadable', detail: opened.error };
  const { collage } = opened;
  const ordered = orderedFormat(collage.template, document);
  if (!ordered.ok) return ordered;
  const { format } = ordered;
  let layout: Layout;
  if (collage.template.type === 'static') {
    if (!staticLayout)
      throw new PrintError(
        'FAILED',
        `Template ${collage.template.id}: its layout file was not given`,
      );
    layout = { ...scaleLayout(staticLayout, format.size), material: format.material };
  } else {
    layout = generatedLayout(collage, format);
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
  const plan: PrintPlan = {
    layout,
    slots: collage.slots,
    backgroundColor: collage.backgroundColor,
    photoIds,
    artworkUrls: artworkUrls(layout),
    format,
  };
  return { ok: true, plan };
}

function readDocument(
  xml: string,
  templateOf: (id: string) => Template | undefined,
): { ok: true; document: CollageDocument } | PlanRefusal {
  const read = readCollageXml(xml, { hasTemplate: (id) => templateOf(id) !== undefined });
  if (!read.ok) return { ok: false, kind: 'unreadable', detail: `${read.error}: ${read.detail}` };
  return { ok: true, document: read.document };
}

function refusalText(refusal: PlanRefusal): string {
  return refusal.kind === 'size'
    ? `size: ${refusal.warning.key}`
    : `${refusal.kind}: ${refusal.detail}`;
}

/** The plan of a saved collage; throws PrintError('FAILED') for a document that cannot be printed. */
export function collagePrintPlan(
  xml: string,
  templateOf: (id: string) => Template | undefined,
  staticLayout?: Layout,
): PrintPlan {
  const read = readDocument(xml, templateOf);
  const planned = read.ok ? planDocument(read.document, templateOf, staticLayout) : read;
  if (!planned.ok) throw new PrintError('FAILED', refusalText(planned));
  return planned.plan;
}

/**
 * The plan of a stored collage, its static template's file read when it has one: what the order
 * check, the print and the cart each ask. Throws PrintError for a layout that cannot be built (a
 * missing or unreadable template file, settings the generator refuses).
 */
export async function planStoredCollage(
  xml: string,
  sources: Pick<PrintSources, 'templateOf' | 'loadTemplateXml'>,
): Promise<PlanResult> {
  const read = readDocument(xml, sources.templateOf);
  if (!read.ok) return read;
  const template = sources.templateOf(read.document.templateId)!;
  let staticLayout: Layout | undefined;
  if (template.type === 'static') {
    const file = readTemplateXml(await sources.loadTemplateXml(template.source));
    if (!file.ok)
      throw new PrintError(
        'FAILED',
        `Static template ${template.source}: ${file.error}: ${file.detail}`,
      );
    staticLayout = file.template.layout;
  }
  return planDocument(read.document, sources.templateOf, staticLayout);
}

/** The whole print input of a stored collage: the plan plus the original photos and the artwork files. */
export async function collagePrintInput(
  xml: string,
  sources: PrintSources,
  dpi?: number,
): Promise<PrintInput> {
  const planned = await planStoredCollage(xml, sources);
  if (!planned.ok) throw new PrintError('FAILED', refusalText(planned));
  const { plan } = planned;
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
