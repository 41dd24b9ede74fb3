import { describe, expect, it } from 'vitest';
import { artworkUrls } from './artwork';
import type { Layout } from './types';

describe('artworkUrls', () => {
  it('names each overlay and mask image once, and no other layer', () => {
    const layers: Layout['layers'] = [
      {
        kind: 'overlay',
        url: 'templates/1/leaf.png',
        x: 0,
        y: 0,
        width: 1,
        height: 1,
        rotation: 0,
      },
      {
        kind: 'clip',
        name: 'c1',
        shape: 'image',
        url: 'templates/1/mask.png',
        x: 0,
        y: 0,
        width: 1,
        height: 1,
      },
      { kind: 'clip', name: 'c2', shape: 'circle', x: 0, y: 0, width: 1, height: 1 },
      {
        kind: 'overlay',
        url: 'templates/1/leaf.png',
        x: 2,
        y: 2,
        width: 1,
        height: 1,
        rotation: 10,
      },
    ];
    expect(artworkUrls({ layers })).toEqual(['templates/1/leaf.png', 'templates/1/mask.png']);
  });
});
