import { checkPixelCount, type Refusal } from './imageTypes';

/** The JPEG markers the structure check knows, and readers of the segment bodies it looks into. */

export interface FrameComponent {
  id: number;
  /** Sampling factors, 1-4. */
  h: number;
  v: number;
}

export interface JpegFrame {
  width: number;
  height: number;
  /** SOF2, SOF6, SOF10, SOF14: a component may be coded in several scans. */
  progressive: boolean;
  components: FrameComponent[];
}

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const TEM = 0x01;
const DHT = 0xc4;
const JPG = 0xc8;
const DAC = 0xcc;

export function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== DHT && marker !== JPG && marker !== DAC;
}

/** SOF2, SOF6, SOF10 and SOF14: a component may be coded in several scans. */
function isProgressiveFrame(marker: number): boolean {
  return marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce;
}

export function isRestart(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

export function hex(byte: number): string {
  return `0x${byte.toString(16).padStart(2, '0')}`;
}

/**
 * Told where each segment lies in the stream (offsets count every byte pushed): what the photo
 * store keeps of an upload is decided on these (server/photos/jpegKeep.ts).
 */
export interface JpegSegmentObserver {
  /** A whole segment, marker to end of body: `[start, end)`; `head` is up to its first 20 body bytes. */
  segment(marker: number, start: number, end: number, head: readonly number[]): void;
  /** Bytes that mean nothing: fill bytes before a marker, TEM markers. */
  skipped(start: number, end: number): void;
}

export type SegmentReading<T> =
  { ok: true; value: T } | { ok: false; refusal: Refusal; detail: string };

function corrupt(detail: string): { ok: false; refusal: Refusal; detail: string } {
  return { ok: false, refusal: 'corrupt', detail };
}

/** A frame header: `body` holds at least its first 20 bytes (4 components), `length` is the declared one. */
export function readFrameHeader(
  marker: number,
  body: readonly number[],
  length: number,
): SegmentReading<JpegFrame> {
  if (body.length < 6) return corrupt('frame header too short');
  const precision = body[0]!;
  const height = (body[1]! << 8) | body[2]!;
  const width = (body[3]! << 8) | body[4]!;
  const count = body[5]!;
  if (precision < 2 || precision > 16) return corrupt(`sample precision ${precision}`);
  if (count < 1 || count > 4) return corrupt(`${count} components`);
  if (length !== 8 + 3 * count) return corrupt('frame header length does not match its components');
  // A height of 0 defers it to a DNL marker: no camera writes that, and no browser shows it.
  const sizeProblem = checkPixelCount(width, height);
  if (sizeProblem) return { ok: false, ...sizeProblem };
  const components: FrameComponent[] = [];
  for (let k = 0; k < count; k++) {
    const sampling = body[7 + 3 * k]!;
    components.push({ id: body[6 + 3 * k]!, h: sampling >> 4, v: sampling & 15 });
  }
  return {
    ok: true,
    value: { width, height, progressive: isProgressiveFrame(marker), components },
  };
}

/** A scan header's component ids. */
export function readScanHeader(body: readonly number[], length: number): SegmentReading<number[]> {
  const count = body[0] ?? 0;
  if (count < 1 || count > 4) return corrupt(`scan with ${count} components`);
  if (length !== 6 + 2 * count) return corrupt('scan header length does not match its components');
  return { ok: true, value: Array.from({ length: count }, (_, k) => body[1 + 2 * k]!) };
}
