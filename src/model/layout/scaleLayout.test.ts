import { describe, expect, it } from 'vitest';
import { scaleLayout, scalePath } from './scaleLayout';
import type { Layout } from './types';

const layout: Layout = {
  widthCm: 40,
  heightCm: 30,
  backgroundColor: '#dcddde',
  isFlat: false,
  material: '',
  marginCm: 0,
  layers: [
    {
      kind: 'clip',
      name: 'c',
      shape: 'path',
      path: 'M 0 0 L 10 0 A 5 5 0 0 1 10 10 h -2 v 3 z',
      x: 1,
      y: 2,
      width: 10,
      height: 13,
    },
    { kind: 'photo', slot: 'img1', x: 2, y: 3, width: 10, height: 6, rotation: -4, clip: 'c' },
    {
      kind: 'text',
      slot: 'txt1',
      x: 0,
      y: 25,
      width: 40,
      height: 5,
      rotation: 0,
      style: {
        font: 'Rasa',
        fontSize: 2.54,
        color: '#000000',
        align: 'center',
        valign: 'bottom',
        style: '',
        paddingCm: 0.5,
        letterSpacing: 0,
        caps: false,
        multipleLines: false,
        lineHeight: 0.5,
        background: 'none',
      },
    },
  ],
};

describe('scaleLayout', () => {
  it('is the same layout at its own size', () => {
    expect(scaleLayout(layout, { widthCm: 40, heightCm: 30 })).toBe(layout);
  });

  it('scales positions per axis and lengths by the smaller factor', () => {
    const scaled = scaleLayout(layout, { widthCm: 80, heightCm: 45 });
    expect(scaled).toMatchObject({ widthCm: 80, heightCm: 45 });
    expect(scaled.layers[1]).toMatchObject({ x: 4, y: 4.5, width: 20, height: 9, rotation: -4 });
    expect(scaled.layers[2]).toMatchObject({ style: { fontSize: 2.54 * 1.5, paddingCm: 0.75 } });
  });

  it('scales path data, keeping arc flags and rotation', () => {
    expect(scalePath('M 0 0 L 10 0 A 5 5 0 0 1 10 10 h -2 v 3 z', 2, 3)).toBe(
      'M 0 0 L 20 0 A 10 15 0 0 1 20 30 h -4 v 9 z',
    );
  });
});
