import { describe, expect, it } from 'vitest';
import type { SlotData } from '../model/layout/slotTypes';
import type { Layout, TextStyle } from '../model/layout/types';
import { sceneFromSlots } from './slotScene';

const style: TextStyle = {
  font: 'Roboto',
  fontSize: 1,
  color: '#000000',
  align: 'center',
  valign: 'bottom',
  style: 'normal',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  background: 'none',
};
const layout: Layout = {
  widthCm: 20,
  heightCm: 20,
  layers: [],
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
};

describe('sceneFromSlots', () => {
  it('turns photo ids into image keys, skips empty slots and texts, keeps the photo text', () => {
    const slots: SlotData = {
      photos: {
        img1: {
          id: 'k1',
          zoom: 2,
          focusX: 0.2,
          focusY: 0.8,
          rotation: -90,
          effect: 'grey',
          dpi: 120,
          text: { ...style, txt: 'Hoi' },
        },
        img2: { id: '', zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0, effect: 'none', dpi: -1 },
      },
      texts: { txt1: { ...style, txt: 'Titel' }, txt2: { ...style, txt: '' } },
    };
    const scene = sceneFromSlots(layout, slots, { purpose: 'print', backgroundColor: '#dcddde' });
    expect(scene.photos).toEqual({
      img1: {
        imageKey: 'k1',
        zoom: 2,
        focusX: 0.2,
        focusY: 0.8,
        rotation: 270,
        effect: 'grey',
        text: { text: 'Hoi', style },
      },
    });
    expect(scene.texts).toEqual({ txt1: { text: 'Titel', style } });
    expect(scene.purpose).toBe('print');
    expect(scene.backgroundColor).toBe('#dcddde');
  });

  it('draws an unknown effect as none rather than failing', () => {
    const slots = {
      photos: {
        img1: {
          id: 'k',
          zoom: 1,
          focusX: 0.5,
          focusY: 0.5,
          rotation: 0,
          effect: 'polaroid',
          dpi: 1,
        },
      },
      texts: {},
    } as unknown as SlotData;
    expect(sceneFromSlots(layout, slots).photos.img1!.effect).toBe('none');
  });
});
