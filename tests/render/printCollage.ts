/**
 * The print master's test collage (a 50x40 cm 'onelarge' layout, zooms, focal points, quarter
 * turns, an effect, a title and subtitle) and its photos: camera fixtures or synthetic JPEGs.
 * Shared by the print master test and the render benchmark.
 */
import { readFileSync } from 'node:fs';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout, Size } from '../../src/model/layout/types';
import { loadNodeCanvasKit } from '../../server/print/assets';
import { testPhoto } from './fixtures';
import { defaultLayout } from './generatorScenes';

const FIXTURES = new URL('../../../shared/fixtures/photos/', import.meta.url);
export const CAMERA_FILES = [
  'cameras/hdr_iphone_hdr_YES.jpg',
  'cameras/mobile_jolla.jpg',
  'cameras/hdr_canon_hdr_YES.jpg',
  'cameras/mobile_HMD_Nokia_8.3_5G.jpg',
  'orientation/Landscape_0.jpg',
  'orientation/Portrait_0.jpg',
];
export const PRINT_BACKGROUND = '#f4efe6';

export function cameraOriginals(): Record<string, Uint8Array> {
  return Object.fromEntries(
    CAMERA_FILES.map((file, i) => [
      `photo${i}`,
      new Uint8Array(readFileSync(new URL(file, FIXTURES))),
    ]),
  );
}

/** Six synthetic camera-sized JPEGs (the /full build has the encoder). */
export async function syntheticOriginals(): Promise<Record<string, Uint8Array>> {
  const { ck: full } = await loadNodeCanvasKit('full');
  const sizes = [
    [2400, 1800],
    [1800, 2400],
    [3000, 1500],
    [2000, 2000],
    [2600, 1950],
    [1600, 2400],
  ] as const;
  return Object.fromEntries(
    sizes.map(([w, h], i) => {
      const image = testPhoto(full, w, h, i * 53);
      const jpeg = image.encodeToBytes(full.ImageFormat.JPEG, 95)!;
      image.delete();
      return [`photo${i}`, jpeg];
    }),
  );
}

/** The 'onelarge' collage at 50x40 cm, or at `size` (the render benchmark's 150x100 cm print). */
export function printCollage(
  withEffect: boolean,
  size?: Size,
): { layout: Layout; slots: SlotData } {
  const layout = defaultLayout('onelarge', size && [size]);
  const slots: SlotData = { photos: {}, texts: {} };
  let i = 0;
  for (const layer of layout.layers) {
    if (layer.kind === 'photo') {
      slots.photos[layer.slot] = {
        id: `photo${i % 6}`,
        zoom: i % 3 === 0 ? 1.4 : 1,
        focusX: 0.4,
        focusY: 0.5,
        rotation: i === 2 ? 90 : i === 5 ? 270 : 0,
        effect: withEffect && i === 1 ? 'sepia' : 'none',
        dpi: 150,
      };
      i += 1;
    }
    if (layer.kind === 'text')
      slots.texts[layer.slot] = {
        ...layer.style,
        txt: layer.slot === 'txt1' ? 'Zomer' : 'Zeeland',
        fontSize: Math.min(layer.style.fontSize, 1.693),
      };
  }
  return { layout, slots };
}
