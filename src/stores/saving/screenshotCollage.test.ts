import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PALETTE } from '../../model/catalog/colors';
import { editorRoot, jpegFile } from '../../../tests/support/stores/editorRoot';
import type { ScreenshotCollage } from '../../services/screenshotTypes';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** A RootStore whose screenshot source records what RootStore tells it. */
async function recorded() {
  const told: Array<ScreenshotCollage | null> = [];
  const editor = editorRoot({
    save: {
      screenshot: { screenshot: () => null, collageChanged: (collage) => told.push(collage) },
    },
  });
  await editor.root.catalog.load();
  return { ...editor, told, last: () => told.at(-1) };
}

describe('RootStore tells the screenshot source of every change of the collage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('nothing to draw before a design; then the layout, slots and background of the collage', async () => {
    const { root, told, last } = await recorded();
    expect(told).toEqual([null]);
    root.design.open('101');
    root.design.commit();
    await tick();
    expect(last()?.layout).toBe(root.collage.layout);
    expect(last()?.slots).toBe(root.collage.slots);
    expect(last()?.backgroundColor).toBe(root.collage.backgroundColor);
    expect(last()?.photos).toEqual([]);

    const colour = PALETTE.find((candidate) => candidate !== root.collage.backgroundColor)!;
    root.collage.setBackgroundColor(colour);
    expect(last()?.backgroundColor).toBe(colour);
    root.collage.stepControl('hasText', 1);
    root.collage.setText('txt1', 'Zomer');
    expect(last()?.slots.texts.txt1?.txt).toBe('Zomer');
  });

  it('a placed photo comes with its loading state, then its loaded image', async () => {
    const { root, last } = await recorded();
    root.design.open('101');
    root.design.commit();
    await tick();
    const [photo] = root.photos.addFiles([jpegFile('a.jpg'), jpegFile('b.jpg')]).added;
    root.collage.placePhoto('img1', photo!.localId);
    expect(last()?.photos).toEqual([
      { id: photo!.localId, state: 'LOADING', src: '', width: 0, height: 0 },
    ]);
    await tick();
    const shown = last()!.photos[0]!;
    expect(shown.state).toBe('IMAGE');
    expect(shown.src).toBe(photo!.src);
    expect([shown.width, shown.height]).toEqual([1024, 768]);
    // The same photo in two slots is one source; the unused photo is none.
    root.collage.placePhoto('img2', photo!.localId);
    expect(last()?.photos.map((source) => source.id)).toEqual([photo!.localId]);
  });

  it('a layout change (another size) is told with the slots adopted into it', async () => {
    const { root, last } = await recorded();
    root.design.open('101');
    root.design.commit();
    await tick();
    const before = last()!.layout;
    root.collage.chooseSize('10103');
    await tick();
    expect(last()!.layout).not.toBe(before);
    expect(last()!.layout).toBe(root.collage.layout);
    expect(Object.keys(last()!.slots.photos).sort()).toEqual(
      root.collage
        .layout!.layers.flatMap((layer) => (layer.kind === 'photo' ? [layer.slot] : []))
        .sort(),
    );
  });
});
