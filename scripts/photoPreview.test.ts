/**
 * Colour management through `npm run photo:preview`'s pipeline: photos made by these tests from
 * one sRGB photo with ImageMagick (lcms) converting it into other colour spaces, with the
 * profiles of Debian's icc-profiles-free and profiles written here (v2 and v4, gamma, table and
 * parametric curves, adapted and unadapted colorants, a profile over several APP2 markers).
 * Each preview must match the sRGB original's within 2/255 mean absolute difference per
 * channel; the same photo with its profile stripped (what the codec showed before it converted)
 * must not, so each case fails without the conversion.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedImage } from '../workers/codec/photoCodec';
import { FIXTURES } from '../workers/codec/test/support';
import {
  bradford,
  colorantsFromPrimaries,
  D50,
  D65,
  multiply,
  SRGB_PARAMETRIC,
  SRGB_PRIMARIES,
  writeGreyProfile,
  writeProfile,
  type Matrix3,
  type ProfileSpec,
} from '../server/print/iccProfile';
import { iccProfileFolder, imageMagick } from '../tests/support/systemTools';
import { photoPreview } from './photoPreview';

const root = fileURLToPath(new URL('../', import.meta.url));
const ICC = iccProfileFolder();
const PX = 512;
const work = mkdtempSync(join(tmpdir(), 'photo-colour-'));
const imagemagick = imageMagick();

function magick(...args: string[]): void {
  execFileSync(imagemagick, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Per channel mean absolute difference in 8-bit steps. */
function channelMad(a: DecodedImage, b: DecodedImage): [number, number, number] {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const sums = [0, 0, 0];
  for (let i = 0; i < a.rgba.length; i += 4)
    for (let c = 0; c < 3; c++) sums[c]! += Math.abs(a.rgba[i + c]! - b.rgba[i + c]!);
  return sums.map((sum) => sum / (a.rgba.length / 4)) as [number, number, number];
}

const file = (name: string) => join(work, name);
const bytes = (name: string) => new Uint8Array(readFileSync(file(name)));
const srgbToLinear = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);

const P3_PRIMARIES: [number, number][] = [
  [0.68, 0.32],
  [0.265, 0.69],
  [0.15, 0.06],
];
const adaptedP3: Matrix3 = multiply(bradford(D65, D50), colorantsFromPrimaries(P3_PRIMARIES, D65));

/** Profiles written by the test: Display P3 as Apple writes it, and harder cases. */
const written: Record<string, ProfileSpec> = {
  // v4, D50-adapted colorants, 'chad', parametric type 3 curves (sRGB's).
  'display-p3-v4': {
    version: 4,
    description: 'Display P3 (test)',
    colorants: adaptedP3,
    curves: [0, 1, 2].map(() => ({ parametric: SRGB_PARAMETRIC })) as ProfileSpec['curves'],
    whitePoint: D50,
    chad: bradford(D65, D50),
  },
  // v4 with a different parametric curve per channel: gamma 2.2 (type 0), type 1 and type 4.
  'p3-mixed-curves-v4': {
    version: 4,
    description: 'P3 mixed curves (test)',
    colorants: adaptedP3,
    curves: [
      { parametric: [2.2] },
      { parametric: [2.0, 1, 0] },
      { parametric: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045, 0, 0] },
    ],
    whitePoint: D50,
  },
  // v2 with 20000-entry table curves: about 120 KB, so ImageMagick spreads it over two APP2 markers.
  'p3-table-v2-multichunk': {
    version: 2,
    description: 'P3 table curves (test)',
    colorants: adaptedP3,
    curves: [0, 1, 2].map(() => ({
      table: Array.from({ length: 20000 }, (_, i) => srgbToLinear(i / 19999)),
    })) as ProfileSpec['curves'],
    whitePoint: D50,
  },
};

const debian = [
  'compatibleWithAdobeRGB1998.icc',
  'ghostscript/rommrgb.icc',
  'ghostscript/esrgb.icc',
];
let original: DecodedImage;

