/**
 * The print resolution in the JPEG's JFIF header (APP0): units 1 (dots per inch) and the X and Y
 * density. Skia writes an APP0 with units 0 and density 1:1; print shops' RIPs read the dpi from
 * it, so we set it. A JPEG without APP0 gets one inserted after SOI.
 * And the colour profile: APP2 'ICC_PROFILE' markers (ICC.1 B.4) right after APP0, so a RIP
 * knows the pixels are sRGB instead of guessing.
 */

const SOI = [0xff, 0xd8];
const JFIF_ID = [0x4a, 0x46, 0x49, 0x46, 0x00];

function hasJfifApp0(jpeg: Uint8Array): boolean {
  return jpeg[2] === 0xff && jpeg[3] === 0xe0 && JFIF_ID.every((byte, i) => jpeg[6 + i] === byte);
}

/** A copy of `jpeg` (or the same array, patched in place when `inPlace`) that says `dpi` dots per inch. */
export function setJfifDensity(jpeg: Uint8Array, dpi: number, inPlace = false): Uint8Array {
  if (jpeg[0] !== SOI[0] || jpeg[1] !== SOI[1]) throw new Error('Not a JPEG: no SOI marker');
  const density = Math.max(1, Math.min(0xffff, Math.round(dpi)));
  if (hasJfifApp0(jpeg)) {
    const out = inPlace ? jpeg : jpeg.slice();
    // APP0 layout: FFE0, length(2), 'JFIF\0', version(2), units(1) at 13, Xdensity(2) at 14, Ydensity(2) at 16.
    out[13] = 1;
    out[14] = density >> 8;
    out[15] = density & 0xff;
    out[16] = density >> 8;
    out[17] = density & 0xff;
    return out;
  }
  const app0 = [
    0xff,
    0xe0,
    0x00,
    0x10,
    ...JFIF_ID,
    0x01,
    0x01,
    0x01,
    density >> 8,
    density & 0xff,
    density >> 8,
    density & 0xff,
    0x00,
    0x00,
  ];
  const out = new Uint8Array(jpeg.length + app0.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(app0, 2);
  out.set(jpeg.subarray(2), 2 + app0.length);
  return out;
}

/** Reads the density back: { units, x, y } or null when there is no JFIF APP0. */
export function readJfifDensity(jpeg: Uint8Array): { units: number; x: number; y: number } | null {
  if (!hasJfifApp0(jpeg)) return null;
  return { units: jpeg[13]!, x: (jpeg[14]! << 8) | jpeg[15]!, y: (jpeg[16]! << 8) | jpeg[17]! };
}

/** Most profile bytes one APP2 marker carries: 65535 - 2 (length) - 12 (signature) - 2 (numbering). */
const ICC_CHUNK = 65519;
const ICC_SIGNATURE = [...'ICC_PROFILE\0'].map((c) => c.charCodeAt(0));

/** True when the header has an APP2 ICC_PROFILE marker (Skia writes its sRGB profile itself). */
export function hasIccProfile(jpeg: Uint8Array): boolean {
  let at = 2;
  while (at + 18 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    if (jpeg[at + 1] === 0xe2 && ICC_SIGNATURE.every((byte, i) => jpeg[at + 4 + i] === byte))
      return true;
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  return false;
}

/** A copy of `jpeg` with `profile` in APP2 markers after its APP0 (or after SOI). */
export function withIccProfile(jpeg: Uint8Array, profile: Uint8Array): Uint8Array {
  if (jpeg[0] !== SOI[0] || jpeg[1] !== SOI[1]) throw new Error('Not a JPEG: no SOI marker');
  const count = Math.ceil(profile.length / ICC_CHUNK);
  if (count < 1 || count > 255)
    throw new Error(`An ICC profile of ${profile.length} bytes does not fit in APP2 markers`);
  const at = hasJfifApp0(jpeg) ? 4 + ((jpeg[4]! << 8) | jpeg[5]!) : 2;
  const out = new Uint8Array(jpeg.length + profile.length + count * 18);
  out.set(jpeg.subarray(0, at), 0);
  let to = at;
  for (let n = 0; n < count; n += 1) {
    const piece = profile.subarray(n * ICC_CHUNK, (n + 1) * ICC_CHUNK);
    const length = 2 + 12 + 2 + piece.length;
    out.set([0xff, 0xe2, length >> 8, length & 0xff, ...ICC_SIGNATURE, n + 1, count], to);
    out.set(piece, to + 18);
    to += 18 + piece.length;
  }
  out.set(jpeg.subarray(at), to);
  return out;
}
