/**
 * Writes matrix/TRC ICC profiles (v2 or v4; gamma, table or parametric curves; with or without
 * 'chad'): the print master's sRGB profile, and the colour tests' profiles in colour spaces
 * Debian's icc-profiles-free does not ship (Display P3) or written oddly on purpose.
 */

export type Xyz = [number, number, number];
export type Matrix3 = [Xyz, Xyz, Xyz];
export type TestCurve = { gamma: number } | { table: number[] } | { parametric: number[] };

export const D50: Xyz = [0.9642, 1.0, 0.8249];
export const D65: Xyz = [0.95047, 1.0, 1.08883];
/** sRGB's curve as an ICC parametric curve of type 3: g, a, b, c, d. */
export const SRGB_PARAMETRIC = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045];

const BRADFORD: Matrix3 = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  return [0, 1, 2].map((r) =>
    [0, 1, 2].map((c) => a[r]![0] * b[0]![c]! + a[r]![1] * b[1]![c]! + a[r]![2] * b[2]![c]!),
  ) as Matrix3;
}

function apply(m: Matrix3, v: Xyz): Xyz {
  return [0, 1, 2].map((r) => m[r]![0] * v[0] + m[r]![1] * v[1] + m[r]![2] * v[2]) as Xyz;
}

export function invert(m: Matrix3): Matrix3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

export function bradford(from: Xyz, to: Xyz): Matrix3 {
  const [cf, ct] = [apply(BRADFORD, from), apply(BRADFORD, to)];
  const scale: Matrix3 = [
    [ct[0] / cf[0], 0, 0],
    [0, ct[1] / cf[1], 0],
    [0, 0, ct[2] / cf[2]],
  ];
  return multiply(invert(BRADFORD), multiply(scale, BRADFORD));
}

/** RGB to XYZ (columns R, G, B) for primaries given as xy chromaticities and a white point. */
export function colorantsFromPrimaries(primaries: [number, number][], white: Xyz): Matrix3 {
  const columns = primaries.map(([x, y]) => [x / y, 1, (1 - x - y) / y] as Xyz);
  const m: Matrix3 = [0, 1, 2].map((r) => columns.map((col) => col[r]!)) as Matrix3;
  const s = apply(invert(m), white);
  return [0, 1, 2].map((r) => [0, 1, 2].map((c) => m[r]![c]! * s[c]!)) as Matrix3;
}

export interface ProfileSpec {
  version: 2 | 4;
  description: string;
  /** Device RGB to PCS XYZ, columns R, G, B, as stored in rXYZ, gXYZ, bXYZ. */
  colorants: Matrix3;
  curves: [TestCurve, TestCurve, TestCurve];
  whitePoint: Xyz;
  chad?: Matrix3;
}

const s15f16 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, Math.round(value * 65536));
  return [...bytes];
};
const u32 = (value: number) => [
  (value >>> 24) & 255,
  (value >>> 16) & 255,
  (value >>> 8) & 255,
  value & 255,
];
const u16 = (value: number) => [(value >>> 8) & 255, value & 255];
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0) & 0x7f);

function xyzTag(v: Xyz): number[] {
  return [...ascii('XYZ '), 0, 0, 0, 0, ...v.flatMap(s15f16)];
}

function curveTag(curve: TestCurve): number[] {
  if ('gamma' in curve)
    return [...ascii('curv'), 0, 0, 0, 0, ...u32(1), ...u16(Math.round(curve.gamma * 256))];
  if ('table' in curve)
    return [
      ...ascii('curv'),
      0,
      0,
      0,
      0,
      ...u32(curve.table.length),
      ...curve.table.flatMap((v) => u16(Math.round(v * 65535))),
    ];
  const kinds: Record<number, number> = { 1: 0, 3: 1, 4: 2, 5: 3, 7: 4 };
  const kind = kinds[curve.parametric.length];
  if (kind === undefined)
    throw new Error(`no parametric curve has ${curve.parametric.length} parameters`);
  return [...ascii('para'), 0, 0, 0, 0, ...u16(kind), 0, 0, ...curve.parametric.flatMap(s15f16)];
}

