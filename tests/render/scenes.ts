/**
 * Hand-made scenes for the golden images and the Chromium parity test: every layer kind and its
 * options. Plain data plus the fixtures' images, so the page and Node build the very same scenes.
 */
import type { Layout } from '../../src/model/layout/types';
import type { Scene } from '../../src/render/scene';
import { BASE_TEXT, layoutOf, photoLayer, textLayer } from './fixtures';

export interface NamedScene {
  scene: Scene;
  pxPerCm: number;
}

const HEART =
  'M4.5 8 C1 5.5 0 3.5 0 2.2 C0 0.9 1 0 2.2 0 C3.2 0 4 0.6 4.5 1.5 C5 0.6 5.8 0 6.8 0 C8 0 9 0.9 9 2.2 C9 3.5 8 5.5 4.5 8 Z';

function photosScene(): Scene {
  const cell = (i: number) => ({ x: 0.5 + (i % 4) * 10, y: 0.5 + Math.floor(i / 4) * 8.5 });
  const at = (i: number, w = 9, h = 7.5) => [cell(i).x, cell(i).y, w, h] as const;
  const layers: Layout['layers'] = [
    photoLayer('img1', ...at(0)),
    photoLayer('img2', ...at(1)),
    photoLayer('img3', ...at(2)),
    photoLayer('img4', ...at(3)),
    photoLayer('img5', ...at(4)),
    photoLayer('img6', cell(5).x + 1, cell(5).y + 1, 7, 5.5, { rotation: -8 }),
    {
      kind: 'clip',
      name: 'rounded',
      shape: 'rect',
      radiusCm: 1.5,
      x: cell(6).x,
      y: cell(6).y,
      width: 9,
      height: 7.5,
    },
    photoLayer('img7', ...at(6), { clip: 'rounded' }),
    {
      kind: 'clip',
      name: 'disc',
      shape: 'circle',
      x: cell(7).x + 0.75,
      y: cell(7).y,
      width: 7.5,
      height: 7.5,
    },
    photoLayer('img8', ...at(7), { clip: 'disc' }),
    {
      kind: 'clip',
      name: 'heart',
      shape: 'path',
      path: HEART,
      x: cell(8).x,
      y: cell(8).y,
      width: 9,
      height: 8,
    },
    photoLayer('img9', ...at(8), { clip: 'heart' }),
    {
      kind: 'clip',
      name: 'ring',
      shape: 'image',
      url: 'art/mask.png',
      x: cell(9).x + 0.75,
      y: cell(9).y,
      width: 7.5,
      height: 7.5,
    },
    photoLayer('img10', ...at(9), { clip: 'ring' }),
    photoLayer('img11', ...at(10)),
    photoLayer('img12', ...at(11)),
  ];
  const base = { zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0 as const, effect: 'none' as const };
  return {
    layout: layoutOf(40.5, 26, layers),
    photos: {
      img1: { ...base, imageKey: 'p0' },
      img2: { ...base, imageKey: 'p0', zoom: 2, focusX: 0.15, focusY: 0.15 },
      img3: { ...base, imageKey: 'p0', rotation: 90 },
      img4: { ...base, imageKey: 'p1', rotation: 180 },
      img5: { ...base, imageKey: 'p2', rotation: 270, zoom: 1.5, focusX: 0.8, focusY: 0.3 },
      img6: { ...base, imageKey: 'p3' },
      img7: {
        ...base,
        imageKey: 'p4',
        text: {
          text: 'Op de foto',
          style: {
            ...BASE_TEXT,
            fontSize: 0.917,
            color: '#ffffff',
            valign: 'bottom',
            background: 'back2',
          },
        },
      },
      img8: { ...base, imageKey: 'p5' },
      img9: { ...base, imageKey: 'p6' },
      img10: { ...base, imageKey: 'p7' },
      img12: { ...base, imageKey: 'still-loading' },
    },
    texts: {},
  };
}

