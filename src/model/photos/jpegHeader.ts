import {
  checkPixelCount,
  refuse,
  type ImageScanner,
  type ImageSize,
  type InspectResult,
  type Refusal,
} from './imageTypes';

/**
 * Checks a JPEG's structure while it streams past, without decoding it: the signature, every
 * segment's length, the frame header (SOF0-SOF15 except DHT, JPG and DAC) for the size, the scan
 * headers, the restart-marker sequence inside the entropy-coded data, and the end-of-image marker.
 * A photo whose data was overwritten (a run of fill bytes, a second image spliced in) breaks the
 * restart sequence or shows a marker that cannot be there, so it is refused like a broken header.
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

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const DHT = 0xc4;
const JPG = 0xc8;
const DAC = 0xcc;
/** The frame header is at most 8 + 3 * 255 bytes; 4 components are all real files use. */
const CAPTURE_LIMIT = 8 + 3 * 4;

export function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== DHT && marker !== JPG && marker !== DAC;
}

function isRestart(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

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

  get failure() {
    return this.failed;
  }

  get size() {
    return this.frame;
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
          if (this.remaining === 0) this.endSegment();
          break;
        }
        case State.Entropy: {
          const ff = chunk.indexOf(0xff, i);
          if (ff === -1) {
            i = n;
          } else {
            i = ff + 1;
            this.state = State.EntropyMarker;
          }
          break;
        }
        default:
          this.step(chunk[i]!);
          i++;
      }
    }
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

  /** One byte of everything except segment bodies and entropy-coded data. */
  private step(byte: number): void {
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
        if (byte === 0xff) this.state = State.MarkerCode;
        else this.fail('corrupt', `expected a marker, found ${hex(byte)}`);
        return;
      case State.MarkerCode:
        this.onMarker(byte);
        return;
      case State.EntropyMarker:
        this.onEntropyMarker(byte);
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
        if (this.remaining === 0) this.endSegment();
        return;
      }
      default:
        return;
    }
  }

  /** A marker code between segments (fill bytes 0xff are skipped, as the standard allows). */
  private onMarker(code: number): void {
    if (code === 0xff) return;
    if (code === TEM) {
      this.state = State.MarkerStart;
      return;
    }
    if (code === SOI) return this.fail('corrupt', 'a second start-of-image marker');
    if (isRestart(code)) return this.fail('corrupt', 'a restart marker outside the image data');
    if (code === EOI) {
      if (this.scans === 0) return this.fail('corrupt', 'end of image before any image data');
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
  private onEntropyMarker(code: number): void {
    if (code === 0x00) {
      this.state = State.Entropy;
    } else if (code === 0xff) {
      // fill bytes: stay, the marker code follows
    } else if (isRestart(code)) {
      const index = code - 0xd0;
      if (index !== this.nextRestart)
        return this.fail('corrupt', `restart marker ${index} where ${this.nextRestart} belongs`);
      this.nextRestart = (this.nextRestart + 1) % 8;
      this.state = State.Entropy;
    } else {
      // the scan ended: the next segment (progressive scans, tables) or the end of the image
      this.onMarker(code);
    }
  }

  private endSegment(): void {
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
      this.state = State.MarkerStart;
    }
  }

  private readFrameHeader(): void {
    const c = this.captured;
    if (c.length < 6) return this.fail('corrupt', 'frame header too short');
    const precision = c[0]!;
    const height = (c[1]! << 8) | c[2]!;
    const width = (c[3]! << 8) | c[4]!;
    const components = c[5]!;
    if (precision < 2 || precision > 16)
      return this.fail('corrupt', `sample precision ${precision}`);
    if (components < 1 || components > 4) return this.fail('corrupt', `${components} components`);
    if (this.segmentLength() !== 8 + 3 * components)
      return this.fail('corrupt', 'frame header length does not match its components');
    // A height of 0 defers it to a DNL marker: no camera writes that, and no browser shows it.
    const sizeProblem = checkPixelCount(width, height);
    if (sizeProblem) return this.fail(sizeProblem.refusal, sizeProblem.detail);
    this.frame = { width, height };
  }

  private readScanHeader(): void {
    const components = this.captured[0] ?? 0;
    if (components < 1 || components > 4)
      return this.fail('corrupt', `scan with ${components} components`);
    if (this.segmentLength() !== 6 + 2 * components)
      return this.fail('corrupt', 'scan header length does not match its components');
  }

  /** The declared length of the segment just read (length bytes included). */
  private segmentLength(): number {
    return this.bodyLength + 2;
  }
}

function hex(byte: number): string {
  return `0x${byte.toString(16).padStart(2, '0')}`;
}

/** Reads a whole JPEG held in memory (the client's web version, a quote image, a stored file). */
export function inspectJpeg(bytes: Uint8Array): InspectResult {
  const scanner = new JpegScanner();
  scanner.push(bytes);
  return scanner.finish();
}
