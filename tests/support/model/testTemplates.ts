import type { ChildSize, MaterialCode, Template } from '../../../src/model/catalog/types';

/** Builders for tests: a template with the given sizes and sensible defaults for the rest. */

export function size(
  id: string,
  widthCm: number,
  heightCm: number,
  materials: MaterialCode[] = ['POSTER'],
  description = '',
): ChildSize {
  return { id, widthCm, heightCm, materials, description, url: '', value: '', isCustom: false };
}

export function template(sizes: ChildSize[], overrides: Partial<Template> = {}): Template {
  return {
    id: 't1',
    type: 'generated',
    tags: [],
    name: 'Test',
    categoryPart: '',
    namePart: '',
    thumbWidth: 0,
    thumbHeight: 0,
    description: '',
    shortInfo: '',
    leftInfo: '',
    texts: {},
    source: 'gen:alleven',
    isTileBased: false,
    hasCustomSize: true,
    isCustom: false,
    isMaterialSpecific: false,
    url: '',
    thumbUrl: '',
    sizeUrl: '',
    labelUrl: '',
    visible: true,
    filters: [],
    sizes,
    settings: {},
    designer: '',
    design: '',
    ...overrides,
  };
}

/** Five chooser cards for the filter tests: tags, designers, a photo-tile design and a hidden one. */
export function filterCards(): Template[] {
  const card = (id: string, filters: string[], visible = true) =>
    template([], { id, filters, visible, thumbUrl: `thumbs/${id}.webp` });
  return [
    card('a', ['basic']),
    card('b', ['modern', 'designer:Anna']),
    card('c', ['retro', 'designer:Bram']),
    card('d', ['tiles']),
    card('e', ['designer:Zoë'], false),
  ];
}
