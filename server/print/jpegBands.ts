/**
 * A baseline JPEG written band by band, so that a print master never holds its whole sheet: the
 * header says the full size, then each band of MCU rows is encoded on its own (in any thread, in
 * any order) and the bands are laid end to end. Every MCU row ends with a restart marker (the
 * restart interval is one MCU row), which resets the DC predictions and byte-aligns the data: a
 * band's bytes depend on nothing but its own pixels and its first MCU row's number, and the
 * joined file is byte for byte the one a single pass over the whole image writes.
 *
 * Why our own encoder: CanvasKit's encodeToBytes needs the whole image and computes optimal
 * Huffman tables per image (so its bands cannot be joined), and the npm encoders (jpeg-js, the
 * wasm builds of libjpeg-turbo and mozjpeg) take whole images too. The coding follows libjpeg
 * with its defaults, as Skia's encoder does: the Annex K quantisation tables scaled by quality as
 * libjpeg scales them, the Annex K Huffman tables (no per-image optimisation: the tables must be
 * known before the first band), YCbCr with chroma subsampled 2x2 (4:2:0, Skia's default), and the
 * AAN floating-point DCT (libjpeg's jfdctflt).
 */
import {
  AC_CHROMA,
  AC_LUMA,
  DC_CHROMA,
  DC_LUMA,
  type HuffmanSpec,
  quantTables,
  ZIGZAG,
} from './jpegCoding';
import { BitWriter, BlockEncoder, MCU_PX, McuRowPlanes } from './jpegMcuRows';

export { quantTables };

export interface JpegFrame {
  width: number;
  height: number;
  quality: number;
}

/** SOI, the JFIF header, DQT, SOF0, DHT, DRI and SOS: everything before the first band. */
export function jpegHeader({ width, height, quality }: JpegFrame): Uint8Array {
  if (width < 1 || height < 1 || width > 65535 || height > 65535)
    throw new RangeError(`A JPEG cannot be ${width}x${height}`);
  const [luma, chroma] = quantTables(quality);
  const out: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) =>
    out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  // JFIF 1.01, no density yet (jfif.ts writes the dpi), no thumbnail
  segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  segment(0xdb, [0x00, ...ZIGZAG.map((n) => luma[n]!), 0x01, ...ZIGZAG.map((n) => chroma[n]!)]);
  segment(0xc0, [
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  const table = (tableClass: number, id: number, spec: HuffmanSpec) => [
    (tableClass << 4) | id,
    ...spec.bits,
    ...spec.values,
  ];
  segment(0xc4, [
    ...table(0, 0, DC_LUMA),
    ...table(1, 0, AC_LUMA),
    ...table(0, 1, DC_CHROMA),
    ...table(1, 1, AC_CHROMA),
  ]);
  const mcusPerRow = Math.ceil(width / MCU_PX);
  segment(0xdd, [mcusPerRow >> 8, mcusPerRow & 0xff]);
  segment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  return Uint8Array.from(out);
}

export const JPEG_END = Uint8Array.of(0xff, 0xd9);

/**
 * Encoded parts (header, bands, tiles) joined into one buffer of their own: never a slice of
 * Node's shared pool, as Buffer.concat gives for small results, since a tile's bytes are moved
 * (transferred) out of its thread.
 */
export function joinBytes(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

export interface Band {
  /** Straight RGBA rows of the band, `width` pixels each (alpha is ignored: the sheet is opaque). */
  rgba: Uint8Array | Uint8ClampedArray;
  rows: number;
  /** The band's first row in the image: a multiple of 16. */
  top: number;
}

/**
 * Encodes bands of one image, one after another, in the same working memory: the entropy coder's
 * buffer (a quarter of the band's pixels) and the MCU row's planes are made once, not per band. A
 * 150x100 cm tile's bands each left 1.1 MB of both behind until the thread's next garbage
 * collection, which came late, as nothing else a tile does allocates on the JS heap.
 */
export class BandEncoder {
  private readonly encoder: BlockEncoder;
  private readonly planes: McuRowPlanes;
  private writer: BitWriter | null = null;

  constructor(private readonly frame: JpegFrame) {
    this.encoder = new BlockEncoder(frame.quality);
    this.planes = new McuRowPlanes(frame.width);
  }

  /**
   * The band's MCU rows, in a buffer of their own. A band that ends above the image's last row
   * must end on an MCU row (a multiple of 16 rows); the image's last band pads its last MCU row
   * with its last row.
   */
  encode(band: Band): Uint8Array {
    const { width, height } = this.frame;
    if (band.top % MCU_PX !== 0)
      throw new RangeError(`A band starts on an MCU row, not at row ${band.top}`);
    if (band.top + band.rows !== height && band.rows % MCU_PX !== 0)
      throw new RangeError('Only the last band may end inside an MCU row');
    const lastMcuRow = Math.ceil(height / MCU_PX) - 1;
    this.writer ??= new BitWriter((width * band.rows) >> 2);
    for (let y = 0; y < band.rows; y += MCU_PX) {
      this.planes.load(band.rgba, y, Math.min(MCU_PX, band.rows - y));
      this.encoder.encodeMcuRow(this.planes, this.writer);
      const mcuRow = (band.top + y) / MCU_PX;
      if (mcuRow < lastMcuRow) this.writer.restart(mcuRow);
    }
    return this.writer.finish();
  }
}

/** One band on its own (BandEncoder for an image's bands one after another). */
export function encodeBand(frame: JpegFrame, band: Band): Uint8Array {
  return new BandEncoder(frame).encode(band);
}
