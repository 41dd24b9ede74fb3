import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { instructionsByObject, JIT_OBJECT, repeatedCount } from '../callgrind';

const OUT = `# callgrind format
version: 1
positions: line
events: Ir
summary: 1000

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) main
0 100
+2 50
cob=(2) ???
cfi=(1)
cfn=(2) 0x0000000012345678
calls=1 0
0 700
ob=(2)
fn=(2)
0 600
-1 60
ob=(1)
fn=(3) helper
* 40
`;

describe('instructionsByObject', () => {
  it("sums each object's self cost, names reused by id, the calls' inclusive costs left out", () => {
    const totals = instructionsByObject(OUT);
    expect(totals.get('/usr/bin/node')).toBe(190);
    expect(totals.get(JIT_OBJECT)).toBe(660);
  });
});

describe('repeatedCount', () => {
  it('takes the count two runs agree on, whichever run strayed', () => {
    expect(repeatedCount([414167865, 414167881])).toEqual({ count: 414167865, spread: 16 });
    expect(repeatedCount([414167865, 414167881, 414167865])).toEqual({
      count: 414167865,
      spread: 0,
    });
    expect(repeatedCount([414167881, 414167865, 414167865])).toEqual({
      count: 414167865,
      spread: 0,
    });
    expect(repeatedCount([5, 9, 20, 12])).toEqual({ count: 9, spread: 3 });
    expect(repeatedCount([7]).count).toBe(7);
    expect(repeatedCount([7]).spread).toBeNaN();
  });

  it('gives spread 0 exactly when two runs agree, and one of the runs as the count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 2, maxLength: 4 }),
        (counts) => {
          const { count, spread } = repeatedCount(counts);
          expect(spread === 0).toBe(new Set(counts).size < counts.length);
          expect(counts).toContain(count);
          expect(counts).toContain(count + spread);
        },
      ),
    );
  });
});
