import { describe, expect, it } from 'vitest';
import { editorRoot } from '../../../tests/support/stores/editorFixture';
import { editorScene } from './editorScene';

const PLACEHOLDERS = { txt1: 'Jouw titel', txt2: 'Jouw ondertitel' };

describe('editorScene', () => {
  it("shows 'Jouw titel' for an empty title and for one of only spaces, marked to be fitted", async () => {
    const { collage } = await editorRoot('101');
    collage.stepControl('hasText', 1);
    const layout = collage.layout!;
    const empty = editorScene(layout, collage.slots, '#ffffff', PLACEHOLDERS);
    expect(empty.texts.txt1).toMatchObject({ text: 'Jouw titel', placeholder: true });
    const spaces = {
      ...collage.slots,
      texts: { ...collage.slots.texts, txt1: { ...collage.slots.texts.txt1!, txt: '   ' } },
    };
    expect(editorScene(layout, spaces, '#ffffff', PLACEHOLDERS).texts.txt1).toMatchObject({
      text: 'Jouw titel',
      placeholder: true,
    });
    const typed = {
      ...collage.slots,
      texts: { ...collage.slots.texts, txt1: { ...collage.slots.texts.txt1!, txt: 'Zomer' } },
    };
    const scene = editorScene(layout, typed, '#ffffff', PLACEHOLDERS);
    expect(scene.texts.txt1).toMatchObject({ text: 'Zomer' });
    expect(scene.texts.txt1!.placeholder).toBeUndefined();
  });
});
