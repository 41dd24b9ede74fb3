import { describe, expect, it } from 'vitest';
import { STYLE_ADVANCE_LAYOUT } from './DesignStore';
import { fixtureRoot, settle } from '../../../tests/support/stores/collageFixture';

describe('DesignStore', () => {
  it('opens a template from its defaults; the style parameter advances the layout once', async () => {
    const { root } = await fixtureRoot();
    root.design.open('102');
    expect(root.design.state).toBe('shown');
    const layoutOf = () =>
      root.design.draft.controls.find((control) => control.name === 'layout')!.current;
    expect(layoutOf()).toBe(0);
    root.design.open('102', STYLE_ADVANCE_LAYOUT);
    expect(layoutOf()).toBe(1);
    root.design.open('102', STYLE_ADVANCE_LAYOUT);
    expect(layoutOf()).toBe(1);
    root.design.open('102', 'other');
    expect(layoutOf()).toBe(0);
  });

  it('says when a template does not exist', async () => {
    const { root } = await fixtureRoot();
    root.design.open('nope');
    expect(root.design.state).toBe('notFound');
    expect(root.design.commit()).toBe(false);
  });

  it('changes nothing on the collage until committed; then the collage has the design', async () => {
    const { root } = await fixtureRoot();
    root.design.open('101');
    root.design.draft.stepControl('numberVert', 1);
    expect(root.collage.hasDesign).toBe(false);
    expect(root.design.hasCurrentDesign).toBe(false);
    expect(root.design.commit()).toBe(true);
    expect(root.collage.hasDesign).toBe(true);
    expect(
      root.collage.format.controls.find((control) => control.name === 'numberVert')!.current,
    ).toBe(4);
    expect(root.design.hasCurrentDesign).toBe(true);
  });

  it('starts from the current design of the same template, and previews its photos in the new layout', async () => {
    const { root } = await fixtureRoot({ photos: { p1: { widthPx: 2000, heightPx: 2000 } } });
    root.design.open('101');
    root.design.draft.chooseMaterial('DIBOND');
    root.design.commit();
    root.collage.placePhoto('img2', 'p1');
    root.design.open('101');
    expect(root.design.draft.material).toBe('DIBOND');
    root.design.draft.stepControl('numberVert', -1);
    expect(
      root.collage.format.controls.find((control) => control.name === 'numberVert')!.current,
    ).toBe(3);
    expect(root.design.previewSlots!.photos.img2!.id).toBe('p1');
    root.design.commit();
    expect(root.collage.slots.photos.img2!.id).toBe('p1');
    expect(root.collage.history.canUndo).toBe(true);
    root.collage.undo();
    expect(
      root.collage.format.controls.find((control) => control.name === 'numberVert')!.current,
    ).toBe(3);
  });

  it('previews the background the collage would get', async () => {
    const { root } = await fixtureRoot();
    root.design.open('S1');
    await settle();
    expect(root.design.previewBackground).toBe('#dcddde');
    root.design.open('101');
    expect(root.design.previewBackground).toBe('#ffffff');
  });
});
