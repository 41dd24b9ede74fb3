import { describe, expect, it } from 'vitest';
import { writeCollageXml } from '../../src/model/document/collageXml.js';
import {
  STATIC_LAYOUT,
  STATIC_SOURCE,
  STATIC_TEMPLATE_XML,
  fixtureRoot,
  settle,
} from '../../tests/support/stores/collageFixture.js';
import { collagePrintInput, collagePrintPlan, type PrintSources } from './collagePrintInput.js';
import { PrintError } from './printMaster.js';
import { craftJpeg } from '../test/craftJpeg.js';
import { repeatedScanJpeg } from '../test/craftProgressive.js';

const photos = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`p${i + 1}`, { widthPx: 3000, heightPx: 2000 }]),
);
const toServer = (id: string) => `9${id.slice(1)}`;

/** A collage made in the real editor store, saved by the real writer. */
async function editorCollage(
  templateId: string,
  edit: (collage: Awaited<ReturnType<typeof fixtureRoot>>['root']['collage']) => void,
) {
  const fixture = await fixtureRoot({ photos });
  fixture.root.design.open(templateId);
  fixture.root.design.commit();
  await settle();
  edit(fixture.root.collage);
  await settle();
  const xml = writeCollageXml(fixture.root.collage.toDocument(toServer)!);
  return {
    collage: fixture.root.collage,
    xml,
    templateOf: (id: string) => fixture.root.catalog.byId(id),
  };
}

function sources(
  templateOf: PrintSources['templateOf'],
  files: Record<string, Uint8Array> = {},
): PrintSources & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    templateOf,
    loadTemplateXml: async (source) => {
      asked.push(`template:${source}`);
      if (source !== STATIC_SOURCE) throw new Error(`no file ${source}`);
      return STATIC_TEMPLATE_XML;
    },
    loadOriginal: async (id) => {
      asked.push(`photo:${id}`);
      return files[id] ?? null;
    },
    loadArtwork: async (url) => {
      asked.push(`artwork:${url}`);
      return files[url] ?? null;
    },
  };
}

describe('the print input of a saved collage', () => {
  it('rebuilds a generated layout exactly as the editor shows it (settings, size, material, seed) with its slot data', async () => {
    const { collage, xml, templateOf } = await editorCollage('104', (c) => {
      c.stepControl('layout', 1);
      c.chooseMaterial('DIBOND');
      c.placePhoto('img1', 'p1');
      c.placePhoto('img3', 'p3');
      c.zoomPhoto('img3', 'bigger');
      c.setEffect('img3', 'faded');
      c.setBackgroundColor('#9caf88');
    });
    const plan = collagePrintPlan(xml, templateOf);
    expect(plan.layout).toEqual(collage.layout);
    expect(plan.backgroundColor).toBe('#9caf88');
    expect(plan.photoIds.sort()).toEqual(['91', '93']);
    expect(plan.slots.photos.img3).toEqual({ ...collage.slots.photos.img3, id: '93' });
    expect(plan.slots.photos.img1).toEqual({ ...collage.slots.photos.img1, id: '91' });
  });

  it('rebuilds a number design from the shapes file and a randomised layout from its seed', async () => {
    for (const id of ['116', '112']) {
      const { collage, xml, templateOf } = await editorCollage(id, (c) =>
        c.placePhoto('img2', 'p2'),
      );
      expect(collagePrintPlan(xml, templateOf).layout).toEqual(collage.layout);
    }
  });

  it('scales a static template file to the saved size and reads the originals and artwork it needs', async () => {
    const { collage, xml, templateOf } = await editorCollage('S1', (c) => {
      c.chooseSize('S1b');
      c.placePhoto('img2', 'p5');
      c.setText('txt1', 'Retro');
    });
    expect(collage.layout?.widthCm).toBe(80);
    const jpeg = craftJpeg({ width: 8, height: 8 });
    const given = sources(templateOf, { '95': jpeg });
    const input = await collagePrintInput(xml, given, 150);
    expect(input.layout).toEqual(collage.layout);
    expect(input.layout.widthCm / STATIC_LAYOUT.widthCm).toBe(2);
    expect(input.slots.texts.txt1!.txt).toBe('Retro');
    expect(input.originals).toEqual({ '95': jpeg });
    expect(input.dpi).toBe(150);
    expect(given.asked).toEqual([`template:${STATIC_SOURCE}`, 'photo:95']);
  });

  it('fails with MISSING_PHOTO when an original is gone, and FAILED for a document it cannot read', async () => {
    const { xml, templateOf } = await editorCollage('101', (c) => c.placePhoto('img1', 'p7'));
    await expect(collagePrintInput(xml, sources(templateOf))).rejects.toMatchObject({
      code: 'MISSING_PHOTO',
    });
    await expect(collagePrintInput('<collage>', sources(templateOf))).rejects.toBeInstanceOf(
      PrintError,
    );
    await expect(
      collagePrintInput(
        xml,
        sources(() => undefined),
      ),
    ).rejects.toMatchObject({ code: 'FAILED' });
  });

  it('fails with BAD_PHOTO when a stored original asks more of a decoder than its pixels justify', async () => {
    const { xml, templateOf } = await editorCollage('101', (c) => c.placePhoto('img1', 'p7'));
    // issue 26: Y sampled 4x1 and one AC scan 300 times, stored before the upload refused it
    const files = { '97': repeatedScanJpeg(4000, 3000, 300) };
    await expect(collagePrintInput(xml, sources(templateOf, files))).rejects.toMatchObject({
      code: 'BAD_PHOTO',
      message: expect.stringContaining('walks over each block'),
    });
  });
});
