import { describe, expect, it } from 'vitest';
import { CUSTOM_SIZE_ID } from '../catalog/types';
import { readCollageXml, writeCollageXml } from './collageXml';
import { fixtureRoot, settle } from '../../../tests/support/stores/collageFixture';

const photos = Object.fromEntries(
  Array.from({ length: 16 }, (_, i) => [`p${i + 1}`, { widthPx: 3000, heightPx: 2000 }]),
);
const toServer = (id: string) => `srv-${id}`;
const fromServer = (id: string) => id.replace(/^srv-/, '');

async function started(templateId: string, options: Parameters<typeof fixtureRoot>[0] = {}) {
  const fixture = await fixtureRoot({ photos, ...options });
  fixture.root.design.open(templateId);
  fixture.root.design.commit();
  await settle();
  return fixture;
}

/** Saves through the real XML writer and reader, then opens the result in a fresh editor. */
async function reopen(xml: string, savedId: string) {
  const fresh = await fixtureRoot({ photos });
  const read = readCollageXml(xml, {
    hasTemplate: (id) => fresh.root.catalog.byId(id) !== undefined,
  });
  if (!read.ok) throw new Error(read.detail);
  const opened = fresh.root.collage.openDocument(
    read.document,
    savedId,
    (id) => fresh.root.catalog.byId(id),
    fromServer,
  );
  expect(opened.ok).toBe(true);
  await settle();
  return fresh.root.collage;
}

describe('collage ⇄ saved document', () => {
  it('round-trips a generated collage with photos, texts, colours and settings', async () => {
    const { root } = await started('104');
    const collage = root.collage;
    collage.stepControl('layout', 1);
    collage.stepControl('hasText', 1);
    collage.placePhoto('img1', 'p1');
    collage.placePhoto('img3', 'p3');
    collage.panPhoto('img1', 0.1, 0.9);
    collage.zoomPhoto('img3', 'bigger');
    collage.setEffect('img3', 'faded');
    collage.setText('txt1', 'Oma & opa');
    collage.setBackgroundColor('#9caf88');
    collage.chooseMaterial('DIBOND');
    const document = collage.toDocument(toServer)!;
    expect(document.photos).toEqual(['srv-p1', 'srv-p3']);
    expect(document.userdata[0]!.settings.seed).toBe('42');
    const xml = writeCollageXml(document);
    const reopened = await reopen(xml, 'c9');
    expect(reopened.savedId).toBe('c9');
    expect(reopened.isNew).toBe(false);
    expect(reopened.isDirty).toBe(false);
    expect(reopened.format.material).toBe('DIBOND');
    expect(reopened.slots).toEqual(collage.slots);
    expect(reopened.backgroundColor).toBe('#9caf88');
    expect(reopened.photoBorderAutomatic).toBe(false);
    expect(writeCollageXml(reopened.toDocument(toServer)!)).toBe(xml);
  });

  it('round-trips a custom size: same size, materials and price as the server gives', async () => {
    const { root } = await started('101', {
      customXml: async () => ({
        materials: ['POSTER', 'CANVAS2CM'],
        description: '45.5 x 35 cm [37.50]',
        id: CUSTOM_SIZE_ID,
      }),
    });
    await root.collage.applyTypedSize('45.5', '35');
    root.collage.chooseMaterial('CANVAS2CM');
    const xml = writeCollageXml(root.collage.toDocument()!);
    const reopened = await reopen(xml, 'c10');
    expect(reopened.format.activeSize).toMatchObject({
      id: CUSTOM_SIZE_ID,
      widthCm: 45.5,
      heightCm: 35,
    });
    expect(reopened.format.material).toBe('CANVAS2CM');
    expect(reopened.format.materials).toContain('CANVAS2CM');
    expect(reopened.format.price).toBeGreaterThan(24.95);
    expect(reopened.layout).toMatchObject({ widthCm: 45.5, heightCm: 35 });
  });

  it('round-trips a static collage once its template file is read', async () => {
    const { root } = await started('S1');
    root.collage.placePhoto('img2', 'p5');
    root.collage.setText('txt1', 'Retro');
    const xml = writeCollageXml(root.collage.toDocument()!);
    const reopened = await reopen(xml, 'c11');
    expect(reopened.slots.photos.img2!.id).toBe('p5');
    expect(reopened.slots.texts.txt1!.txt).toBe('Retro');
    expect(reopened.isDirty).toBe(false);
  });

  it('refuses a document whose template the catalog does not know', async () => {
    const { root } = await started('101');
    const document = { ...root.collage.toDocument()!, templateId: 'gone' };
    expect(root.collage.openDocument(document, 'c1', (id) => root.catalog.byId(id))).toEqual({
      ok: false,
      error: "Couldn't find template",
    });
  });
});
