import { describe, expect, it } from 'vitest';
import { systemFile } from './systemTools';

describe('systemFile', () => {
  it('gives the path when it exists', () => {
    expect(systemFile('/usr/bin/convert', 'imagemagick', () => true)).toBe('/usr/bin/convert');
  });

  it('names the Debian package to install when the path is missing', () => {
    expect(() =>
      systemFile('/usr/share/color/icc/sRGB.icc', 'icc-profiles-free', () => false),
    ).toThrow(
      /sRGB\.icc is missing: install Debian's icc-profiles-free \(apt-get install -y icc-profiles-free\)/,
    );
  });
});
