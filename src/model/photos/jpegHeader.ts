import {
  refuse,
  type ImageScanner,
  type ImageSize,
  type InspectResult,
  type Refusal,
} from './imageTypes';
import { JpegWork, isTableSegment } from './jpegLimits';
import {
  EOI,
  SOI,
  SOS,
  TEM,
  hex,
  isRestart,
  isStartOfFrame,
  readFrameHeader,
  readScanHeader,
  type JpegSegmentObserver,
} from './jpegSegments';

/**
 * Checks a JPEG's structure while it streams past, without decoding it: the signature, every
 * segment's length, the frame header (SOF0-SOF15 except DHT, JPG and DAC) for the size, the scan
 * headers, the restart-marker sequence inside the entropy-coded data, and the end-of-image marker.
 * A photo whose data was overwritten (a run of fill bytes, a second image spliced in) breaks the
 * restart sequence or shows a marker that cannot be there, so it is refused like a broken header.
 * The work the file asks of a decoder must stay in proportion to its pixels (jpegLimits.ts).
 * Bytes after the end-of-image marker are ignored: phones append motion clips and extra images there.
 */

const enum State {
  Signature0,
  Signature1,
  MarkerStart,
  MarkerCode,
  LengthHigh,
  LengthLow,
  SegmentBody,
  Entropy,
  EntropyMarker,
  Done,
  Failed,
}

/** The frame header is at most 8 + 3 * 255 bytes; 4 components are all real files use. */
const CAPTURE_LIMIT = 8 + 3 * 4;

export class JpegScanner implements ImageScanner {
  private state = State.Signature0;
  private marker = 0;
  private lengthHigh = 0;
  private bodyLength = 0;
  private remaining = 0;
  private captured: number[] = [];
  private nextRestart = 0;
  private scans = 0;
  private failed: { refusal: Refusal; detail: string } | null = null;
  private frame: ImageSize | null = null;
  private readonly work = new JpegWork();
  private entropyBytes = 0;
  /** Bytes pushed before the current chunk. */
  private base = 0;
  /** Where the marker being read (or the 0xff that may start one) begins. */
  private markerAt = 0;
  private end: number | null = null;

  constructor(private readonly observer?: JpegSegmentObserver) {}

  get failure() {
    return this.failed;
  }

  get size() {
    return this.frame;
  }

  /** The offset just after the end-of-image marker, once it has been read. */
  get endOfImage(): number | null {
    return this.end;
  }

