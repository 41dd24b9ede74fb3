/**
 * The fixed parts of baseline JPEG coding as libjpeg does it with its defaults (jpegBands.ts uses
 * them): the Annex K quantisation tables scaled by quality, the Annex K Huffman tables, the zigzag
 * order and the AAN floating-point forward DCT (jfdctflt).
 */

/** Luminance and chrominance quantisation tables of JPEG Annex K, in natural (row-major) order. */
const BASE_QUANT = [
  [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
    92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ],
  [
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
    47, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  ],
] as const;

/** Natural index of the k-th coefficient in zigzag order. */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
  13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52,
  45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/** Annex K.3 Huffman tables: code counts per length 1-16, then the symbols. */
export interface HuffmanSpec {
  bits: number[];
  values: number[];
}
export const DC_LUMA: HuffmanSpec = {
  bits: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
  values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};
export const DC_CHROMA: HuffmanSpec = {
  bits: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
  values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};
export const AC_LUMA: HuffmanSpec = {
  bits: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  values: hexBytes(
    '01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa',
  ),
};
export const AC_CHROMA: HuffmanSpec = {
  bits: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  values: hexBytes(
    '000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa',
  ),
};

function hexBytes(hex: string): number[] {
  return Array.from({ length: hex.length / 2 }, (_, i) =>
    parseInt(hex.slice(2 * i, 2 * i + 2), 16),
  );
}

/** Code and length per symbol (Annex C), for the encoder. */
export interface HuffmanCodes {
  code: Uint16Array;
  size: Uint8Array;
}

function huffmanCodes(spec: HuffmanSpec): HuffmanCodes {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let i = 0; i < spec.bits[length - 1]!; i += 1) {
      const symbol = spec.values[k++]!;
      code[symbol] = next++;
      size[symbol] = length;
    }
    next <<= 1;
  }
  return { code, size };
}

export const CODES = {
  dcLuma: huffmanCodes(DC_LUMA),
  acLuma: huffmanCodes(AC_LUMA),
  dcChroma: huffmanCodes(DC_CHROMA),
  acChroma: huffmanCodes(AC_CHROMA),
};

/** libjpeg's jpeg_quality_scaling and jpeg_add_quant_table (baseline: at most 255). */
export function quantTables(quality: number): [Uint8Array, Uint8Array] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return BASE_QUANT.map((base) =>
    Uint8Array.from(base, (v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100)))),
  ) as [Uint8Array, Uint8Array];
}

/** The AAN DCT leaves each output scaled by these (libjpeg's aanscalefactor); the divisors undo it. */
const AAN_SCALE = [
  1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.5411961, 0.275899379,
];

/** Reciprocals of the float divisors, in natural order: coefficient = round(dct * reciprocal). */
export function reciprocals(table: Uint8Array): Float64Array {
  const out = new Float64Array(64);
  for (let row = 0; row < 8; row += 1)
    for (let col = 0; col < 8; col += 1)
      out[row * 8 + col] = 1 / (table[row * 8 + col]! * AAN_SCALE[row]! * AAN_SCALE[col]! * 8);
  return out;
}

/** libjpeg's jfdctflt: the AAN forward DCT of the 8x8 block at `offset` of a plane, rows then columns, into `d`. */
export function forwardDct(
  plane: Float32Array,
  offset: number,
  stride: number,
  d: Float64Array,
): void {
  for (let row = 0; row < 8; row += 1) pass(plane, offset + row * stride, 1, d, row * 8, 1);
  for (let col = 0; col < 8; col += 1) pass(d, col, 8, d, col, 8);
}

function pass(
  from: Float32Array | Float64Array,
  i: number,
  step: number,
  d: Float64Array,
  o: number,
  s: number,
): void {
  const x0 = from[i]!;
  const x1 = from[i + step]!;
  const x2 = from[i + 2 * step]!;
  const x3 = from[i + 3 * step]!;
  const x4 = from[i + 4 * step]!;
  const x5 = from[i + 5 * step]!;
  const x6 = from[i + 6 * step]!;
  const x7 = from[i + 7 * step]!;
  const tmp0 = x0 + x7;
  const tmp7 = x0 - x7;
  const tmp1 = x1 + x6;
  const tmp6 = x1 - x6;
  const tmp2 = x2 + x5;
  const tmp5 = x2 - x5;
  const tmp3 = x3 + x4;
  const tmp4 = x3 - x4;
  const tmp10 = tmp0 + tmp3;
  const tmp13 = tmp0 - tmp3;
  const tmp11 = tmp1 + tmp2;
  const tmp12 = tmp1 - tmp2;
  d[o] = tmp10 + tmp11;
  d[o + 4 * s] = tmp10 - tmp11;
  const z1 = (tmp12 + tmp13) * 0.707106781;
  d[o + 2 * s] = tmp13 + z1;
  d[o + 6 * s] = tmp13 - z1;
  const t10 = tmp4 + tmp5;
  const t11 = tmp5 + tmp6;
  const t12 = tmp6 + tmp7;
  const z5 = (t10 - t12) * 0.382683433;
  const z2 = 0.5411961 * t10 + z5;
  const z4 = 1.306562965 * t12 + z5;
  const z3 = t11 * 0.707106781;
  const z11 = tmp7 + z3;
  const z13 = tmp7 - z3;
  d[o + 5 * s] = z13 + z2;
  d[o + 3 * s] = z13 - z2;
  d[o + s] = z11 + z4;
  d[o + 7 * s] = z11 - z4;
}
