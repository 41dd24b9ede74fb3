import { JpegKeep } from './jpegKeep.js';
import { PNG_SIGNATURE, PngScanner } from './pngHeader.js';
import {
  refuse,
  type ImageScanner,
  type ImageSize,
  type InspectResult,
  type Refusal,
} from '../../src/model/photos/imageTypes.js';

export interface InspectOptions {
  /** The spec's PNG setting. */
  allowPng: boolean;
  /** More bytes than this are refused as 'file-too-big'. */
  maxBytes: number;
}

const SNIFF_BYTES = PNG_SIGNATURE.length;

/**
 * Decides from the first bytes whether a stream is a JPEG or a PNG, then lets that format's scanner
 * check the rest as it streams. Never throws; refuses as early as the bytes allow. Answers the bytes
 * worth storing as they are checked: of a JPEG what a photo needs (jpegKeep.ts), a PNG whole.
 */
export class ImageInspector {
  private head: number[] = [];
  private scanner: ImageScanner | null = null;
  private keep: JpegKeep | null = null;
  private early: { refusal: Refusal; detail: string } | null = null;
  private count = 0;

  constructor(private readonly options: InspectOptions) {}

  get bytes(): number {
    return this.count;
  }

  get failure(): { refusal: Refusal; detail: string } | null {
    return this.early ?? this.scanner?.failure ?? null;
  }

  get size(): ImageSize | null {
    return this.scanner?.size ?? null;
  }

  /** Checks the next bytes; answers those to store now (none once the image is refused). */
  push(chunk: Uint8Array): Uint8Array[] {
    if (this.failure) return [];
    this.count += chunk.length;
    if (this.count > this.options.maxBytes) {
      this.early = { refusal: 'file-too-big', detail: `more than ${this.options.maxBytes} bytes` };
      return [];
    }
    if (this.scanner) return this.pass(chunk);
    const need = SNIFF_BYTES - this.head.length;
    for (let k = 0; k < Math.min(need, chunk.length); k++) this.head.push(chunk[k]!);
    if (this.head.length < SNIFF_BYTES || !this.choose()) return [];
    return [...this.pass(Uint8Array.from(this.head)), ...this.pass(chunk.subarray(need))];
  }

  /** The last bytes to store once finish() found the image sound: a JPEG trailer within its budget. */
  rest(): Uint8Array[] {
    return this.keep?.finish() ?? [];
  }

  finish(): InspectResult {
    if (!this.scanner && !this.early) {
      if (this.head.length === 0) return refuse('not-an-image', 'the file is empty');
      this.choose()?.push(Uint8Array.from(this.head));
    }
    if (this.early) return refuse(this.early.refusal, this.early.detail);
    return this.scanner ? this.scanner.finish() : refuse('not-an-image', 'unknown format');
  }

  private pass(chunk: Uint8Array): Uint8Array[] {
    const kept = this.keep ? this.keep.push(chunk) : (this.scanner!.push(chunk), [chunk]);
    return this.scanner!.failure ? [] : kept;
  }

  /** Picks the scanner from the signature, or records the refusal. */
  private choose(): ImageScanner | null {
    const head = this.head;
    if (head[0] === 0xff && head[1] === 0xd8) {
      this.keep = new JpegKeep();
      this.scanner = this.keep.scanner;
    } else if (head.length === SNIFF_BYTES && PNG_SIGNATURE.every((byte, k) => head[k] === byte)) {
      if (this.options.allowPng) this.scanner = new PngScanner();
      else this.early = { refusal: 'png-not-allowed', detail: 'PNG is not allowed' };
    } else {
      this.early = { refusal: 'not-an-image', detail: 'neither a JPEG nor a PNG signature' };
    }
    return this.scanner;
  }
}

/** Inspects bytes held in memory. */
export function inspectImage(bytes: Uint8Array, options: InspectOptions): InspectResult {
  const inspector = new ImageInspector(options);
  inspector.push(bytes);
  return inspector.finish();
}