  /** Every byte before this offset belongs to a finished segment, the scan data or the skipped bytes. */
  get settled(): number {
    const open = this.state === State.MarkerCode || this.state === State.EntropyMarker;
    const inSegment =
      this.state === State.LengthHigh ||
      this.state === State.LengthLow ||
      this.state === State.SegmentBody;
    return open || inSegment ? this.markerAt : this.base;
  }

  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n && this.state !== State.Failed && this.state !== State.Done) {
      switch (this.state) {
        case State.SegmentBody: {
          const take = Math.min(this.remaining, n - i);
          for (let k = 0; k < take && this.captured.length < CAPTURE_LIMIT; k++)
            this.captured.push(chunk[i + k]!);
          this.remaining -= take;
          i += take;
          if (this.remaining === 0) this.endSegment(this.base + i);
          break;
        }
        case State.Entropy: {
          const ff = chunk.indexOf(0xff, i);
          const next = ff === -1 ? n : ff + 1;
          this.entropyBytes += next - i;
          i = next;
          if (ff !== -1) {
            this.markerAt = this.base + ff;
            this.state = State.EntropyMarker;
          }
          break;
        }
        default:
          this.step(chunk[i]!, this.base + i);
          i++;
      }
    }
    this.base += n;
    if (this.state === State.Entropy || this.state === State.EntropyMarker)
      this.check(this.work.entropy(this.entropyBytes));
  }

  finish(): InspectResult {
    if (this.failed) return refuse(this.failed.refusal, this.failed.detail);
    if (this.state !== State.Done || !this.frame)
      return refuse('truncated', 'the data ends before the end-of-image marker');
    return { ok: true, format: 'jpeg', width: this.frame.width, height: this.frame.height };
  }

  private fail(refusal: Refusal, detail: string): void {
    this.failed = { refusal, detail };
    this.state = State.Failed;
  }

  /** Refuses the file as corrupt when a rule of jpegLimits.ts is broken. */
  private check(problem: string | null): void {
    if (problem && !this.failed) this.fail('corrupt', problem);
  }

  /** One byte (at offset `at`) of everything except segment bodies and entropy-coded data. */
  private step(byte: number, at: number): void {
    switch (this.state) {
      case State.Signature0:
        if (byte === 0xff) this.state = State.Signature1;
        else this.fail('not-an-image', 'no JPEG signature ffd8');
        return;
      case State.Signature1:
        if (byte === SOI) this.state = State.MarkerStart;
        else this.fail('not-an-image', 'no JPEG signature ffd8');
        return;
      case State.MarkerStart:
        this.markerAt = at;
        if (byte === 0xff) this.state = State.MarkerCode;
        else this.fail('corrupt', `expected a marker, found ${hex(byte)}`);
        return;
      case State.MarkerCode:
        this.onMarker(byte, at);
        return;
      case State.EntropyMarker:
        this.onEntropyMarker(byte, at);
        return;
      case State.LengthHigh:
        this.lengthHigh = byte;
        this.state = State.LengthLow;
        return;
      case State.LengthLow: {
        const length = (this.lengthHigh << 8) | byte;
        if (length < 2)
          return this.fail('corrupt', `segment ${hex(this.marker)} has length ${length}`);
        this.bodyLength = length - 2;
        this.remaining = this.bodyLength;
        this.captured = [];
        this.state = State.SegmentBody;
        if (this.remaining === 0) this.endSegment(at + 1);
        return;
      }
      default:
        return;
    }
  }

  /** A marker code (at `at`) between segments; fill bytes 0xff before it are skipped, as the standard allows. */
  private onMarker(code: number, at: number): void {
    if (code === 0xff) {
      this.observer?.skipped(this.markerAt, at);
      this.markerAt = at;
      return;
    }
    if (code === TEM) {
      this.observer?.skipped(this.markerAt, at + 1);
      this.state = State.MarkerStart;
      return;
    }
    if (code === SOI) return this.fail('corrupt', 'a second start-of-image marker');
    if (isRestart(code)) return this.fail('corrupt', 'a restart marker outside the image data');
    if (code === EOI) {
      if (this.scans === 0) return this.fail('corrupt', 'end of image before any image data');
      this.end = at + 1;
      this.state = State.Done;
      return;
    }
    if (code < 0xc0) return this.fail('corrupt', `reserved marker ${hex(code)}`);
    if (isStartOfFrame(code) && this.frame) return this.fail('corrupt', 'a second frame header');
    if (code === SOS && !this.frame)
      return this.fail('corrupt', 'image data before the frame header');
    this.marker = code;
    this.state = State.LengthHigh;
  }

  /** The byte after 0xff inside entropy-coded data. */
  private onEntropyMarker(code: number, at: number): void {
    if (code === 0x00) {
      this.entropyBytes++;
      this.state = State.Entropy;
    } else if (code === 0xff) {
      // fill bytes: the marker code follows
      this.observer?.skipped(this.markerAt, at);
      this.markerAt = at;
    } else if (isRestart(code)) {
      const index = code - 0xd0;
      if (index !== this.nextRestart)
        return this.fail('corrupt', `restart marker ${index} where ${this.nextRestart} belongs`);
      this.nextRestart = (this.nextRestart + 1) % 8;
      this.entropyBytes++;
      this.state = State.Entropy;
    } else {
      // the scan ended: the next segment (progressive scans, tables) or the end of the image
      this.check(this.work.entropy(this.entropyBytes));
      if (this.state !== State.Failed) this.onMarker(code, at);
    }
  }

  private endSegment(end: number): void {
    this.observer?.segment(this.marker, this.markerAt, end, this.captured);
    if (isStartOfFrame(this.marker)) {
      this.readFrameHeader();
      if (this.state === State.Failed) return;
      this.state = State.MarkerStart;
    } else if (this.marker === SOS) {
      this.readScanHeader();
      if (this.state === State.Failed) return;
      this.scans++;
      this.nextRestart = 0;
      this.state = State.Entropy;
    } else {
      if (isTableSegment(this.marker)) this.check(this.work.table(this.marker, this.bodyLength));
      if (this.state !== State.Failed) this.state = State.MarkerStart;
    }
  }

  private readFrameHeader(): void {
    const reading = readFrameHeader(this.marker, this.captured, this.segmentLength());
    if (!reading.ok) return this.fail(reading.refusal, reading.detail);
    this.check(this.work.setFrame(reading.value));
    this.frame = { width: reading.value.width, height: reading.value.height };
  }

  private readScanHeader(): void {
    const reading = readScanHeader(this.captured, this.segmentLength());
    if (!reading.ok) return this.fail(reading.refusal, reading.detail);
    this.check(this.work.scan(reading.value));
  }

  /** The declared length of the segment just read (length bytes included). */
  private segmentLength(): number {
    return this.bodyLength + 2;
  }
}

/** Reads a whole JPEG held in memory (the client's web version, a quote image, a stored file, a photo the print reads). */
export function inspectJpeg(bytes: Uint8Array): InspectResult {
  const scanner = new JpegScanner();
  scanner.push(bytes);
  return scanner.finish();
}
