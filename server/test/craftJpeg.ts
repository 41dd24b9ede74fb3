/** Builds structurally valid JPEG and PNG byte streams of any claimed size, for tests of the header checks. */
import { joinBytes } from '../print/jpegBands.js';

export interface CraftOptions {
  width: number;
  height: number;
  /** The SOF marker code; 0xc0 baseline by default. */
  frameMarker?: number;
  components?: number;
  /** Extra APPn / COM segments before the frame header. */
  segments?: { marker: number; body: Uint8Array }[];
  /** Entropy-coded bytes of the one scan; restart markers are inserted between the parts. */
  scanParts?: Uint8Array[];
  /** Bytes after the end-of-image marker. */
  trailer?: Uint8Array;
}

export function segment(marker: number, body: Uint8Array): Uint8Array {
  const length = body.length + 2;
  return concat([Uint8Array.of(0xff, marker, length >> 8, length & 0xff), body]);
}

export function craftJpeg(options: CraftOptions): Uint8Array {
  const components = options.components ?? 3;
  const frame = [
    8,
    options.height >> 8,
    options.height & 0xff,
    options.width >> 8,
    options.width & 0xff,
    components,
  ];
  for (let c = 0; c < components; c++) frame.push(c + 1, 0x11, 0);
  const scan = [components];
  for (let c = 0; c < components; c++) scan.push(c + 1, 0);
  scan.push(0, 63, 0);
  const parts = options.scanParts ?? [Uint8Array.of(0x12, 0x34, 0xff, 0x00, 0x56)];
  const entropy: Uint8Array[] = [];
  parts.forEach((part, index) => {
    if (index > 0) entropy.push(Uint8Array.of(0xff, 0xd0 + ((index - 1) % 8)));
    entropy.push(part);
  });
  return concat([
    Uint8Array.of(0xff, 0xd8),
    ...(options.segments ?? []).map((s) => segment(s.marker, s.body)),
    segment(0xdb, new Uint8Array(65)),
    segment(options.frameMarker ?? 0xc0, Uint8Array.from(frame)),
    segment(0xc4, new Uint8Array(20)),
    segment(0xda, Uint8Array.from(scan)),
    ...entropy,
    Uint8Array.of(0xff, 0xd9),
    options.trailer ?? new Uint8Array(0),
  ]);
}

/** The print's joiner of encoded parts serves the test JPEGs too. */
export const concat = joinBytes;
