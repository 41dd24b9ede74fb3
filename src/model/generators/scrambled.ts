/**
 * scrambled: photos of many sizes fitted together without a grid, layouts 0..10.
 * Settings: layout, borderCM = spacing (0..2 step 0.1), marginCM = outer margin (0.5..2 step 0.1).
 * (The spec says "layout 0 to 10 (letters A to O)"; eleven layouts are A to K, which we show.)
 *
 * Each layout is a fixed tree of cuts with weights, drawn for landscape; on a portrait sheet the
 * tree is turned (columns become rows) so photos keep their proportions. Cutting a piece shares
 * its length minus the spacing by weight, so every gap is exactly the spacing. Same settings,
 * same arrangement: nothing is random.
 */
import type { Rect } from '../layout/types';
import {
  contentArea,
  control,
  controlValues,
  insetRect,
  layoutFromRects,
  marginControl,
  spacingControl,
} from './common';
import type { Generator, GeneratorInput, GeneratorResult } from './types';

/** A leaf is a photo; a cut splits side by side ('x') or one above the other ('y'). */
export type CutTree = null | { across: 'x' | 'y'; parts: Array<[number, CutTree]> };

const o = null;
const X = (...parts: Array<[number, CutTree]>): CutTree => ({ across: 'x', parts });
const Y = (...parts: Array<[number, CutTree]>): CutTree => ({ across: 'y', parts });

export const SCRAMBLED_LAYOUTS: readonly CutTree[] = [
  X([3, Y([3, o], [2, X([1, o], [1, o])])], [2, Y([1, o], [1, o], [1, o])]),
  Y(
    [2, X([1, o], [2, o], [1, o])],
    [3, X([2, Y([1, o], [1, o])], [3, X([3, o], [2, Y([1, o], [1, o])])])],
  ),
  X([2, Y([1, o], [1, o])], [3, Y([2, o], [1, X([1, o], [1, o])])], [2, Y([1, o], [2, o], [1, o])]),
  X([1, Y([3, o], [2, X([1, o], [1, o], [1, o])])], [1, Y([2, X([1, o], [1, o])], [3, o])]),
  Y(
    [1, X([1, o], [1, o], [1, o], [1, o])],
    [2, X([3, o], [2, Y([1, o], [1, o])])],
    [1, X([1, o], [2, o], [1, o])],
  ),
  X(
    [2, Y([1, o], [1, o], [1, o])],
    [3, Y([3, X([2, o], [1, Y([1, o], [1, o])])], [2, X([1, o], [1, o], [1, o])])],
  ),
  Y([3, X([2, o], [1, Y([1, o], [1, o])], [2, o])], [2, X([1, o], [1, o], [1, o], [1, o])]),
  X([1, Y([1, o], [1, o], [1, o])], [2, Y([1, o], [1, o])], [1, Y([1, o], [1, o], [1, o])]),
  Y([1, X([2, o], [1, Y([1, o], [1, o])], [1, o])], [1, X([1, o], [1, Y([1, o], [1, o])], [2, o])]),
  X(
    [3, Y([2, o], [1, X([1, o], [1, o])])],
    [2, Y([1, o], [1, o], [1, o])],
    [2, Y([1, o], [2, X([1, o], [1, o])])],
  ),
  Y(
    [2, X([1, o], [1, o], [1, o])],
    [2, X([2, o], [1, o], [1, o])],
    [1, X([1, o], [1, o], [1, o], [1, o], [1, o])],
  ),
];

export function turn(tree: CutTree): CutTree {
  if (tree === null) return null;
  return {
    across: tree.across === 'x' ? 'y' : 'x',
    parts: tree.parts.map(([w, child]) => [w, turn(child)]),
  };
}

export function photoCount(tree: CutTree): number {
  return tree === null ? 1 : tree.parts.reduce((sum, [, child]) => sum + photoCount(child), 0);
}

export function cutRects(area: Rect, tree: CutTree, spacing: number): Rect[] {
  if (tree === null) return [area];
  const total = tree.parts.reduce((sum, [w]) => sum + w, 0);
  const along = tree.across === 'x' ? area.width : area.height;
  const free = along - (tree.parts.length - 1) * spacing;
  let at = tree.across === 'x' ? area.x : area.y;
  return tree.parts.flatMap(([weight, child]) => {
    const size = (free * weight) / total;
    const part =
      tree.across === 'x' ? { ...area, x: at, width: size } : { ...area, y: at, height: size };
    at += size + spacing;
    return cutRects(part, child, spacing);
  });
}

export const scrambled: Generator = {
  name: 'scrambled',
  defaults: () => ({ layout: '0', borderCM: '0.5', marginCM: '0.5' }),
  controls: (settings) => [
    control(
      {
        name: 'layout',
        label: 'controls.layout',
        type: 'arrow',
        min: 0,
        max: SCRAMBLED_LAYOUTS.length - 1,
        step: 1,
      },
      settings,
      0,
    ),
    spacingControl(settings),
    marginControl(settings),
  ],
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const content = contentArea(input);
    const tree = SCRAMBLED_LAYOUTS[v.layout!]!;
    const oriented = input.size.heightCm > input.size.widthCm ? turn(tree) : tree;
    return layoutFromRects(
      input,
      cutRects(insetRect(content, v.marginCM!), oriented, v.borderCM!),
      { content },
    );
  },
};
