import { describe, expect, it } from 'vitest';
import { CUSTOM_SIZE_ID } from '../../model/catalog/types';
import { fixtureRoot, settle } from '../../../tests/support/stores/collageFixture';

async function draftOf(templateId: string, options: Parameters<typeof fixtureRoot>[0] = {}) {
  const fixture = await fixtureRoot(options);
  fixture.root.design.open(templateId);
  return { ...fixture, draft: fixture.root.design.draft };
}

const value = (draft: { controls: readonly { name: string; current: number }[] }, name: string) =>
  draft.controls.find((control) => control.name === name)?.current;

describe('CollageFormat: controls', () => {
  it('steps by the step, does nothing at a bound, and the layout follows', async () => {
    const { draft } = await draftOf('101');
    expect(value(draft, 'numberVert')).toBe(3);
    expect(draft.stepControl('numberVert', 1)).toBe(true);
    expect(draft.layout!.layers.filter((layer) => layer.kind === 'photo')).toHaveLength(16);
    expect(draft.stepControl('borderCM', 1)).toBe(true);
    expect(value(draft, 'borderCM')).toBe(0.6);
    while (draft.stepControl('numberVert', -1));
    expect(value(draft, 'numberVert')).toBe(1);
    expect(draft.stepControl('numberVert', -1)).toBe(false);
    expect(draft.stepControl('unknown', 1)).toBe(false);
  });

  it('takes typed whole numbers within range and restores the old value otherwise', async () => {
    const { draft } = await draftOf('101');
    expect(draft.typeControl('numberHor', '5')).toBe(true);
    expect(value(draft, 'numberHor')).toBe(5);
    for (const typed of ['5.5', '0', '99', 'vijf', '', '-2'])
      expect(draft.typeControl('numberHor', typed)).toBe(false);
    expect(value(draft, 'numberHor')).toBe(5);
  });

  it('hides the margin while a text is shown', async () => {
    const { draft } = await draftOf('101');
    const margin = () => draft.controls.find((control) => control.name === 'marginCM')!;
    expect(margin().hidden).toBe(false);
    draft.stepControl('hasText', 1);
    expect(margin().hidden).toBe(true);
  });

  it('refuses a control change the generator refuses, says why, and keeps the layout', async () => {
    const { draft } = await draftOf('107');
    draft.chooseSize('10702');
    while (draft.stepControl('numberHor', 1));
    while (draft.stepControl('division', 1));
    expect(value(draft, 'division')).toBe(55);
    expect(draft.refusal).toMatchObject({
      key: 'generators.split.tooSmall',
      values: { side: 3, area: 25 },
    });
    expect(draft.layoutState.status).toBe('ready');
    draft.stepControl('division', -1);
    expect(draft.refusal).toBeNull();
  });

  it('keeps the date of numberdate as typed digits and separators', async () => {
    const { draft, root } = await draftOf('118');
    await root.catalog.loadShapes();
    expect(draft.typeControl('numberValue', '24-12-2024')).toBe(true);
    expect(draft.settings.numberValue).toBe('24-12-2024');
    expect(draft.typeControl('numberValue', 'kerst')).toBe(false);
    expect(draft.settings.numberValue).toBe('24-12-2024');
    // Dates that do not exist are refused and the old one stays.
    for (const impossible of ['32-13-2024', '29-02-2023', '31-04-2025', '00-01-2025', '12-2024']) {
      expect(draft.typeControl('numberValue', impossible), impossible).toBe(false);
      expect(draft.settings.numberValue).toBe('24-12-2024');
    }
    expect(draft.typeControl('numberValue', '29.02.2024')).toBe(true);
    expect(draft.settings.numberValue).toBe('29.02.2024');
  });

  it('marks the steps the generator would refuse, so the split offers no button that can only refuse', async () => {
    const { draft } = await draftOf('106');
    expect([...draft.refusedSteps]).toEqual([]);
    // A narrow main part (20 %) with 2 cm spacing and a 2x1 middle split: a 2x2 one would leave photos under 3 cm.
    while (draft.stepControl('division', -1));
    while (draft.stepControl('borderCM', 1));
    expect(draft.stepControl('middleSplit', 1)).toBe(true);
    expect([
      value(draft, 'division'),
      value(draft, 'borderCM'),
      value(draft, 'middleSplit'),
    ]).toEqual([20, 2, 1]);
    expect(draft.refusedSteps.has('middleSplit:1')).toBe(true);
    expect(draft.stepControl('middleSplit', 1)).toBe(false);
    expect(draft.refusal).not.toBeNull();
    // Every step still marked possible goes through.
    for (const control of draft.controls.filter(
      (candidate) => !candidate.hidden && candidate.type !== 'input',
    )) {
      for (const direction of [-1, 1] as const) {
        if (draft.refusedSteps.has(`${control.name}:${direction}`)) continue;
        if (draft.stepControl(control.name, direction))
          draft.stepControl(control.name, direction === 1 ? -1 : 1);
        else expect(draft.refusal, `${control.name} ${direction}`).toBeNull();
      }
    }
  });

  it('hides the controls that can never change: instagram rows, mosaicinsta and single columns and rows', async () => {
    const shown = async (id: string) =>
      (await draftOf(id)).draft.controls
        .filter((control) => !control.hidden)
        .map((control) => control.name);
    expect(await shown('103')).not.toContain('numberHor');
    expect(await shown('110')).not.toContain('numberVert');
    expect(await shown('110')).not.toContain('numberHor');
    expect(await shown('111')).not.toContain('cols');
    expect(await shown('111')).not.toContain('rows');
  });

  it('keeps digits only, at most three, for the number design', async () => {
    const { draft, root } = await draftOf('116');
    await root.catalog.loadShapes();
    expect(draft.typeControl('numberValue', '7a5')).toBe(true);
    expect(value(draft, 'numberValue')).toBe(75);
    expect(draft.typeControl('numberValue', '1234')).toBe(true);
    expect(value(draft, 'numberValue')).toBe(123);
  });
});

