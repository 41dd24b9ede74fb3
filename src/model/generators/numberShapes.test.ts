import { describe, expect, it } from 'vitest';
import { ShapesParseError, parseNumberShapes, type CharShape } from './numberShapes';
import { loadNumberShapes } from '../../../server/catalog/numberShapesFile';

const shapes = loadNumberShapes();

function cellsOf(shape: CharShape): Set<string> {
  const cells = new Set<string>();
  for (const r of shape.rects)
    for (let x = r.x; x < r.x + r.width; x++)
      for (let y = r.y; y < r.y + r.height; y++) cells.add(`${x},${y}`);
  return cells;
}

/** Cells touching by side or corner form one piece. */
function isConnected(cells: Set<string>): boolean {
  const [first] = cells;
  const seen = new Set([first!]);
  const queue = [first!];
  while (queue.length) {
    const [x, y] = queue.pop()!.split(',').map(Number) as [number, number];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const key = `${x + dx},${y + dy}`;
        if (cells.has(key) && !seen.has(key)) {
          seen.add(key);
          queue.push(key);
        }
      }
    }
  }
  return seen.size === cells.size;
}

/** Empty regions (side-connected) that cannot reach the outside of the character box. */
function holeCount(cells: Set<string>, width: number, height: number): number {
  const seen = new Set<string>();
  let holes = 0;
  for (let x0 = -1; x0 <= width; x0++) {
    for (let y0 = -1; y0 <= height; y0++) {
      const start = `${x0},${y0}`;
      if (cells.has(start) || seen.has(start)) continue;
      let open = false;
      const queue = [start];
      seen.add(start);
      while (queue.length) {
        const [x, y] = queue.pop()!.split(',').map(Number) as [number, number];
        if (x < 0 || y < 0 || x >= width || y >= height) open = true;
        for (const [nx, ny] of [
          [x + 1, y],
          [x - 1, y],
          [x, y + 1],
          [x, y - 1],
        ] as const) {
          const key = `${nx},${ny}`;
          if (nx < -1 || ny < -1 || nx > width || ny > height || cells.has(key) || seen.has(key))
            continue;
          seen.add(key);
          queue.push(key);
        }
      }
      if (!open) holes++;
    }
  }
  return holes;
}

describe('catalog/shapes.xml', () => {
  it('has four fontsets, labelled A, C, D, B in id order, fontset 3 being the shape set', () => {
    expect(shapes.map((f) => [f.id, f.label])).toEqual([
      [0, 'A'],
      [1, 'C'],
      [2, 'D'],
      [3, 'B'],
    ]);
    expect(shapes[3]!.name).toBe('shape');
    expect(loadNumberShapes()).toBe(shapes);
  });

  it('gives each fontset its own character', () => {
    const looks = shapes.map((f) =>
      JSON.stringify([...'0123456789'].map((d) => [...cellsOf(f.chars.get(d)!)].sort())),
    );
    expect(new Set(looks).size).toBe(shapes.length);
  });

  describe.each(shapes.map((f) => [f.label, f] as const))('fontset %s', (_label, fontset) => {
    it('draws ten different digits, each one connected piece from the top row to the bottom row', () => {
      const drawn = [...'0123456789'].map((digit) => {
        const shape = fontset.chars.get(digit)!;
        const cells = cellsOf(shape);
        expect(isConnected(cells), `digit ${digit}`).toBe(true);
        const ys = [...cells].map((c) => Number(c.split(',')[1]));
        expect(Math.min(...ys), `digit ${digit} top`).toBe(0);
        expect(Math.max(...ys), `digit ${digit} bottom`).toBe(fontset.height - 1);
        return [...cells].sort().join(' ');
      });
      expect(new Set(drawn).size).toBe(10);
    });

    it('has the holes of the digits: one in 0, 6 and 9, two in 8, none in 1, 2, 3, 5 and 7', () => {
      const holes = [...'0123456789'].map((d) =>
        holeCount(cellsOf(fontset.chars.get(d)!), fontset.chars.get(d)!.width, fontset.height),
      );
      expect([
        holes[0],
        holes[1],
        holes[2],
        holes[3],
        holes[5],
        holes[6],
        holes[7],
        holes[8],
        holes[9],
      ]).toEqual([1, 0, 0, 0, 0, 1, 0, 2, 1]);
      // An open or a closed 4 both read as 4.
      expect([0, 1]).toContain(holes[4]);
    });

    it('has the date separators - . /', () => {
      for (const separator of '-./') expect(fontset.chars.has(separator)).toBe(true);
    });
  });
});

