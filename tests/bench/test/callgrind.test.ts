import { describe, expect, it } from 'vitest';
import { instructionsByObject, JIT_OBJECT } from '../callgrind';

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
