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

  write(code: number, size: number): void {
    // at most 16 + 7 bits are held: they fit a 32-bit integer
    this.buffer = (this.buffer << size) | code;
    this.count += size;
    while (this.count >= 8) {
      this.count -= 8;
      const byte = (this.buffer >>> this.count) & 0xff;
      this.push(byte);
      if (byte === 0xff) this.push(0);
    }
    this.buffer &= (1 << this.count) - 1;
  }

  /** Pads the last byte with 1 bits and writes RSTn. */
  restart(n: number): void {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    this.push(0xff);
    this.push(0xd0 + (n & 7));
  }

  /** The bytes written, padded to a whole byte, in a buffer of their own; the writer starts empty again. */
  finish(): Uint8Array {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    const bytes = this.bytes.slice(0, this.length);
    this.length = 0;
    this.buffer = 0;
    this.count = 0;
    return bytes;
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
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

  load(rgba: Uint8Array | Uint8ClampedArray, firstRow: number, rows: number): void {
    const { width, stride, y, cb, cr, columns } = this;
    const half = stride / 2;
    cb.fill(0);
    cr.fill(0);
    for (let row = 0; row < MCU_PX; row += 1) {
      const source = (firstRow + Math.min(row, rows - 1)) * width * 4;
      const target = row * stride;
      const chroma = (row >> 1) * half;
      for (let x = 0; x < stride; x += 1) {
        const p = source + columns[x]!;
        const r = rgba[p]!;
        const g = rgba[p + 1]!;
        const b = rgba[p + 2]!;
        y[target + x] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
        // Cb and Cr are linear in RGB: the sum of four pixels' values, averaged below, is the 2x2 average
        const c = chroma + (x >> 1);
        cb[c] = cb[c]! - 0.168735892 * r - 0.331264108 * g + 0.5 * b;
        cr[c] = cr[c]! + 0.5 * r - 0.418687589 * g - 0.081312411 * b;
      }
    }
    for (let i = 0; i < cb.length; i += 1) {
      cb[i] = cb[i]! * 0.25;
      cr[i] = cr[i]! * 0.25;
    }
  }
}

/** DCT, quantisation and Huffman coding of 8x8 blocks, with the DC predictions of one restart interval. */
export class BlockEncoder {
  private readonly block = new Float64Array(64);
  private readonly coefficients = new Int32Array(64);
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
    const out = this.coefficients;
    for (let k = 0; k < 64; k += 1) {
      const n = ZIGZAG[k]!;
      // libjpeg's float quantiser: (int)(x + 16384.5) - 16384 (|0 truncates, the sum is positive)
      out[k] = ((data[n]! * divisors[n]! + 16384.5) | 0) - 16384;
    }
    const diff = out[0]! - this.dc[component]!;
    this.dc[component] = out[0]!;
    writeValue(writer, dcCodes, 0, diff);
    let run = 0;
    for (let k = 1; k < 64; k += 1) {
      const value = out[k]!;
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
