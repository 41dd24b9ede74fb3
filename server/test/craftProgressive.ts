/**
 * Decodable progressive JPEGs of a flat grey picture, made bit by bit: any size, any sampling, any
 * scan script. Every DC difference is 0 and every AC band is empty (end-of-band runs), so the file
 * is a few bytes per scan whatever its pixels: the decoder still walks every block of each scan.
 */
export interface ProgressiveScan {
  /** Indices into the frame's components. */
  components: number[];
  ss: number;
  se: number;
  ah: number;
  al: number;
}

export interface ProgressiveOptions {
  width: number;
  height: number;
  /** [horizontal, vertical] sampling factor of each component; one entry = greyscale. */
  sampling: [number, number][];
  scans: ProgressiveScan[];
}

class BitWriter {
  readonly bytes: number[] = [];
  private value = 0;
  private count = 0;

  write(bits: number, length: number): void {
    for (let k = length - 1; k >= 0; k--) {
      this.value = (this.value << 1) | ((bits >> k) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }

  finish(): number[] {
    while (this.count !== 0) this.write(1, 1);
    return this.bytes;
  }

  private flushByte(): void {
    this.bytes.push(this.value);
    if (this.value === 0xff) this.bytes.push(0);
    this.value = 0;
    this.count = 0;
  }
}

function segment(marker: number, body: number[]): number[] {
  return [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}

/** An end-of-band run of `run` blocks as EOBn symbols (4-bit codes: symbol n<<4 is code n) and their extra bits. */
function writeEndOfBandRuns(writer: BitWriter, blocks: number): void {
  let left = blocks;
  while (left > 0) {
    const run = Math.min(left, 32767);
    const n = Math.floor(Math.log2(run));
    writer.write(n, 4);
    if (n > 0) writer.write(run - (1 << n), n);
    left -= run;
  }
}

export function craftProgressive(options: ProgressiveOptions): Uint8Array {
  const { width, height, sampling } = options;
  const hMax = Math.max(...sampling.map(([h]) => h));
  const vMax = Math.max(...sampling.map(([, v]) => v));
  const mcus = Math.ceil(width / (8 * hMax)) * Math.ceil(height / (8 * vMax));
  const ownBlocks = sampling.map(
    ([h, v]) =>
      Math.ceil(Math.ceil((width * h) / hMax) / 8) * Math.ceil(Math.ceil((height * v) / vMax) / 8),
  );
  const out: number[] = [0xff, 0xd8];
  out.push(...segment(0xdb, [0, ...new Array<number>(64).fill(1)]));
  const frame = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, sampling.length];
  sampling.forEach(([h, v], k) => frame.push(k + 1, (h << 4) | v, 0));
  out.push(...segment(0xc2, frame));
  // DC: one code '0' for difference category 0; AC: sixteen 4-bit codes, EOB0..EOB14 are symbols n<<4
  const dc = [0x00, 1, ...new Array<number>(15).fill(0), 0];
  const acSymbols = Array.from({ length: 15 }, (_, n) => n << 4);
  const ac = [0x10, 0, 0, 0, 15, ...new Array<number>(12).fill(0), ...acSymbols];
  out.push(...segment(0xc4, [...dc, ...ac]));
  for (const scan of options.scans) {
    const header = [scan.components.length];
    for (const k of scan.components) header.push(k + 1, 0x00);
    header.push(scan.ss, scan.se, (scan.ah << 4) | scan.al);
    out.push(...segment(0xda, header));
    const writer = new BitWriter();
    if (scan.ss === 0) {
      const blocksPerUnit =
        scan.components.length > 1
          ? scan.components.reduce((sum, k) => sum + sampling[k]![0] * sampling[k]![1], 0)
          : 1;
      const units = scan.components.length > 1 ? mcus : ownBlocks[scan.components[0]!]!;
      // first scan: DC difference category 0 ('0'); refinement: one correction bit '0'
      for (let k = 0; k < units * blocksPerUnit; k++) writer.write(0, 1);
    } else {
      writeEndOfBandRuns(writer, ownBlocks[scan.components[0]!]!);
    }
    for (const byte of writer.finish()) out.push(byte);
  }
  out.push(0xff, 0xd9);
  return Uint8Array.from(out);
}

/** The attack of issue 26: Y sampled 4x1, one DC scan, then one AC first scan of Y repeated `repeats` times. */
export function repeatedScanJpeg(width: number, height: number, repeats: number): Uint8Array {
  const scans: ProgressiveScan[] = [{ components: [0, 1, 2], ss: 0, se: 0, ah: 0, al: 0 }];
  for (let k = 0; k < repeats; k++) scans.push({ components: [0], ss: 1, se: 63, ah: 0, al: 1 });
  return craftProgressive({
    width,
    height,
    sampling: [
      [4, 1],
      [1, 1],
      [1, 1],
    ],
    scans,
  });
}

/** libjpeg's jpeg_simple_progression (what cjpeg -progressive writes) for one or three components. */
export function libjpegProgression(components: 1 | 3): ProgressiveScan[] {
  const scan = (list: number[], ss: number, se: number, ah: number, al: number) => ({
    components: list,
    ss,
    se,
    ah,
    al,
  });
  if (components === 1) {
    return [
      scan([0], 0, 0, 0, 1),
      scan([0], 1, 5, 0, 2),
      scan([0], 6, 63, 0, 2),
      scan([0], 1, 63, 2, 1),
      scan([0], 0, 0, 1, 0),
      scan([0], 1, 63, 1, 0),
    ];
  }
  return [
    scan([0, 1, 2], 0, 0, 0, 1),
    scan([0], 1, 5, 0, 2),
    scan([2], 1, 63, 0, 1),
    scan([1], 1, 63, 0, 1),
    scan([0], 6, 63, 0, 2),
    scan([0], 1, 63, 2, 1),
    scan([0, 1, 2], 0, 0, 1, 0),
    scan([2], 1, 63, 1, 0),
    scan([1], 1, 63, 1, 0),
    scan([0], 1, 63, 1, 0),
  ];
}

/**
 * A decodable greyscale baseline JPEG as dense as its pixels allow a photo to be: every block codes
 * all 63 AC coefficients (+512 each) and a DC step of +4 or -4, 95 bytes a block (1.5 a sample, as
 * random noise at quality 100), with no 0xff byte to stuff. `width` and `height` in whole blocks.
 */
export function denseJpeg(width: number, height: number): Uint8Array {
  // DC: category 3 is code '0'; AC: run 0 size 10 is code '00' (the end-of-block '01' is never needed)
  const blockBits = (dc: string) => `0${dc}${'001000000000'.repeat(63)}`;
  const pair = `${blockBits('100')}${blockBits('011')}`;
  const pattern = Uint8Array.from({ length: pair.length / 8 }, (_, k) =>
    parseInt(pair.slice(8 * k, 8 * k + 8), 2),
  );
  const blocks = (width / 8) * (height / 8);
  if (!Number.isInteger(blocks / 2)) throw new RangeError('an even number of whole 8x8 blocks');
  const data = new Uint8Array((blocks / 2) * pattern.length);
  for (let at = 0; at < data.length; at += pattern.length) data.set(pattern, at);
  const head = [
    0xff,
    0xd8,
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 3]),
    ...segment(0xc4, [0x10, 0, 2, ...new Array<number>(14).fill(0), 0x0a, 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const out = new Uint8Array(head.length + data.length + 2);
  out.set(head);
  out.set(data, head.length);
  out.set([0xff, 0xd9], head.length + data.length);
  return out;
}
