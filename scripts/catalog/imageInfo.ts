/** Size and kind of a PNG, JPEG or WebP from its header, without decoding it. */

export interface ImageInfo {
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  /** PNG colour types 4 and 6 carry alpha; JPEG never does; WebP says so in its header. */
  hasAlpha: boolean;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 26 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk !== 'IHDR') return undefined;
    const colourType = bytes[25]!;
    return {
      format: 'png',
      width: view.getUint32(16),
      height: view.getUint32(20),
      hasAlpha: colourType === 4 || colourType === 6,
    };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      const length = view.getUint16(offset + 2);
      // Start of frame (baseline, progressive, …): not DHT (C4), JPG (C8) or DAC (CC).
      if (
        marker >= 0xc0 &&
        marker <= 0xcf &&
        marker !== 0xc4 &&
        marker !== 0xc8 &&
        marker !== 0xcc
      ) {
        return {
          format: 'jpeg',
          height: view.getUint16(offset + 5),
          width: view.getUint16(offset + 7),
          hasAlpha: false,
        };
      }
      offset += 2 + length;
    }
  }
  return webpInfo(bytes, view);
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** RIFF 'WEBP' with its first chunk: VP8X (extended), VP8L (lossless) or 'VP8 ' (lossy, no alpha). */
function webpInfo(bytes: Uint8Array, view: DataView): ImageInfo | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP')
    return undefined;
  const chunk = ascii(bytes, 12, 4);
  const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === 'VP8X')
    return {
      format: 'webp',
      width: uint24(24) + 1,
      height: uint24(27) + 1,
      hasAlpha: (bytes[20]! & 0x10) !== 0,
    };
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return {
      format: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      hasAlpha: ((bits >>> 28) & 1) === 1,
    };
  }
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return {
      format: 'webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
      hasAlpha: false,
    };
  }
  return undefined;
}
