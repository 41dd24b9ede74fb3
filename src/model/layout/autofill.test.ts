import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planAutofill, type AutofillPhoto, type AutofillSlot } from './autofill';

const slot = (name: string, w: number, h: number): AutofillSlot => ({
  slot: name,
  widthCm: w,
  heightCm: h,
});
const photo = (id: string, w: number, h: number): AutofillPhoto => ({
  id,
  widthPx: w,
  heightPx: h,
});

/** The lowest pixels-per-cm² over the placements: what the customer's worst photo prints at. */
function worstRatio(
  slots: AutofillSlot[],
  photos: AutofillPhoto[],
  placements: { slot: string; photoId: string }[],
): number {
  return Math.min(
    ...placements.map(({ slot: name, photoId }) => {
      const s = slots.find((candidate) => candidate.slot === name)!;
      const p = photos.find((candidate) => candidate.id === photoId)!;
      return (p.widthPx * p.heightPx) / (s.widthCm * s.heightCm);
    }),
  );
}

describe('planAutofill', () => {
  it('gives the largest slot the photo with the most pixels', () => {
    const plan = planAutofill(
      [slot('img1', 10, 10), slot('img2', 30, 20), slot('img3', 5, 5)],
      [photo('a', 800, 600), photo('b', 4000, 3000), photo('c', 2000, 1500)],
    );
    expect(plan.placements).toEqual([
      { slot: 'img2', photoId: 'b' },
      { slot: 'img1', photoId: 'c' },
      { slot: 'img3', photoId: 'a' },
    ]);
    expect(plan.leftOver).toBe(0);
  });

  it('counts the photos that found no slot, and leaves slots empty when photos run out', () => {
    expect(
      planAutofill([slot('img1', 10, 10)], [photo('a', 1, 1), photo('b', 2, 2)]).leftOver,
    ).toBe(1);
    const short = planAutofill([slot('img1', 10, 10), slot('img2', 10, 10)], [photo('a', 1, 1)]);
    expect(short.placements).toHaveLength(1);
    expect(short.leftOver).toBe(0);
  });

  it('never does worse for the worst-printed photo than any other assignment of the same photos', () => {
    const sizes = fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }));
    fc.assert(
      fc.property(
        fc.array(sizes, { minLength: 1, maxLength: 6 }),
        fc.array(sizes, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (slotSizes, photoSizes, seed) => {
          const slots = slotSizes.map(([w, h], i) => slot(`img${i + 1}`, w, h));
          const photos = photoSizes.map(([w, h], i) => photo(`p${i}`, w * 100, h * 100));
          const plan = planAutofill(slots, photos);
          expect(plan.placements).toHaveLength(Math.min(slots.length, photos.length));
          expect(new Set(plan.placements.map((p) => p.slot)).size).toBe(plan.placements.length);
          expect(new Set(plan.placements.map((p) => p.photoId)).size).toBe(plan.placements.length);
          // Any other assignment: the same slots, the placed photos in a shuffled order.
          const chosen = plan.placements.map((p) => p.photoId);
          const shuffled = [...chosen].sort(
            (a, b) =>
              ((seed + a.length * 31 + a.charCodeAt(1)) % 7) -
              ((seed + b.length * 31 + b.charCodeAt(1)) % 7),
          );
          const other = plan.placements.map((p, i) => ({ slot: p.slot, photoId: shuffled[i]! }));
          expect(worstRatio(slots, photos, plan.placements)).toBeGreaterThanOrEqual(
            worstRatio(slots, photos, other) - 1e-9,
          );
        },
      ),
    );
  });
});
