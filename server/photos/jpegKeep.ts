/**
 * What the photo store keeps of an uploaded JPEG (issue 26: a 100x68 photo padded with APP15
 * segments to 26 MB was stored whole, 754 MB in 16 s from one free account). Kept always: the
 * segments the shop reads (the first JFIF APP0, the first Exif APP1 for the orientation, the first
 * Adobe APP14 for the colour transform, the APP2 chunks of one ICC profile of at most
 * MAX_ICC_CHUNKS) and everything a decoder needs (tables, frame, scans). Other APPn and COM
 * segments, and bytes after the end-of-image marker (motion clips, gain maps), are kept while they
 * fit in UNKNOWN_METADATA_BUDGET in all, in the order they come, so an ordinary camera file is
 * stored byte for byte; what does not fit is dropped, and so are fill bytes and TEM markers. The result
 * is the same picture, and what the quota counts.
 *
 * Works as the bytes stream past (JpegScanner tells where each segment lies): it holds back at
 * most one segment (64 KB) and the part of a trailer that still fits the budget.
 */
import { JpegScanner } from '../../src/model/photos/jpegHeader.js';
import type { JpegSegmentObserver } from '../../src/model/photos/jpegSegments.js';

/** Other metadata kept, in bytes: XMP, maker and editor segments, a short trailer. */
export const UNKNOWN_METADATA_BUDGET = 64 * 1024;
/** An ICC profile of more chunks (about 64 KB each) is no profile the shop keeps. */
export const MAX_ICC_CHUNKS = 16;

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Segments the shop reads once each, by marker and signature. */
const READ_ONCE: [number, string][] = [
  [APP0, 'JFIF\0'],
  [APP1, 'Exif\0'],
  [APP14, 'Adobe'],
];

/** APPn, JPGn and COM: segments no decoder needs. */
function isMetadata(marker: number): boolean {
  return marker >= APP0 && marker <= COM;
}

function startsWith(head: readonly number[], text: string): boolean {
  return text.length <= head.length && [...text].every((char, k) => head[k] === char.charCodeAt(0));
}

interface Piece {
  start: number;
  bytes: Uint8Array;
}

export class JpegKeep implements JpegSegmentObserver {
  readonly scanner = new JpegScanner(this);
  private readonly held: Piece[] = [];
  /** Ranges `[start, end)` not to store, in stream order. */
  private readonly drops: [number, number][] = [];
  /** Bytes before this offset are stored or dropped. */
  private released = 0;
  private received = 0;
  private unknownKept = 0;
  private trailerDropped = false;
  private readonly seen = new Set<number>();
  private icc: { count: number; sequences: Set<number> } | null = null;

  /** Checks the chunk and answers the bytes that can be stored now. */
  push(chunk: Uint8Array): Uint8Array[] {
    const start = this.received;
    this.received += chunk.length;
    this.scanner.push(chunk);
    if (this.scanner.failure) return [];
    const end = this.scanner.endOfImage;
    if (end !== null && !this.trailerDropped && this.received - end > this.budgetLeft()) {
      this.trailerDropped = true;
      this.drops.push([end, Infinity]);
    }
    if (!this.trailerDropped || start < (end ?? Infinity)) this.held.push({ start, bytes: chunk });
    return this.release(end ?? this.scanner.settled);
  }

  /** The rest, once the whole file was pushed and found sound: a trailer that fits the budget. */
  finish(): Uint8Array[] {
    return this.release(this.received);
  }

  segment(marker: number, start: number, end: number, head: readonly number[]): void {
    if (!isMetadata(marker) || this.needed(marker, head)) return;
    const length = end - start;
    if (length <= this.budgetLeft()) this.unknownKept += length;
    else this.drops.push([start, end]);
  }

  skipped(start: number, end: number): void {
    this.drops.push([start, end]);
  }

  private budgetLeft(): number {
    return UNKNOWN_METADATA_BUDGET - this.unknownKept;
  }

  /** The shop reads the first JFIF, Exif and Adobe segments and one ICC profile. */
  private needed(marker: number, head: readonly number[]): boolean {
    const once = READ_ONCE.find(
      ([code, signature]) => code === marker && startsWith(head, signature),
    );
    if (once) {
      if (this.seen.has(marker)) return false;
      this.seen.add(marker);
      return true;
    }
    if (marker !== APP2 || !startsWith(head, 'ICC_PROFILE\0') || head.length < 14) return false;
    const [sequence, count] = [head[12]!, head[13]!];
    if (count < 1 || count > MAX_ICC_CHUNKS || sequence < 1 || sequence > count) return false;
    this.icc ??= { count, sequences: new Set() };
    if (this.icc.count !== count || this.icc.sequences.has(sequence)) return false;
    this.icc.sequences.add(sequence);
    return true;
  }

  /** Answers the held bytes before `limit` that are not dropped, and forgets them. */
  private release(limit: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    while (this.released < limit && this.held.length > 0) {
      const piece = this.held[0]!;
      const pieceEnd = piece.start + piece.bytes.length;
      if (pieceEnd <= this.released) {
        this.held.shift();
        continue;
      }
      while (this.drops.length > 0 && this.drops[0]![1] <= this.released) this.drops.shift();
      const drop = this.drops[0];
      if (drop && drop[0] <= this.released) {
        this.released = Math.min(drop[1], limit, pieceEnd);
        continue;
      }
      const stop = Math.min(limit, pieceEnd, drop ? drop[0] : Infinity);
      out.push(piece.bytes.subarray(this.released - piece.start, stop - piece.start));
      this.released = stop;
    }
    return out;
  }
}
