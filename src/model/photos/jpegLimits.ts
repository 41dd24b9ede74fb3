import { hex, type JpegFrame } from './jpegSegments';

/**
 * How much decoding a JPEG may ask for, in proportion to its pixels (issue 26). A decoder walks
 * every block of every component a scan codes, whatever the scan's bytes: a progressive file's
 * end-of-band run codes 32767 empty blocks in a few bits, so one AC scan repeated 300 times costs
 * 300 walks over the picture from a file of a few hundred kilobytes (a 48 MP file with Y sampled 4x1
 * and 100 repeats: 150 KB, 3.6 s of CPU at 1/8 scale in jpeg-decoder, against 1.1 s with one). The
 * same holds for tables (each DHT is built into lookup tables) and for entropy-coded bytes beyond
 * what the pixels can hold (a decoder searches them for the next marker). These rules refuse such a
 * file from its structure alone, before anything decodes it: the server's upload check, the print
 * and the editor's photo worker all run them (through JpegScanner).
 */

/**
 * Walks of each block, averaged over the frame's blocks: libjpeg's progression walks a luma block
 * 6 times and a chroma block 4 (5.3 on average at 4:2:0); a sequential file walks each once.
 */
export const MAX_PASSES_PER_BLOCK = 16;
/** libjpeg writes 10 scans, mozjpeg 11; libjpeg-turbo's advice against LJT-01-003 is a scan limit. */
export const MAX_SCANS = 100;
/**
 * Entropy-coded bytes per sample (64 a block, all scans together): the largest a single pass can
 * take is about 3.3 (a 16-bit code and 10 extra bits per coefficient, with stuffed bytes); camera
 * files take 0.15-0.25, random noise at quality 100 (cjpeg, 4:4:4 or 4:2:0) 1.3-1.4.
 */
export const MAX_ENTROPY_BYTES_PER_SAMPLE = 4;
/** And a few kilobytes whatever the size: a tiny image's scans, restart markers and padding. */
export const ENTROPY_BYTES_FLOOR = 4096;
/** Table segments (DHT, DQT, DRI): a few before the frame, and what one scan needs before it. */
export const TABLE_SEGMENTS_BASE = 8;
export const TABLE_SEGMENTS_PER_SCAN = 4;

const DHT = 0xc4;
const DQT = 0xdb;
const DRI = 0xdd;
/** The longest valid body of each table segment: 8 Huffman tables, 4 quantisation tables of 16-bit values. */
const MAX_TABLE_BODY = new Map([
  [DHT, 8 * (1 + 16 + 256)],
  [DQT, 4 * (1 + 128)],
  [DRI, 2],
]);

export function isTableSegment(marker: number): boolean {
  return MAX_TABLE_BODY.has(marker);
}

/**
 * Counts a JPEG's work as its segments go past and names the first rule it breaks (null while it
 * keeps them). Block walks are counted in MCUs: a component sampled h x v has h·v blocks in each.
 */
export class JpegWork {
  private frame: JpegFrame | null = null;
  private scans = 0;
  private tables = 0;
  private walks = 0;
  private readonly coded = new Set<number>();

  setFrame(frame: JpegFrame): string | null {
    this.frame = frame;
    const bad = frame.components.find(({ h, v }) => h < 1 || h > 4 || v < 1 || v > 4);
    return bad ? `sampling ${bad.h}x${bad.v}` : null;
  }

  table(marker: number, bodyLength: number): string | null {
    const longest = MAX_TABLE_BODY.get(marker) ?? Infinity;
    if (bodyLength > longest)
      return `a table segment ${hex(marker)} of ${bodyLength} bytes (at most ${longest})`;
    this.tables++;
    const allowed = TABLE_SEGMENTS_BASE + TABLE_SEGMENTS_PER_SCAN * (this.scans + 1);
    return this.tables > allowed
      ? `${this.tables} table segments for ${this.scans + 1} scans`
      : null;
  }

  /** A scan header's component ids (the frame is known: a scan before it is refused elsewhere). */
  scan(componentIds: readonly number[]): string | null {
    const frame = this.frame;
    if (!frame) return 'a scan before the frame header';
    if (++this.scans > MAX_SCANS) return `more than ${MAX_SCANS} scans`;
    for (const id of componentIds) {
      const component = frame.components.find((c) => c.id === id);
      if (!component) return `a scan of component ${id}, which the frame does not have`;
      if (!frame.progressive && this.coded.has(id))
        return `component ${id} coded twice in a sequential frame`;
      this.coded.add(id);
      this.walks += component.h * component.v;
    }
    const passes = this.walks / unitsPerMcu(frame);
    return passes > MAX_PASSES_PER_BLOCK
      ? `${passes.toFixed(1)} walks over each block (at most ${MAX_PASSES_PER_BLOCK})`
      : null;
  }

  /** All entropy-coded bytes so far (markers inside the data included). */
  entropy(bytes: number): string | null {
    const frame = this.frame;
    if (!frame) return null;
    const allowed = ENTROPY_BYTES_FLOOR + MAX_ENTROPY_BYTES_PER_SAMPLE * samples(frame);
    return bytes > allowed
      ? `more than ${allowed} bytes of scan data for ${samples(frame)} samples`
      : null;
  }
}

function unitsPerMcu(frame: JpegFrame): number {
  return frame.components.reduce((sum, { h, v }) => sum + h * v, 0);
}

/** Samples of the frame, its edges padded to whole MCUs as a decoder pads them. */
export function samples(frame: JpegFrame): number {
  const hMax = Math.max(...frame.components.map((c) => c.h));
  const vMax = Math.max(...frame.components.map((c) => c.v));
  const mcus = Math.ceil(frame.width / (8 * hMax)) * Math.ceil(frame.height / (8 * vMax));
  return mcus * unitsPerMcu(frame) * 64;
}
