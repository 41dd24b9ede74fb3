import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../model/catalog/colors';
import { NavState } from '../navigation/navigationStates';
import { editorRoot } from '../../../tests/support/stores/editorFixture';

/** Template 101 with a title (text option 1) or title and subtitle (option 3). */
async function withText(option: number) {
  const fixture = await editorRoot('101');
  for (let i = 0; i < option; i++) fixture.collage.stepControl('hasText', 1);
  fixture.collage.endBurst();
  return { ...fixture, titles: fixture.editor.titleEditor };
}

describe('TitleEditorStore', () => {
  it('opens on the title; the subtitle field only where the layout has one', async () => {
    const single = await withText(1);
    single.editor.editTitle('txt1');
    expect(single.navigation.state).toBe(NavState.EditorTitleEdit);
    expect(single.titles.slots).toEqual(['txt1']);
    expect(single.titles.subtitleSlot).toBeNull();

    const both = await withText(3);
    both.editor.editTitle('txt2');
    expect(both.titles.mainSlot).toBe('txt1');
    expect(both.titles.slots).toEqual(['txt1', 'txt2']);
  });

  it('types into the collage and refuses a text that is too long, per field', async () => {
    const { titles, collage, editor } = await withText(3);
    editor.editTitle('txt1');
    expect(titles.type('txt1', 'Vakantie')).toBe(true);
    expect(collage.slots.texts.txt1!.txt).toBe('Vakantie');
    expect(titles.type('txt2', 'Italië 2025 '.repeat(30))).toBe(false);
    expect(titles.messages).toEqual({ txt2: { key: 'text.tooLong' } });
    expect(collage.slots.texts.txt2!.txt).toBe('');
    expect(titles.type('txt2', 'Italië')).toBe(true);
    expect(titles.messages).toEqual({});
    expect(titles.type('txt9', 'x')).toBe(false);
  });

  it('the refusal leaves the screen with the next accepted change, in either field or the style', async () => {
    const { titles, editor } = await withText(3);
    editor.editTitle('txt1');
    titles.type('txt2', 'Italië 2025 '.repeat(30));
    expect(titles.messages).toEqual({ txt2: { key: 'text.tooLong' } });
    expect(titles.type('txt1', 'Zomer')).toBe(true);
    expect(titles.messages).toEqual({});
    titles.type('txt1', 'Zomer '.repeat(40));
    expect(titles.messages).toEqual({ txt1: { key: 'text.tooLong' } });
    titles.setStyle({ caps: true });
    expect(titles.messages).toEqual({});
  });

  it('a title of only spaces is no title: the slot is empty again (its placeholder shows)', async () => {
    const { titles, collage, editor } = await withText(1);
    editor.editTitle('txt1');
    titles.type('txt1', 'Zomer');
    expect(titles.type('txt1', '   ')).toBe(true);
    expect(collage.slots.texts.txt1!.txt).toBe('');
    titles.type('txt1', ' Zomer  ');
    expect(collage.slots.texts.txt1!.txt).toBe(' Zomer  ');
    titles.done();
    expect(collage.slots.texts.txt1!.txt).toBe('Zomer');
  });

  it('title and subtitle must differ: Wijzig tekst says which and stays open until they do', async () => {
    const { titles, collage, editor, navigation } = await withText(3);
    editor.editTitle('txt1');
    titles.type('txt1', 'Zomer');
    titles.type('txt2', 'Zomer');
    // Nothing shows while typing: the subtitle may still grow past the title.
    expect(titles.messages).toEqual({});
    expect(titles.done()).toBe(false);
    expect(navigation.state).toBe(NavState.EditorTitleEdit);
    expect(titles.messages).toEqual({ txt2: { key: 'textForm.uniqueDescription' } });
    titles.type('txt1', 'zomer');
    expect(titles.messages).toEqual({ txt1: { key: 'textForm.uniqueTitle' } });
    titles.type('txt2', 'Zomer in Italië');
    expect(titles.messages).toEqual({});
    expect(titles.done()).toBe(true);
    expect(navigation.state).toBe(NavState.EditorNormal);
    expect(collage.slots.texts.txt2!.txt).toBe('Zomer in Italië');
  });

  it('sets caps, font and colour on title and subtitle in one undo step; colours from the palette only', async () => {
    const { titles, collage, editor } = await withText(3);
    editor.editTitle('txt1');
    titles.type('txt1', 'Zomer');
    collage.endBurst();
    expect(titles.setStyle({ caps: true, font: 'McLaren' })).toBe(true);
    expect(collage.slots.texts.txt1).toMatchObject({ caps: true, font: 'McLaren' });
    expect(collage.slots.texts.txt2).toMatchObject({ caps: true, font: 'McLaren' });
    collage.undo();
    expect(collage.slots.texts.txt1!.caps).toBe(false);
    expect(collage.slots.texts.txt2!.caps).toBe(false);
    expect(collage.slots.texts.txt1!.txt).toBe('Zomer');
    expect(titles.setStyle({ color: '#123457' })).toBe(false);
    expect(titles.setStyle({ color: PALETTE[60]! })).toBe(true);
    expect(collage.slots.texts.txt2!.color).toBe(PALETTE[60]);
  });

  it('Wijzig tekst closes the dialog', async () => {
    const { titles, editor, navigation } = await withText(1);
    editor.editTitle('txt1');
    expect(titles.done()).toBe(true);
    expect(navigation.state).toBe(NavState.EditorNormal);
  });
});
