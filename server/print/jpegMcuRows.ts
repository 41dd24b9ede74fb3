/**
 * One MCU row of the band encoder (jpegBands.ts lays the rows into bands): its level-shifted Y and
 * subsampled Cb and Cr planes, the DCT, quantisation and Huffman coding of its 8x8 blocks, and the
 * bit writer that stuffs 0xff and ends each row with its restart marker.
 */
import {
  CODES,
  forwardDct,
  type HuffmanCodes,
  quantTables,
  reciprocals,
  ZIGZAG,
} from './jpegCoding';

export const MCU_PX = 16;

/** Entropy-coded bytes with 0xff stuffing, in a buffer that grows and is kept for the next band. */
export class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private buffer = 0;
  private count = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(1024, capacity));
  }

  /** Room for `bytes` more bytes, so that write() need not look (a block: BLOCK_BYTES_MOST). */
  reserve(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + bytes));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Writes `size` bits of `code` (at most 24): call reserve() first. */
  write(code: number, size: number): void {
    // at most 24 + 7 bits are held: they fit a 32-bit integer
    let buffer = (this.buffer << size) | code;
    let count = this.count + size;
    if (count >= 8) {
      const bytes = this.bytes;
      let length = this.length;
      do {
        count -= 8;
        const byte = (buffer >>> count) & 0xff;
        bytes[length++] = byte;
        if (byte === 0xff) bytes[length++] = 0;
      } while (count >= 8);
      this.length = length;
      buffer &= (1 << count) - 1;
    }
    this.buffer = buffer;
    this.count = count;
  }

  /** Pads the last byte with 1 bits and writes RSTn. */
  restart(n: number): void {
    this.reserve(4);
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    this.push(0xff);
    this.push(0xd0 + (n & 7));
  }

  /** The bytes written, padded to a whole byte, in a buffer of their own; the writer starts empty again. */
  finish(): Uint8Array {
    this.reserve(2);
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    const bytes = this.bytes.slice(0, this.length);
    this.length = 0;
    this.buffer = 0;
    this.count = 0;
    return bytes;
  }

  private push(byte: number): void {
    this.reserve(1);
    this.bytes[this.length++] = byte;
  }
}

/** One MCU row as level-shifted Y (16 rows) and 2x2-averaged Cb and Cr (8 rows), edges replicated. */
export class McuRowPlanes {
  readonly stride: number;
  readonly y: Float32Array;
  readonly cb: Float32Array;
  readonly cr: Float32Array;
  /** Byte offset in a source row of each column, the last column repeated into the padding. */
  private readonly columns: Int32Array;

  constructor(readonly width: number) {
    this.stride = Math.ceil(width / MCU_PX) * MCU_PX;
    this.y = new Float32Array(this.stride * MCU_PX);
    this.columns = Int32Array.from({ length: this.stride }, (_, x) => Math.min(x, width - 1) * 4);
    this.cb = new Float32Array((this.stride / 2) * 8);
    this.cr = new Float32Array((this.stride / 2) * 8);
  }

  /**
   * Two rows and two columns at a time: the four pixels' Y, and the 2x2 average of Cb and Cr from
   * the average of their RGB (Cb and Cr are linear in RGB), each plane value written once.
   */
  load(rgba: Uint8Array | Uint8ClampedArray, firstRow: number, rows: number): void {
    const { width, stride, y, cb, cr, columns } = this;
    const half = stride / 2;
    for (let pair = 0; pair < MCU_PX / 2; pair += 1) {
      const top = (firstRow + Math.min(2 * pair, rows - 1)) * width * 4;
      const bottom = (firstRow + Math.min(2 * pair + 1, rows - 1)) * width * 4;
      const yTop = 2 * pair * stride;
      const yBottom = yTop + stride;
      const chroma = pair * half;
      for (let x = 0; x < stride; x += 2) {
        const a = top + columns[x]!;
        const b = top + columns[x + 1]!;
        const c = bottom + columns[x]!;
        const d = bottom + columns[x + 1]!;
        const r0 = rgba[a]!,
          g0 = rgba[a + 1]!,
          b0 = rgba[a + 2]!;
        const r1 = rgba[b]!,
          g1 = rgba[b + 1]!,
          b1 = rgba[b + 2]!;
        const r2 = rgba[c]!,
          g2 = rgba[c + 1]!,
          b2 = rgba[c + 2]!;
        const r3 = rgba[d]!,
          g3 = rgba[d + 1]!,
          b3 = rgba[d + 2]!;
        y[yTop + x] = 0.299 * r0 + 0.587 * g0 + 0.114 * b0 - 128;
        y[yTop + x + 1] = 0.299 * r1 + 0.587 * g1 + 0.114 * b1 - 128;
        y[yBottom + x] = 0.299 * r2 + 0.587 * g2 + 0.114 * b2 - 128;
        y[yBottom + x + 1] = 0.299 * r3 + 0.587 * g3 + 0.114 * b3 - 128;
        const r = (r0 + r1 + r2 + r3) * 0.25;
        const g = (g0 + g1 + g2 + g3) * 0.25;
        const bl = (b0 + b1 + b2 + b3) * 0.25;
        cb[chroma + (x >> 1)] = -0.168735892 * r - 0.331264108 * g + 0.5 * bl;
        cr[chroma + (x >> 1)] = 0.5 * r - 0.418687589 * g - 0.081312411 * bl;
      }
    }
  }
}

