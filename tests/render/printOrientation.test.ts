/**
 * Originals are stored as shot, the editor shows them upright (its web copies have the EXIF
 * orientation applied): the print must stand the same way. The same photo with EXIF orientation
 * 1 and 6 (turned in the file, upright once the tag is applied) must print alike; ignoring the
 * tag would print it on its side.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { readOrientations, renderPrintMaster } from '../../server/print/printMaster';
import { loadNodeCanvasKit } from '../../server/print/assets';
import { joinBytes } from '../../server/print/jpegBands';

const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../shared/fixtures/photos/orientation/${name}`, import.meta.url)),
  );

const layout: Layout = {
  widthCm: 18,
  heightCm: 12,
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
  layers: [{ kind: 'photo', slot: 'img1', x: 0, y: 0, width: 18, height: 12, rotation: 0 }],
};
const slots: SlotData = {
  photos: {
    img1: { id: 'p', zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0, effect: 'none', dpi: 254 },
  },
  texts: {},
};

async function pixels(jpeg: Uint8Array): Promise<Uint8Array> {
  const { ck } = await loadNodeCanvasKit();
  const image = ck.MakeImageFromEncoded(jpeg)!;
  const info = {
    width: image.width(),
    height: image.height(),
    colorType: ck.ColorType.RGBA_8888,
    alphaType: ck.AlphaType.Unpremul,
    colorSpace: ck.ColorSpace.SRGB,
  };
  const bytes = image.readPixels(0, 0, info) as Uint8Array;
  image.delete();
  return bytes;
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function print(name: string, orientations?: Record<string, number>): Promise<Uint8Array> {
  const master = await renderPrintMaster({
    layout,
    slots,
    originals: { p: fixture(name) },
    dpi: 100,
    orientations,
  });
  return pixels(joinBytes(master.jpegParts));
}

describe('print orientation', () => {
  it('reads the EXIF orientation of each original', async () => {
    expect(
      await readOrientations({
        a: fixture('Landscape_1.jpg'),
        b: fixture('Landscape_6.jpg'),
        c: fixture('Landscape_8.jpg'),
      }),
    ).toEqual({ a: 1, b: 6, c: 8 });
  });

  it('prints a photo tagged with orientation 6 upright, like the one stored upright', async () => {
    const upright = await print('Landscape_1.jpg');
    const tagged = await print('Landscape_6.jpg');
    const ignored = await print('Landscape_6.jpg', { p: 1 });
    expect(meanDifference(upright, tagged)).toBeLessThan(4);
    expect(meanDifference(upright, ignored)).toBeGreaterThan(15);
  }, 60_000);
});