describe('CollageFormat: price', () => {
  it('reads the size description and follows the size', async () => {
    const { draft } = await draftOf('101');
    expect(draft.price).toBe(39.95);
    draft.chooseSize('10103');
    expect(draft.price).toBe(54.95);
  });

  it('prices tiles as rows x columns x the unit price', async () => {
    const { draft } = await draftOf('113');
    expect(draft.price).toBeCloseTo(9 * 14.95, 2);
    draft.stepControl('numberVert', 1);
    expect(draft.price).toBeCloseTo(12 * 14.95, 2);
    expect(draft.layout!.widthCm).toBeGreaterThan(draft.activeSize!.widthCm);
  });
});

describe('CollageFormat: custom size', () => {
  const answer = {
    materials: ['POSTER', 'CANVAS2CM', 'NOPE'],
    description: '45.5 x 35 cm [37.50]',
    id: CUSTOM_SIZE_ID,
  };

  it('asks the server for a valid size and uses its materials and price', async () => {
    const { draft, customXmlCalls } = await draftOf('101', { customXml: async () => answer });
    const outcome = await draft.applyTypedSize('45,5', '35');
    expect(outcome.kind).toBe('custom');
    expect(customXmlCalls).toEqual([['101', '45.5', '35']]);
    expect(draft.isCustomSize).toBe(true);
    expect(draft.materials).toEqual(['POSTER', 'CANVAS2CM']);
    expect(draft.price).toBe(37.5);
    expect(draft.layout).toMatchObject({ widthCm: 45.5, heightCm: 35 });
    expect(draft.useStandardSizes()).toBe(true);
    expect(draft.activeSize!.id).toBe('10101');
    expect(draft.template!.sizes.some((size) => size.isCustom)).toBe(false);
  });

  it('selects the standard size a typed size equals, without asking', async () => {
    const { draft, customXmlCalls } = await draftOf('101', { customXml: async () => answer });
    expect((await draft.applyTypedSize('70', '50')).kind).toBe('standard');
    expect(draft.activeSize!.id).toBe('10103');
    expect(customXmlCalls).toEqual([]);
  });

  it('gives the rule warning for an invalid size and the square warning for hearts', async () => {
    const generic = await draftOf('101');
    expect(await generic.draft.applyTypedSize('10', '10')).toMatchObject({
      kind: 'invalid',
      reason: 'rule',
      warning: { key: 'sizes.warning.default' },
    });
    expect(await generic.draft.applyTypedSize('abc', '10')).toMatchObject({
      kind: 'invalid',
      reason: 'unparsable',
    });
    const heart = await draftOf('115');
    expect(await heart.draft.applyTypedSize('40', '45')).toMatchObject({
      kind: 'invalid',
      warning: { key: 'sizes.warning.square', values: { min: 30 } },
    });
  });

  it("accepts a number size within the shop's largest with the number designs' advice", async () => {
    const { draft, root } = await draftOf('116', {
      customXml: async () => ({ ...answer, description: '60 x 20 cm [30.00]' }),
    });
    await root.catalog.loadShapes();
    expect(await draft.applyTypedSize('60', '20')).toMatchObject({
      kind: 'custom',
      warning: { key: 'sizes.warning.number' },
    });
  });

  it('logs a server failure and leaves the size as it was', async () => {
    const { draft, analytics } = await draftOf('101', {
      customXml: async () => {
        throw new Error('customXml answered 500');
      },
    });
    expect(await draft.applyTypedSize('45', '35')).toEqual({ kind: 'failed' });
    expect(draft.activeSize!.id).toBe('10101');
    expect(draft.customSizePending).toBe(false);
    expect(analytics.events.some((event) => event.label?.includes('customXml answered 500'))).toBe(
      true,
    );
  });
});

describe('CollageFormat: layouts that load', () => {
  it('number designs wait for the shapes file, then draw the digits', async () => {
    const { root } = await fixtureRoot();
    const draft = root.design.draft;
    root.design.open('116');
    expect(draft.layoutState.status).toBe('loading');
    await settle();
    expect(draft.layoutState.status).toBe('ready');
    expect(draft.generatorName).toBe('number');
    expect(draft.controls.map((control) => control.name)).toContain('fontset');
  });

  it('static designs read their template file once and scale it to the chosen size', async () => {
    const { root } = await fixtureRoot();
    const draft = root.design.draft;
    root.design.open('S1');
    expect(draft.layoutState.status).toBe('loading');
    await settle();
    expect(draft.layout).toMatchObject({ widthCm: 40, heightCm: 30 });
    expect(draft.controls).toEqual([]);
    draft.chooseSize('S1b');
    const photo = draft.layout!.layers.find(
      (layer) => layer.kind === 'photo' && layer.slot === 'img1',
    )!;
    expect(photo).toMatchObject({ x: 4, y: 4, width: 36, height: 40 });
  });
});
