/**
 * Golden images of every generator's default layout, filled with photos and a fitted title and
 * subtitle: the generators' layouts as the customer and the print shop will see them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorNames, generatorScene } from './generatorScenes';
import { matchGolden } from './golden';
import { renderNamed, testRenderer, type TestRenderer } from './nodeRender';

let t: TestRenderer;
beforeAll(async () => {
  t = await testRenderer();
});
afterAll(() => t?.dispose());

describe('generator goldens', () => {
  const names = generatorNames();

  it('covers every registered generator, numbers included', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'alleven',
        'heart',
        'number',
        'numberyear',
        'numberdate',
        'pilealleven',
        'tiles',
        'scrambled',
      ]),
    );
  });

  for (const name of names) {
    it(`draws ${name}'s default layout as its golden image`, () => {
      const named = generatorScene(name, t.renderer.text);
      matchGolden(t.ck, `generator-${name}`, renderNamed(t, named));
    });
  }
});
