import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  machineSpeed,
  PHONE_CPU_SLOWDOWN,
  phoneCpuRate,
  REFERENCE_JSQUASH_MS,
  slowdownFrom,
} from '../machineSpeed';

describe('machine speed', () => {
  it('the reference machine, and any faster one, keeps the phone at 4x', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: REFERENCE_JSQUASH_MS, noNaN: true }), (jsquashMs) => {
        expect(slowdownFrom(jsquashMs)).toBe(1);
        expect(phoneCpuRate(slowdownFrom(jsquashMs))).toBe(PHONE_CPU_SLOWDOWN);
      }),
    );
  });

  it("a slower machine throttles the page less, so that rate times slowdown stays the phone's 4x", () => {
    fc.assert(
      fc.property(
        fc.double({ min: REFERENCE_JSQUASH_MS, max: REFERENCE_JSQUASH_MS * 4, noNaN: true }),
        (jsquashMs) => {
          const slowdown = slowdownFrom(jsquashMs);
          expect(slowdown).toBeCloseTo(jsquashMs / REFERENCE_JSQUASH_MS, 1);
          expect(phoneCpuRate(slowdown) * slowdown).toBeCloseTo(PHONE_CPU_SLOWDOWN, 1);
        },
      ),
    );
    // Never below no throttling at all, however slow the machine.
    expect(phoneCpuRate(10)).toBe(1);
  });

  it('takes the slowdown bench:ci measured from the environment instead of measuring again', async () => {
    const speed = await machineSpeed(() => {}, { BENCH_MACHINE_SLOWDOWN: '1.6' });
    expect(speed).toEqual({
      jsquashMs: null,
      referenceMs: REFERENCE_JSQUASH_MS,
      slowdown: 1.6,
      phoneCpuRate: 2.5,
    });
    expect((await machineSpeed(() => {}, { BENCH_MACHINE_SLOWDOWN: '0.8' })).phoneCpuRate).toBe(
      PHONE_CPU_SLOWDOWN,
    );
  });
});
