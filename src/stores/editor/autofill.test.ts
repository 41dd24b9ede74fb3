import { describe, expect, it } from 'vitest';
import type { PhotoSlotLayer } from '../../model/layout/types';
import { editorRoot, photoSlots } from '../../../tests/support/stores/editorFixture';

describe('autofill from the side menu', () => {
  it('puts unused loaded photos into the empty slots, the largest slot getting the most pixels, in one undo step', async () => {
    const { root, editor, collage, photo } = await editorRoot('102');
    const slots = photoSlots(root);
    const big = photo(6000, 4000);
    const others = Array.from({ length: slots.length - 1 }, (_, i) => photo(800 + i, 600));
    editor.autofillEmptySlots();
    expect(editor.autofillNotice).toBeNull();
    expect(collage.isFinished).toBe(true);
    const layers = (collage.layout?.layers ?? []).filter(
      (layer): layer is PhotoSlotLayer => layer.kind === 'photo',
    );
    const largest = layers.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    expect(collage.slots.photos[largest.slot]?.id).toBe(big.localId);
    expect(new Set(collage.photoIdsInUse)).toEqual(new Set([big, ...others].map((p) => p.localId)));
    collage.undo();
    expect(collage.photoIdsInUse).toEqual([]);
  });

  it('says the collage is full when photos are left over, and that there is nothing to place when none are unused', async () => {
    const { root, editor, collage, photo } = await editorRoot('101');
    const slots = photoSlots(root);
    for (let i = 0; i < slots.length + 2; i++) photo(1000 + i, 800);
    editor.autofillEmptySlots();
    expect(collage.isFinished).toBe(true);
    expect(editor.autofillNotice).toBe('full');
    collage.clearSlot(slots[0]!);
    root.photos.updateUsage(collage.photoIdsInUse);
    editor.autofillEmptySlots();
    expect(collage.isFinished).toBe(true);
    expect(editor.autofillNotice).toBe('full');
    const { editor: fresh } = await editorRoot('101');
    fresh.autofillEmptySlots();
    expect(fresh.autofillNotice).toBe('nothing');
  });
});