const wrap = (inner: string) =>
  `<shapes><fontset id="0" label="A" name="t" height="2" spacing="1">${inner}</fontset></shapes>`;
const digits = (extra = '', skip = '') =>
  [...'0123456789']
    .filter((d) => d !== skip)
    .map((d) => `<char value="${d}" width="1"><row>#</row><row>#</row></char>`)
    .join('') + extra;

describe('parseNumberShapes', () => {
  it('reads rows and rects into rects in grid cells', () => {
    const parsed = parseNumberShapes(
      wrap(
        digits(
          '<char value="-" width="3"><rect x="0" y="1" w="3" h="1"/></char><char value="." width="2"><row>..</row><row>.#</row></char>',
        ),
      ),
    );
    expect(parsed[0]!.chars.get('-')).toEqual({
      value: '-',
      width: 3,
      rects: [{ x: 0, y: 1, width: 3, height: 1 }],
    });
    expect(parsed[0]!.chars.get('.')!.rects).toEqual([{ x: 1, y: 1, width: 1, height: 1 }]);
    expect(parsed[0]!.label).toBe('A');
  });

  it.each([
    ['not xml', '<shapes><fontset', /Couldn't parse the shapes xml/],
    ['no fontsets', '<shapes/>', /no fontsets/],
    ['a missing digit', wrap(digits('', '7')), /digit 7 is missing/],
    [
      'a row of the wrong width',
      wrap(digits('<char value="-" width="2"><row>#</row><row>##</row></char>')),
      /row 1 must be 2/,
    ],
    [
      'a wrong row count',
      wrap(digits('<char value="-" width="1"><row>#</row></char>')),
      /1 rows, the fontset is 2 high/,
    ],
    [
      'an odd mark',
      wrap(digits('<char value="-" width="1"><row>x</row><row>#</row></char>')),
      /row 1/,
    ],
    [
      'overlapping rects',
      wrap(
        digits(
          '<char value="-" width="2"><rect x="0" y="0" w="2" h="1"/><rect x="1" y="0" w="1" h="2"/></char>',
        ),
      ),
      /overlap/,
    ],
    [
      'a rect outside the box',
      wrap(digits('<char value="-" width="2"><rect x="1" y="0" w="2" h="1"/></char>')),
      /leaves the character box/,
    ],
    [
      'a char twice',
      wrap(digits('<char value="1" width="1"><row>#</row><row>#</row></char>')),
      /twice/,
    ],
    ['an empty char', wrap(digits('<char value="-" width="1"/>')), /no cells/],
    [
      'a bad value',
      wrap(digits('<char value="ab" width="1"><row>#</row><row>#</row></char>')),
      /one-character value/,
    ],
    [
      'a bad width',
      wrap(digits('<char value="-" width="-1"><row>#</row><row>#</row></char>')),
      /width must be a whole number/,
    ],
    [
      'a fraction',
      wrap(digits('<char value="-" width="1"><rect x="0.5" y="0" w="1" h="1"/></char>')),
      /x must be a whole number/,
    ],
    ['ids with a hole', wrap(digits()).replace('id="0"', 'id="1"'), /ids must run 0 to 0/],
  ])('refuses %s with a clear error', (_what, xml, message) => {
    expect(() => parseNumberShapes(xml)).toThrow(ShapesParseError);
    expect(() => parseNumberShapes(xml)).toThrow(message);
  });
});