function textTag(version: 2 | 4, text: string, description: boolean): number[] {
  if (version === 4) {
    return [
      ...ascii('mluc'),
      0,
      0,
      0,
      0,
      ...u32(1),
      ...u32(12),
      ...ascii('enUS'),
      ...u32(text.length * 2),
      ...u32(28),
      ...[...text].flatMap((ch) => u16(ch.charCodeAt(0))),
    ];
  }
  if (!description) return [...ascii('text'), 0, 0, 0, 0, ...ascii(text), 0];
  // textDescriptionType: ASCII, then empty Unicode and ScriptCode parts.
  return [
    ...ascii('desc'),
    0,
    0,
    0,
    0,
    ...u32(text.length + 1),
    ...ascii(text),
    0,
    ...u32(0),
    ...u32(0),
    ...u16(0),
    0,
    ...new Array(67).fill(0),
  ];
}

/** The profile's bytes: header, tag table, tags (4-byte aligned). */
export function writeProfile(spec: ProfileSpec): Uint8Array {
  const columns = [0, 1, 2].map(
    (c) => [spec.colorants[0][c]!, spec.colorants[1][c]!, spec.colorants[2][c]!] as Xyz,
  );
  const tags: [string, number[]][] = [
    ...commonTags(spec.version, spec.description, spec.whitePoint),
    ['rXYZ', xyzTag(columns[0]!)],
    ['gXYZ', xyzTag(columns[1]!)],
    ['bXYZ', xyzTag(columns[2]!)],
    ['rTRC', curveTag(spec.curves[0])],
    ['gTRC', curveTag(spec.curves[1])],
    ['bTRC', curveTag(spec.curves[2])],
  ];
  if (spec.chad)
    tags.push(['chad', [...ascii('sf32'), 0, 0, 0, 0, ...spec.chad.flat().flatMap(s15f16)]]);
  return assemble(spec.version, 'RGB ', tags);
}

/** A grey profile: its kTRC curve and a D50 white. */
export function writeGreyProfile(
  version: 2 | 4,
  description: string,
  curve: TestCurve,
): Uint8Array {
  return assemble(version, 'GRAY', [
    ...commonTags(version, description, D50),
    ['kTRC', curveTag(curve)],
  ]);
}

function commonTags(version: 2 | 4, description: string, white: Xyz): [string, number[]][] {
  return [
    ['desc', textTag(version, description, true)],
    ['cprt', textTag(version, 'No copyright, use freely', false)],
    ['wtpt', xyzTag(white)],
  ];
}

function assemble(version: 2 | 4, space: 'RGB ' | 'GRAY', tags: [string, number[]][]): Uint8Array {
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table: number[] = [...u32(tags.length)];
  const body: number[] = [];
  for (const [signature, data] of tags) {
    while (data.length % 4) data.push(0);
    table.push(...ascii(signature), ...u32(offset), ...u32(data.length));
    body.push(...data);
    offset += data.length;
  }
  const header = new Array<number>(128).fill(0);
  const put = (at: number, bytes: number[]) => bytes.forEach((b, i) => (header[at + i] = b));
  put(0, u32(offset));
  put(8, version === 4 ? [4, 0x30, 0, 0] : [2, 0x10, 0, 0]);
  put(12, ascii('mntr'));
  put(16, ascii(space));
  put(20, ascii('XYZ '));
  put(24, [...u16(2026), ...u16(1), ...u16(1), 0, 0, 0, 0, 0, 0]);
  put(36, ascii('acsp'));
  put(64, u32(1)); // relative colorimetric
  put(68, D50.flatMap(s15f16));
  return new Uint8Array([...header, ...table, ...body]);
}

export const SRGB_PRIMARIES: [number, number][] = [
  [0.64, 0.33],
  [0.3, 0.6],
  [0.15, 0.06],
];

/** sRGB (IEC 61966-2-1) as a v2 profile: D50-adapted colorants, the curve as a 1024-entry table
 * (v2 has no parametric curves), about 6.9 KB. What the print master embeds. */
export function srgbProfile(): Uint8Array {
  const colorants = multiply(bradford(D65, D50), colorantsFromPrimaries(SRGB_PRIMARIES, D65));
  const toLinear = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
  const table = Array.from({ length: 1024 }, (_, i) => toLinear(i / 1023));
  return writeProfile({
    version: 2,
    description: 'sRGB IEC61966-2.1',
    colorants,
    curves: [{ table }, { table }, { table }],
    whitePoint: D50,
  });
}
