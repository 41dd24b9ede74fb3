/** Size and kind of a PNG or JPEG from its header, without decoding it. */

export interface ImageInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** PNG colour types 4 and 6 carry alpha; JPEG never does. */
  hasAlpha: boolean;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 26 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk !== 'IHDR') return undefined;
    const colourType = bytes[25]!;
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20), hasAlpha: colourType === 4 || colourType === 6 };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      const length = view.getUint16(offset + 2);
      // Start of frame (baseline, progressive, …): not DHT (C4), JPG (C8) or DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: 'jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7), hasAlpha: false };
      }
      offset += 2 + length;
    }
  }
  return undefined;
}