function shapesScene(): Scene {
  const layers: Layout['layers'] = [
    {
      kind: 'shape',
      shape: 'rect',
      role: 'background',
      x: -0.5,
      y: -0.5,
      width: 31,
      height: 21,
      fill: '#ffffff',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#ffffff',
    },
    {
      kind: 'shape',
      shape: 'rect',
      role: 'decoration',
      x: 3,
      y: 3,
      width: 8,
      height: 5,
      fill: '#2e7d32',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#000000',
    },
    {
      kind: 'shape',
      shape: 'rect',
      role: 'decoration',
      x: 13,
      y: 3,
      width: 8,
      height: 5,
      fill: '#fdd835',
      radiusCm: 1.2,
      borderWidthCm: 0.3,
      borderColor: '#6a1b9a',
    },
    {
      kind: 'shape',
      shape: 'circle',
      role: 'decoration',
      x: 23,
      y: 2.5,
      width: 5,
      height: 6,
      fill: '#90caf9',
      radiusCm: 0,
      borderWidthCm: 0.4,
      borderColor: '#0d47a1',
    },
    { kind: 'box', x: 3, y: 10, width: 11, height: 6, borderWidthCm: 0.3, color: '#000000' },
    { kind: 'overlay', url: 'art/ring.png', x: 17, y: 9.5, width: 7, height: 7, rotation: 20 },
    { kind: 'overlay', url: 'art/not-loaded.png', x: 24, y: 11, width: 4, height: 4, rotation: 0 },
    {
      kind: 'frame',
      x: 0,
      y: 0,
      width: 30,
      height: 20,
      marginCm: 1.5,
      color: '#000000',
      fill: '#fcfaf2',
    },
  ];
  return {
    layout: layoutOf(30, 20, layers, { marginCm: 1.5, material: 'POSTER' }),
    photos: {},
    texts: {},
    backgroundColor: '#dcddde',
  };
}

/** Latin, latin-ext (Ł, ź) and a letter only the fallback files have (Ω). */
export const TEXT_SAMPLE = 'Zoë Ågé Łódź Ω';

function fontsScene(): Scene {
  const fonts = [
    'Roboto',
    'Indie Flower',
    'McLaren',
    'Rasa',
    'Montserrat',
    'Nunito',
    'Crimson Text',
    'futura-pt',
    'Unknown Font',
  ];
  const layers = fonts.map((font, i) =>
    textLayer(`txt${i + 1}`, 0, i * 2.4, 30, 2.4, {
      font,
      fontSize: 0.917,
      align: 'left',
      valign: 'middle',
    }),
  );
  const texts = Object.fromEntries(
    layers.map((layer) => [
      layer.slot,
      { text: `${layer.style.font}: ${TEXT_SAMPLE}`, style: layer.style },
    ]),
  );
  return { layout: layoutOf(30, 21.6, layers), photos: {}, texts };
}

function textStylesScene(): Scene {
  const styles = [
    { align: 'left', valign: 'top' },
    { align: 'center', valign: 'middle', caps: true },
    { align: 'right', valign: 'bottom', letterSpacing: 0.2 },
    { align: 'left', valign: 'top', multipleLines: true, lineHeight: 0.5, fontSize: 0.706 },
    { align: 'center', valign: 'middle', background: 'back1', color: '#000000' },
    { align: 'center', valign: 'bottom', background: 'back2', color: '#ffffff', paddingCm: 0.3 },
    {
      align: 'right',
      valign: 'top',
      multipleLines: true,
      lineHeight: 1,
      fontSize: 0.706,
      font: 'Indie Flower',
    },
    { align: 'center', valign: 'middle', font: 'Rasa', fontSize: 2.54 },
  ] as const;
  const layers: Layout['layers'] = [
    {
      kind: 'shape',
      shape: 'rect',
      role: 'decoration',
      x: 0,
      y: 0,
      width: 40,
      height: 20,
      fill: '#8fb3c9',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#000000',
    },
    ...styles.map((style, i) =>
      textLayer(`txt${i + 1}`, (i % 4) * 10, Math.floor(i / 4) * 10, 10, 10, {
        fontSize: 0.917,
        ...style,
      }),
    ),
  ];
  const words = [
    'Links boven',
    'midden hoofdletters',
    'Spatie rechts',
    'Meerdere regels tekst die omloopt in het vak',
    'Achtergrond wit',
    'Zwart',
    'Regel een\nRegel twee',
    'Rasa',
  ];
  const texts = Object.fromEntries(
    layers
      .filter((layer) => layer.kind === 'text')
      .map((layer, i) => [layer.slot, { text: words[i]!, style: layer.style }]),
  );
  return { layout: layoutOf(40, 20, layers), photos: {}, texts };
}