/** A block's most entropy-coded bytes: 64 codes of at most 16 + 11 bits, every byte stuffed. */
const BLOCK_BYTES_MOST = 2 * Math.ceil((64 * 27) / 8);

/** DCT, quantisation and Huffman coding of 8x8 blocks, with the DC predictions of one restart interval. */
export class BlockEncoder {
  private readonly block = new Float64Array(64);
  private readonly lumaDivisors: Float64Array;
  private readonly chromaDivisors: Float64Array;
  private dc = [0, 0, 0];

  constructor(quality: number) {
    const [luma, chroma] = quantTables(quality);
    this.lumaDivisors = reciprocals(luma);
    this.chromaDivisors = reciprocals(chroma);
  }

  encodeMcuRow(planes: McuRowPlanes, writer: BitWriter): void {
    this.dc = [0, 0, 0];
    const { stride } = planes;
    const half = stride / 2;
    for (let x = 0; x < stride; x += MCU_PX) {
      this.encodeBlock(
        planes.y,
        x,
        stride,
        0,
        this.lumaDivisors,
        CODES.dcLuma,
        CODES.acLuma,
        writer,
      );
      this.encodeBlock(
        planes.y,
        x + 8,
        stride,
        0,
        this.lumaDivisors,
        CODES.dcLuma,
        CODES.acLuma,
        writer,
      );
      this.encodeBlock(
        planes.y,
        x + 8 * stride,
        stride,
        0,
        this.lumaDivisors,
        CODES.dcLuma,
        CODES.acLuma,
        writer,
      );
      this.encodeBlock(
        planes.y,
        x + 8 * stride + 8,
        stride,
        0,
        this.lumaDivisors,
        CODES.dcLuma,
        CODES.acLuma,
        writer,
      );
      this.encodeBlock(
        planes.cb,
        x / 2,
        half,
        1,
        this.chromaDivisors,
        CODES.dcChroma,
        CODES.acChroma,
        writer,
      );
      this.encodeBlock(
        planes.cr,
        x / 2,
        half,
        2,
        this.chromaDivisors,
        CODES.dcChroma,
        CODES.acChroma,
        writer,
      );
    }
  }

  private encodeBlock(
    plane: Float32Array,
    offset: number,
    stride: number,
    component: number,
    divisors: Float64Array,
    dcCodes: HuffmanCodes,
    acCodes: HuffmanCodes,
    writer: BitWriter,
  ): void {
    const data = this.block;
    forwardDct(plane, offset, stride, data);
    writer.reserve(BLOCK_BYTES_MOST);
    // libjpeg's float quantiser: (int)(x + 16384.5) - 16384 (|0 truncates, the sum is positive),
    // each coefficient quantised as the zigzag walk reaches it
    const dcValue = ((data[0]! * divisors[0]! + 16384.5) | 0) - 16384;
    writeValue(writer, dcCodes, 0, dcValue - this.dc[component]!);
    this.dc[component] = dcValue;
    let run = 0;
    for (let k = 1; k < 64; k += 1) {
      const n = ZIGZAG[k]!;
      const value = ((data[n]! * divisors[n]! + 16384.5) | 0) - 16384;
      if (value === 0) {
        run += 1;
        continue;
      }
      while (run > 15) {
        writer.write(acCodes.code[0xf0]!, acCodes.size[0xf0]!);
        run -= 16;
      }
      writeValue(writer, acCodes, run << 4, value);
      run = 0;
    }
    if (run > 0) writer.write(acCodes.code[0]!, acCodes.size[0]!);
  }
}

/** The symbol (run and size) then the value's bits, one's complement for negatives (F.1.2). */
function writeValue(writer: BitWriter, codes: HuffmanCodes, runBits: number, value: number): void {
  const magnitude = value < 0 ? -value : value;
  const size = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
  const symbol = runBits | size;
  writer.write(codes.code[symbol]!, codes.size[symbol]!);
  if (size > 0) writer.write((value < 0 ? value - 1 : value) & ((1 << size) - 1), size);
}
