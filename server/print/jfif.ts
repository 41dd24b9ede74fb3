/**
 * The print resolution in the JPEG's JFIF header (APP0): units 1 (dots per inch) and the X and Y
 * density. Skia writes an APP0 with units 0 and density 1:1; print shops' RIPs read the dpi from
 * it, so we set it. A JPEG without APP0 gets one inserted after SOI.
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
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...JFIF_ID, 0x01, 0x01, 0x01, density >> 8, density & 0xff, density >> 8, density & 0xff, 0x00, 0x00];
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
