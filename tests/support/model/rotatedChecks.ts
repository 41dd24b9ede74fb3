/**
 * Checks for layouts with tilted photos (heart, number, pile), on top of checks.ts: the bounding
 * box of every turned photo, and of its border, must stay where the layout promises.
 */
import { MODERN_PHOTO_BORDER, type Layout, type Rect } from '../../../src/model/layout/types';
import { TOLERANCE_CM, inside, overlaps, photoLayers } from './layoutChecks';
import { insetRect, printableArea } from '../../../src/model/generators/common';
import { BORDER_REACH_CM, rotatedBounds } from '../../../src/model/generators/playful';

export function turnedBounds(layout: Layout): Rect[] {
  return photoLayers(layout).map((photo) => rotatedBounds(photo, photo.rotation));
}

/** Everything wrong with the turned photos: leaving `area`, overlapping each other when promised not to, borders off the sheet. */
export function turnedProblems(
  layout: Layout,
  area: Rect,
  options: { allowOverlap?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const printable = printableArea(
    { widthCm: layout.widthCm, heightCm: layout.heightCm },
    layout.material,
  );
  const photos = photoLayers(layout);
  const bounds = turnedBounds(layout);
  bounds.forEach((box, i) => {
    const slot = photos[i]!.slot;
    if (!inside(box, area)) problems.push(`${slot} turned leaves its area`);
    const reach = photos[i]!.border ? BORDER_REACH_CM : 0;
    if (!inside(insetRect(box, -reach), printable))
      problems.push(`${slot} border leaves the printable area`);
    if (!options.allowOverlap) {
      for (let j = i + 1; j < bounds.length; j++)
        if (overlaps(box, bounds[j]!, TOLERANCE_CM))
          problems.push(`${slot} turned overlaps ${photos[j]!.slot}`);
    }
  });
  return problems;
}

/** Every photo has the spec's modern border and so does the layout. */
export function borderProblems(layout: Layout): string[] {
  const problems = photoLayers(layout).flatMap((p) =>
    JSON.stringify(p.border) === JSON.stringify(MODERN_PHOTO_BORDER)
      ? []
      : [`${p.slot} has no modern border`],
  );
  if (JSON.stringify(layout.photoBorder) !== JSON.stringify(MODERN_PHOTO_BORDER))
    problems.push('the layout has no modern photo border');
  return problems;
}
