import { describe, expect, it } from 'vitest';
import { template } from '../../tests/support/model/testTemplates.js';
import { chooserFilterOfPath, chooserPreloadHeader } from './chooserPreload.js';

const card = (id: string, thumbUrl: string) => template([], { id, thumbUrl });

describe("the chooser's preload header", () => {
  it('reads the filter of a chooser path in any locale, and sends other paths of the app to the whole chooser', () => {
    expect(chooserFilterOfPath('/keuze')).toBe('');
    expect(chooserFilterOfPath('/eleccion/basic')).toBe('basic');
    expect(chooserFilterOfPath('/keuze/designer%3AAnna')).toBe('designer:Anna');
    expect(chooserFilterOfPath('/keuze/%E0%A4%A')).toBe('');
    expect(chooserFilterOfPath('/')).toBe('');
    expect(chooserFilterOfPath('/edit/12')).toBeNull();
    expect(chooserFilterOfPath('/fout')).toBeNull();
  });

  it("names only plain paths of this server: a full URL or a character that could end the header's entry is left to the page", () => {
    const templates = [
      card('1', 'thumbs/1.webp'),
      card('2', 'https://cdn.example/2.webp'),
      card('3', 'thumbs/3>, <x.webp'),
      card('4', 'thumbs/a b.webp'),
    ];
    expect(chooserPreloadHeader('', templates)).toBe(
      '</catalog/thumbs/1.webp>; rel=preload; as=image; fetchpriority=high',
    );
    expect(chooserPreloadHeader('', templates.slice(1))).toBeNull();
  });
});
