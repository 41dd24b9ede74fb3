/**
 * The benchmark's collage: 150 photo slots on a 100x80 cm sheet (drawn at 10 px/cm: 1000x800),
 * a 15x10 grid where every third photo is tilted with the modern border and shadow (as in the
 * pile and heart designs), a title, a background shape and the canvas-material frame. Plain data:
 * the page and Node build the same one.
 */
import type { Layout } from '../../src/model/layout/types';
import type { Scene } from '../../src/render/scene';
import { BASE_TEXT, layoutOf, photoLayer, textLayer } from './fixtures';

export const BENCH_SLOTS = 150;
export const BENCH_WIDTH = 1000;
export const BENCH_HEIGHT = 800;
export const BENCH_PX_PER_CM = 10;

export function benchScene(): Scene {
  const border = {
    style: 'modern' as const,
    marginsCm: 0,
    cardWidthCm: 0.4,
    glowWidthCm: 0.15,
    shadowWidthCm: 0.3,
  };
  const layers: Layout['layers'] = [
    {
      kind: 'shape',
      shape: 'rect',
      role: 'background',
      x: 0,
      y: 0,
      width: 100,
      height: 80,
      fill: '#ffffff',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#ffffff',
    },
  ];
  const cols = 15;
  const rows = 10;
  const cellW = 94 / cols;
  const cellH = 68 / rows;
  for (let i = 0; i < BENCH_SLOTS; i += 1) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const tilted = i % 3 === 0;
    layers.push(
      photoLayer(
        `img${i + 1}`,
        3 + col * cellW + 0.4,
        3 + row * cellH + 0.4,
        cellW - 0.8,
        cellH - 0.8,
        tilted ? { rotation: ((i * 7) % 9) - 4, border } : {},
      ),
    );
  }
  layers.push(
    textLayer('txt1', 3, 71.5, 94, 6, { font: 'futura-pt', fontSize: 2.54, valign: 'middle' }),
  );
  layers.push({
    kind: 'frame',
    x: 0,
    y: 0,
    width: 100,
    height: 80,
    marginCm: 2.5,
    color: '#000000',
    fill: '#fcfaf2',
  });
  const photos: Scene['photos'] = {};
  for (let i = 0; i < BENCH_SLOTS; i += 1) {
    photos[`img${i + 1}`] = {
      imageKey: `p${i % 8}`,
      zoom: 1 + (i % 4) * 0.25,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 0,
      effect: 'none',
    };
  }
  return {
    layout: layoutOf(100, 80, layers, { material: 'CANVAS2CM', marginCm: 2.5 }),
    photos,
    texts: {
      txt1: {
        text: 'Honderdvijftig foto’s',
        style: { ...BASE_TEXT, font: 'futura-pt', fontSize: 2.54 },
      },
    },
    backgroundColor: '#f6f1e7',
    overlays: { safeArea: true, selectedSlot: 'img77' },
  };
}
