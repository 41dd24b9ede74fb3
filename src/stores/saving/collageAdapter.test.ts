import { describe, expect, it } from 'vitest';
import { readCollageXml } from '../../model/document/collageXml';
import { STATIC_TEMPLATE_XML } from '../../../tests/support/stores/collageFixture';
import { editorRoot, jpegFile, settle } from '../../../tests/support/stores/editorRoot';
import { collageAdapter, LAYOUT_NOT_READY } from './collageAdapter';

async function started(templateId = '101') {
  const editor = editorRoot();
  await editor.root.catalog.load();
  editor.root.design.open(templateId);
  editor.root.design.commit();
  await settle();
  const { added } = editor.root.photos.addFiles([
    jpegFile('a.jpg'),
    jpegFile('b.jpg'),
    jpegFile('c.jpg'),
  ]);
  await settle();
  return { ...editor, added, adapter: collageAdapter(editor.root.collage, editor.root.photos) };
}

describe('the collage and photo stores as the save flow sees them', () => {
  it('lists each used photo once, never an unused one', async () => {
    const { root, added, adapter } = await started();
    expect(adapter.usedPhotos()).toEqual([]);
    root.collage.placePhoto('img1', added[0]!.localId);
    root.collage.placePhoto('img2', added[1]!.localId);
    root.collage.placePhoto('img3', added[0]!.localId);
    expect(adapter.usedPhotos()).toEqual([added[0], added[1]]);
    expect(adapter.templateId).toBe('101');
    expect(adapter.isFinished).toBe(false);
  });

  it('writes the document with the server ids and the screenshot; refuses a photo not on the server', async () => {
    const { root, added, adapter } = await started();
    root.collage.placePhoto('img1', added[0]!.localId);
    root.collage.placePhoto('img2', added[1]!.localId);
    added[0]!.uploaded('501');
    expect(() => adapter.buildXml(undefined)).toThrow(
      `Photo ${added[1]!.localId} is not on the server`,
    );
    added[1]!.uploaded('502');
    const read = readCollageXml(adapter.buildXml('/9j/AAAA'), {
      hasTemplate: (id) => id === '101',
    });
    if (!read.ok) throw new Error(read.detail);
    expect(read.document.photos).toEqual(['501', '502']);
    expect(read.document.screenshot).toBe('/9j/AAAA');
    const images = read.document.userdata[0]!.slots.filter((slot) => slot.kind === 'image');
    expect(images.map((slot) => (slot.kind === 'image' ? slot.photo.id : ''))).toEqual([
      '501',
      '502',
      ...Array(10).fill(''),
    ]);
  });

  it('refuses to write while a static layout is still loading', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const editor = editorRoot({
      loadTemplateXml: async () => held.then(() => STATIC_TEMPLATE_XML),
    });
    await editor.root.catalog.load();
    const adapter = collageAdapter(editor.root.collage, editor.root.photos);
    editor.root.design.open('S1');
    editor.root.design.commit();
    await settle();
    expect(editor.root.collage.format.template?.id).toBe('S1');
    expect(() => adapter.buildXml(undefined)).toThrow(LAYOUT_NOT_READY);
    release();
    await settle();
    expect(
      readCollageXml(adapter.buildXml(undefined), { hasTemplate: (id) => id === 'S1' }).ok,
    ).toBe(true);
  });

  it('markSaved gives the saved id and leaves nothing to save', async () => {
    const { root, added, adapter } = await started();
    root.collage.placePhoto('img1', added[0]!.localId);
    expect(root.collage.isDirty).toBe(true);
    adapter.markSaved('88');
    expect(adapter.savedId).toBe('88');
    expect(root.collage.isDirty).toBe(false);
  });

  it('clearPhoto empties every slot that shows the photo in one undo step; removePhoto also drops it from the list', async () => {
    const { root, added, adapter } = await started();
    const collage = root.collage;
    collage.placePhoto('img1', added[0]!.localId);
    collage.placePhoto('img2', added[1]!.localId);
    collage.placePhoto('img12', added[0]!.localId);
    collage.stepControl('numberHor', -1); // img10–img12 leave the layout, the archive keeps them
    expect(collage.slots.photos.img12).toBeUndefined();
    adapter.clearPhoto(added[0]!);
    expect(collage.photoIdsInUse).toEqual([added[1]!.localId]);
    collage.stepControl('numberHor', 1);
    // The archive forgot it too: the slot that comes back is empty.
    expect(collage.slots.photos.img12?.id).toBe('');
    collage.undo();
    collage.undo();
    expect(collage.photoIdsInUse).toEqual([added[0]!.localId, added[1]!.localId]);
    adapter.removePhoto(added[1]!);
    expect(collage.photoIdsInUse).toEqual([added[0]!.localId]);
    expect(root.photos.photos).toEqual([added[0], added[2]]);
  });
});