function bordersScene(flat: boolean): Scene {
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
      width: 30,
      height: 20,
      fill: '#ffffff',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#ffffff',
    },
    photoLayer('img1', 2, 2, 10, 7, { rotation: -4, border }),
    photoLayer('img2', 15, 2.5, 12, 8, { rotation: 3, border }),
    photoLayer('img3', 3, 11, 8, 7, { rotation: 2, border }),
    photoLayer('img4', 13, 11.5, 14, 6.5, { rotation: 0, border: { ...border, shadowWidthCm: 0 } }),
  ];
  const base = { zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0 as const, effect: 'none' as const };
  return {
    layout: layoutOf(30, 20, layers, { isFlat: flat }),
    photos: {
      img1: { ...base, imageKey: 'p0' },
      img2: { ...base, imageKey: 'p2' },
      img3: { ...base, imageKey: 'p3' },
    },
    texts: {},
    backgroundColor: '#f1e4d0',
  };
}

function canvasMaterialScene(purpose: 'editor' | 'print'): Scene {
  const layers: Layout['layers'] = [
    {
      kind: 'shape',
      shape: 'rect',
      role: 'background',
      x: 0,
      y: 0,
      width: 40,
      height: 30,
      fill: '#ffffff',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#ffffff',
    },
    photoLayer('img1', 3, 3, 16.5, 11.5),
    photoLayer('img2', 20.5, 3, 16.5, 11.5),
    photoLayer('img3', 3, 15.5, 16.5, 11.5),
    photoLayer('img4', 20.5, 15.5, 16.5, 8),
    textLayer('txt1', 20.5, 24, 16.5, 3, { font: 'futura-pt', fontSize: 1.693 }),
    {
      kind: 'frame',
      x: 0,
      y: 0,
      width: 40,
      height: 30,
      marginCm: 2.5,
      color: '#000000',
      fill: '#fcfaf2',
    },
  ];
  const base = { zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0 as const, effect: 'none' as const };
  return {
    layout: layoutOf(40, 30, layers, { material: 'CANVAS2CM', marginCm: 2.5 }),
    photos: {
      img1: { ...base, imageKey: 'p0' },
      img2: { ...base, imageKey: 'p1' },
      img3: { ...base, imageKey: 'p2', effect: 'sepia' },
    },
    texts: {
      txt1: { text: 'Canvas', style: { ...BASE_TEXT, font: 'futura-pt', fontSize: 1.693 } },
    },
    backgroundColor: '#e9f1f7',
    purpose,
    overlays: {
      wrapZone: true,
      safeArea: true,
      selectedSlot: 'img2',
      dragOverSlot: 'img4',
      quality: { img1: 'green', img2: 'orange', img3: 'red' },
    },
  };
}

/** Every layer kind and option, each at a size whose golden stays small. */
export function layerScenes(): Record<string, NamedScene> {
  return {
    photos: { scene: photosScene(), pxPerCm: 12 },
    shapes: { scene: shapesScene(), pxPerCm: 12 },
    fonts: { scene: fontsScene(), pxPerCm: 20 },
    'text-styles': { scene: textStylesScene(), pxPerCm: 14 },
    borders: { scene: bordersScene(false), pxPerCm: 16 },
    'borders-flat': { scene: bordersScene(true), pxPerCm: 16 },
    'canvas-editor': { scene: canvasMaterialScene('editor'), pxPerCm: 12 },
    'canvas-print': { scene: canvasMaterialScene('print'), pxPerCm: 12 },
  };
}