beforeAll(async () => {
  // The sRGB original: a camera photo, 4:4:4 at quality 97 so re-encoding loses little.
  magick(
    `${FIXTURES}/cameras/hdr_canon_hdr_YES.jpg`,
    '-resize',
    '1200x',
    '-strip',
    '-sampling-factor',
    '1x1',
    '-quality',
    '97',
    file('srgb.jpg'),
  );
  original = (await photoPreview(bytes('srgb.jpg'), PX)).image;
  for (const [name, spec] of Object.entries(written))
    writeFileSync(file(`${name}.icc`), writeProfile(spec));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The same JPEG without its APP2 ICC_PROFILE segments (the pixels' bytes untouched). */
function withoutIcc(jpeg: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    const icc =
      jpeg[at + 1] === 0xe2 &&
      Buffer.from(jpeg.subarray(at + 4, at + 16)).toString('latin1') === 'ICC_PROFILE\0';
    if (!icc) kept.push(jpeg.subarray(at, end));
    at = end;
  }
  kept.push(jpeg.subarray(at));
  return new Uint8Array(Buffer.concat(kept));
}

/** The original converted into `profile`'s space by lcms, with the profile embedded; and the
 * same file without the profile, as the codec showed such photos before it converted. */
function convertInto(profile: string, name: string): void {
  magick(
    file('srgb.jpg'),
    '-profile',
    `${ICC}/sRGB.icc`,
    '-profile',
    profile,
    '-sampling-factor',
    '1x1',
    '-quality',
    '97',
    file(name),
  );
  writeFileSync(file(`stripped-${name}`), withoutIcc(bytes(name)));
}

describe('photo:preview converts embedded ICC profiles to sRGB', () => {
  const cases = [
    ...debian.map((p) => ({ label: p, profile: `${ICC}/${p}` })),
    ...Object.keys(written).map((n) => ({ label: n, profile: file(`${n}.icc`) })),
  ];
  for (const { label, profile } of cases) {
    it(`${label}: within 2/255 of the sRGB original; without the conversion it is not`, async () => {
      const name = `${label.replace(/\W/g, '_')}.jpg`;
      convertInto(profile, name);
      const converted = await photoPreview(bytes(name), PX);
      expect(converted.colour).toBe('converted');
      expect(converted.warnings).toEqual([]);
      const mad = channelMad(converted.image, original);
      expect(
        Math.max(...mad),
        `mean abs difference per channel ${mad.map((v) => v.toFixed(2))}`,
      ).toBeLessThanOrEqual(2);
      const unconverted = channelMad(
        (await photoPreview(bytes(`stripped-${name}`), PX)).image,
        original,
      );
      if (process.env.REPORT_MEANS)
        console.info(
          `${label}: converted ${mad.map((v) => v.toFixed(2))}, without ${unconverted.map((v) => v.toFixed(1))}`,
        );
      expect(
        Math.max(...unconverted),
        'the photo as shown before conversion differs',
      ).toBeGreaterThan(2);
    });
  }

  it('reads a profile spread over two APP2 markers, in the order of their sequence numbers', () => {
    const jpeg = readFileSync(file('p3_table_v2_multichunk.jpg'));
    const markers: number[][] = [];
    for (
      let at = jpeg.indexOf('ICC_PROFILE\0', 0, 'latin1');
      at >= 0;
      at = jpeg.indexOf('ICC_PROFILE\0', at + 1, 'latin1')
    )
      markers.push([jpeg[at + 12]!, jpeg[at + 13]!]);
    expect(markers).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('adapts unadapted v2 colorants (D65 white, no chad) to D50, as the profile says', async () => {
    // sRGB's own colorants as measured (D65), stored without adaptation, as some old v2 profiles
    // do: taken literally (D50) every white would turn blue; adapted, the photo is unchanged.
    const unadapted = colorantsFromPrimaries(SRGB_PRIMARIES, D65);
    const spec: ProfileSpec = {
      version: 2,
      description: 'sRGB unadapted (test)',
      colorants: unadapted,
      curves: [0, 1, 2].map(() => ({ parametric: SRGB_PARAMETRIC })) as ProfileSpec['curves'],
      whitePoint: D65,
    };
    writeFileSync(file('unadapted.icc'), writeProfile(spec));
    magick(file('srgb.jpg'), '-profile', file('unadapted.icc'), file('unadapted.jpg')); // assigned, pixels untouched
    const preview = await photoPreview(bytes('unadapted.jpg'), PX);
    expect(Math.max(...channelMad(preview.image, original))).toBeLessThanOrEqual(2);
    expect(preview.colour).toBe('srgb');
  });

  it('a grey JPEG with a gamma 1.8 grey profile: within 2/255 of the grey original; without conversion not', async () => {
    writeFileSync(
      file('grey-srgb.icc'),
      writeGreyProfile(4, 'Grey, sRGB curve (test)', { parametric: SRGB_PARAMETRIC }),
    );
    writeFileSync(
      file('grey-22.icc'),
      writeGreyProfile(2, 'Grey, gamma 1.8 (test)', { gamma: 1.8 }),
    );
    magick(file('srgb.jpg'), '-colorspace', 'Gray', '-quality', '97', file('grey.jpg'));
    magick(
      file('grey.jpg'),
      '-profile',
      file('grey-srgb.icc'),
      '-profile',
      file('grey-22.icc'),
      '-quality',
      '97',
      file('grey22.jpg'),
    );
    writeFileSync(file('stripped-grey22.jpg'), withoutIcc(bytes('grey22.jpg')));
    const grey = (await photoPreview(bytes('grey.jpg'), PX)).image;
    const converted = await photoPreview(bytes('grey22.jpg'), PX);
    expect(converted.colour).toBe('converted');
    expect(Math.max(...channelMad(converted.image, grey))).toBeLessThanOrEqual(2);
    expect(
      Math.max(...channelMad((await photoPreview(bytes('stripped-grey22.jpg'), PX)).image, grey)),
    ).toBeGreaterThan(2);
  });

  it('a broken profile is shown as sRGB, with a warning, never a crash', async () => {
    convertInto(`${ICC}/compatibleWithAdobeRGB1998.icc`, 'adobe.jpg');
    const jpeg = bytes('adobe.jpg');
    const at = Buffer.from(jpeg).indexOf('ICC_PROFILE\0', 0, 'latin1');
    const broken = jpeg.slice();
    broken[at + 12] = 2; // chunk 2 of 1
    const preview = await photoPreview(broken, PX);
    expect(preview.colour).toBe('ignored');
    expect(preview.warnings.join()).toMatch(/colour profile ignored.*out of range/);
    expect(
      Math.max(
        ...channelMad(preview.image, (await photoPreview(bytes('stripped-adobe.jpg'), PX)).image),
      ),
    ).toBe(0);
    const garbage = jpeg.slice();
    garbage.fill(0x41, at + 14 + 40, at + 14 + 300); // tag table overwritten
    expect((await photoPreview(garbage, PX)).colour).toBe('ignored');
  });

  it('a CMYK JPEG is refused with the CMYK code, not shown in false colours', async () => {
    magick(file('srgb.jpg'), '-colorspace', 'CMYK', file('cmyk.jpg'));
    await expect(photoPreview(bytes('cmyk.jpg'), PX)).rejects.toThrow(/ERROR_CMYK_PHOTO/);
  });

  it('the command writes the PNG and says what it did', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/photoPreview.ts',
        file('adobe.jpg'),
        file('out.png'),
        '--px',
        '300',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('300x225 from 1200x900, colour converted');
    expect(readFileSync(file('out.png')).subarray(1, 4).toString()).toBe('PNG');
    const bad = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/photoPreview.ts', file('cmyk.jpg'), file('cmyk.png')],
      { cwd: root, encoding: 'utf8' },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/CMYK/);
  });
});
