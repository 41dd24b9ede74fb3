/** Node only, for store tests: the shop's real catalog, a static template, the Node shapes loader and fakes of the other services. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseThemes } from '../../../src/model/catalog/themes';
import type { Template } from '../../../src/model/catalog/types';
import { loadNumberShapes } from '../../../server/catalog/numberShapesFile';
import { writeTemplateXml } from '../../../src/model/document/templateXml';
import type { Layout, TextStyle } from '../../../src/model/layout/types';
import { fixedAdvanceMeasurer } from '../../../src/model/text/measure';
import { RecordingAnalytics } from '../../../src/services/analytics';
import { quietApi, quietPhotos, quietQuotes, quietSave } from './quietServices';
import { testRootStore } from './testRoot';

export const measurer = fixedAdvanceMeasurer(0.6, 1.2);

const THEMES_FILE = fileURLToPath(new URL('../../../catalog/themes.xml', import.meta.url));

const titleStyle: TextStyle = {
  font: 'Roboto',
  fontSize: 2.54,
  color: '#000000',
  align: 'center',
  valign: 'bottom',
  style: '',
  paddingCm: 0,
  letterSpacing: 0,
  caps: false,
  multipleLines: false,
  lineHeight: 0.5,
  background: 'none',
};

/** A designer's static template at 40 x 30 cm: two photos, a round clip and a title. */
export const STATIC_LAYOUT: Layout = {
  widthCm: 40,
  heightCm: 30,
  backgroundColor: '#dcddde',
  isFlat: false,
  material: '',
  marginCm: 0,
  layers: [
    { kind: 'clip', name: 'round', shape: 'circle', x: 22, y: 4, width: 14, height: 14 },
    { kind: 'photo', slot: 'img1', x: 2, y: 2, width: 18, height: 20, rotation: 0 },
    { kind: 'photo', slot: 'img2', x: 22, y: 4, width: 14, height: 14, rotation: 0, clip: 'round' },
    {
      kind: 'text',
      slot: 'txt1',
      x: 2,
      y: 23,
      width: 36,
      height: 5,
      rotation: 0,
      style: titleStyle,
    },
    // A narrow label: long words do not fit in it.
    {
      kind: 'text',
      slot: 'txt2',
      x: 22,
      y: 19,
      width: 10,
      height: 3,
      rotation: 0,
      style: { ...titleStyle, fontSize: 0.917 },
    },
  ],
};

export const STATIC_SOURCE = 'templates/s1/template.xml';
export const STATIC_TEMPLATE_XML = writeTemplateXml({
  id: 'S1',
  designer: 'anna',
  design: 'retro',
  screenDpcm: 40,
  layout: STATIC_LAYOUT,
});

/** The catalog's templates plus the static template S1 (40x30 and 80x60). */
export function fixtureTemplates(): Template[] {
  const result = parseThemes(readFileSync(THEMES_FILE, 'utf8'));
  if (!result.ok) throw new Error(result.detail);
  const base = result.templates[0]!;
  const size = (id: string, widthCm: number, heightCm: number, price: string) => ({
    id,
    widthCm,
    heightCm,
    materials: ['POSTER', 'CANVAS2CM'] as Template['sizes'][number]['materials'],
    description: `${widthCm} x ${heightCm} cm [${price}]`,
    url: '',
    value: '',
    isCustom: false,
  });
  const designer: Template = {
    ...base,
    id: 'S1',
    type: 'static',
    name: 'Retro Zomer',
    categoryPart: 'Retro',
    namePart: 'Zomer',
    source: STATIC_SOURCE,
    settings: {},
    designer: 'anna',
    design: 'retro',
    sizes: [size('S1a', 40, 30, '29.95'), size('S1b', 80, 60, '79.95')],
  };
  // Orientation switching where the first size of an orientation lacks the chosen material.
  const switcher: Template = {
    ...base,
    id: 'G1',
    name: 'Raster wissel',
    sizes: [
      { ...size('G1a', 50, 40, '39.95'), materials: ['POSTER', 'PLEXI'] },
      { ...size('G1b', 30, 40, '24.95'), materials: ['POSTER', 'DIBOND'] },
      { ...size('G1c', 40, 50, '39.95'), materials: ['POSTER', 'PLEXI'] },
    ],
  };
  return [...result.templates, designer, switcher];
}

export interface FixtureOptions {
  customXml?: (
    templateId: string,
    width: string,
    height: string,
  ) => Promise<{ materials: string[]; description: string; id: string }>;
  photos?: Record<string, { widthPx: number; heightPx: number; suggestedRotation?: number }>;
}

/** A RootStore on the fixture catalog, loaded; a settable clock drives the history's bursts. */
export async function fixtureRoot(options: FixtureOptions = {}) {
  const analytics = new RecordingAnalytics();
  const clock = { now: 0 };
  const customXmlCalls: string[][] = [];
  const root = testRootStore({
    analytics,
    catalog: {
      loadTemplates: async () => fixtureTemplates(),
      loadNumberShapes: async () => loadNumberShapes(),
      reportError: () => undefined,
    },
    collage: {
      measurer,
      loadTemplateXml: async (source) => {
        if (source !== STATIC_SOURCE) throw new Error(`no file ${source}`);
        return STATIC_TEMPLATE_XML;
      },
      customXml: async (templateId, width, height) => {
        customXmlCalls.push([templateId, width, height]);
        if (!options.customXml) throw new Error('customXml not faked');
        return options.customXml(templateId, width, height);
      },
      randomSeed: () => 42,
      photoFacts: (id) => options.photos?.[id],
      history: { now: () => clock.now },
    },
    navigation: {
      navigate: () => undefined,
      leaveTo: () => undefined,
      paths: {
        choice: () => '/keuze',
        design: () => '/ontwerp',
        error: () => '/fout',
        shopBack: () => '/winkel',
      },
      now: () => new Date(0),
    },
    api: quietApi,
    save: quietSave,
    photos: quietPhotos,
    quotes: quietQuotes,
  });
  await root.catalog.load();
  return {
    root,
    analytics,
    clock,
    customXmlCalls,
    template: (id: string) => root.catalog.byId(id)!,
  };
}

/** Lets pending promises (loaders, fake server answers) settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
