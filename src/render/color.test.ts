import { describe, expect, it } from 'vitest';
import { colorOr, parseColor, WHITE } from './color';

describe('parseColor', () => {
  it('reads the model, XML and short forms', () => {
    expect(parseColor('#fcfaf2')).toEqual({ r: 0xfc, g: 0xfa, b: 0xf2, a: 1 });
    expect(parseColor('0xDCDDDE')).toEqual({ r: 0xdc, g: 0xdd, b: 0xde, a: 1 });
    expect(parseColor('0xff')).toEqual({ r: 0, g: 0, b: 0xff, a: 1 });
    expect(parseColor('#f00')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('refuses what it cannot read, and the caller falls back', () => {
    expect(parseColor('red')).toBeNull();
    expect(parseColor('#12345g')).toBeNull();
    expect(parseColor('0x1234567')).toBeNull();
    expect(colorOr('nonsense', WHITE)).toBe(WHITE);
  });
});
