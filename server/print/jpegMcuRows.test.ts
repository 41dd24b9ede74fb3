import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitWriter } from './jpegMcuRows';

/** The same bits through a string of '0' and '1': the reference the writer's byte packing is held to. */
function referenceBytes(codes: [number, number][], restartAfter: number | null): number[] {
  let bits = '';
  const out: number[] = [];
  const flush = () => {
    while (bits.length >= 8) {
      const byte = parseInt(bits.slice(0, 8), 2);
      bits = bits.slice(8);
      out.push(byte);
      if (byte === 0xff) out.push(0);
    }
  };
  codes.forEach(([code, size], i) => {
    bits += code.toString(2).padStart(size, '0').slice(-size);
    flush();
    if (restartAfter === i) {
      if (bits.length > 0) bits = bits.padEnd(8, '1');
      flush();
      out.push(0xff, 0xd3);
    }
  });
  if (bits.length > 0) bits = bits.padEnd(8, '1');
  flush();
  return out;
}

describe('the entropy coder’s bit writer', () => {
  it('packs codes of 1-16 bits MSB first, stuffs every 0xff and pads with 1 bits, growing its buffer as it must', () => {
    const code = fc
      .integer({ min: 1, max: 16 })
      .chain((size) => fc.tuple(fc.integer({ min: 0, max: 2 ** size - 1 }), fc.constant(size)));
    fc.assert(
      fc.property(
        fc.array(code, { minLength: 1, maxLength: 1500, size: 'max' }),
        fc.option(fc.nat(1499), { freq: 2 }),
        (codes, restartAfter) => {
          // the smallest buffer (1 kB): over 600 codes, on average, grow it
          const writer = new BitWriter(1);
          codes.forEach(([value, size], i) => {
            writer.reserve(4);
            writer.write(value, size);
            if (restartAfter === i) writer.restart(3);
          });
          expect([...writer.finish()]).toEqual(referenceBytes(codes, restartAfter));
        },
      ),
      // no shrinking: a failing case of a thousand codes would be shrunk for minutes
      { numRuns: 100, endOnFailure: true },
    );
  });

  it('starts empty again after finish, its buffer kept', () => {
    const writer = new BitWriter(1);
    writer.reserve(4);
    writer.write(0xff, 8);
    expect([...writer.finish()]).toEqual([0xff, 0]);
    writer.reserve(4);
    writer.write(0b101, 3);
    expect([...writer.finish()]).toEqual([0b10111111]);
  });
});
