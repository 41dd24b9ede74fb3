import zlib from 'node:zlib';
import {
  PNG_SIGNATURE,
  checkPixelCount,
  refuse,
  type ImageScanner,
  type ImageSize,
  type InspectResult,
  type Refusal,
} from '../../src/model/photos/imageTypes.js';

/**
 * Checks a PNG's chunk structure while it streams past (only used when the shop allows PNG):
 * the signature, IHDR first with its size, every chunk's CRC, and IEND at the end.
 */

export { PNG_SIGNATURE };
const IHDR = 0x49484452;
const IEND = 0x49454e44;
const MAX_CHUNK_LENGTH = 0x7fffffff;

const enum State {
  Signature,
  ChunkHeader,
  ChunkData,
  ChunkCrc,
  Done,
  Failed,
}

export class PngScanner implements ImageScanner {
  private state = State.Signature;
  private header: number[] = [];
  private type = 0;
  private remaining = 0;
  private crc = 0;
  private chunks = 0;
  private ihdr: number[] = [];
  private failed: { refusal: Refusal; detail: string } | null = null;
  private dimensions: ImageSize | null = null;

  get failure() {
    return this.failed;
  }

  get size() {
    return this.dimensions;
  }

  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length && this.state !== State.Done && this.state !== State.Failed) {
      if (this.state === State.ChunkData) {
        const take = Math.min(this.remaining, chunk.length - i);
        const part = chunk.subarray(i, i + take);
        this.crc = zlib.crc32(part, this.crc);
        if (this.type === IHDR)
          for (const byte of part) if (this.ihdr.length < 13) this.ihdr.push(byte);
        this.remaining -= take;
        i += take;
        if (this.remaining === 0) this.state = State.ChunkCrc;
        continue;
      }
      this.header.push(chunk[i]!);
      i++;
      if (this.state === State.Signature && this.header.length === 8) this.endSignature();
      else if (this.state === State.ChunkHeader && this.header.length === 8) this.endChunkHeader();
      else if (this.state === State.ChunkCrc && this.header.length === 4) this.endChunk();
    }
  }

  finish(): InspectResult {
    if (this.failed) return refuse(this.failed.refusal, this.failed.detail);
    if (this.state !== State.Done || !this.dimensions)
      return refuse('truncated', 'the data ends before the IEND chunk');
    return {
      ok: true,
      format: 'png',
      width: this.dimensions.width,
      height: this.dimensions.height,
    };
  }

  private fail(refusal: Refusal, detail: string): void {
    this.failed = { refusal, detail };
    this.state = State.Failed;
  }

  private endSignature(): void {
    if (!PNG_SIGNATURE.every((byte, k) => this.header[k] === byte))
      return this.fail('not-an-image', 'no PNG signature');
    this.header = [];
    this.state = State.ChunkHeader;
  }

  private endChunkHeader(): void {
    const bytes = Uint8Array.from(this.header);
    const length = readUint32(bytes, 0);
    this.type = readUint32(bytes, 4);
    this.header = [];
    if (length > MAX_CHUNK_LENGTH) return this.fail('corrupt', `chunk length ${length}`);
    if (!bytes.subarray(4, 8).every(isAsciiLetter))
      return this.fail('corrupt', 'chunk type is not four letters');
    if (this.chunks === 0 && (this.type !== IHDR || length !== 13))
      return this.fail('corrupt', 'the first chunk is not IHDR');
    if (this.chunks > 0 && this.type === IHDR) return this.fail('corrupt', 'a second IHDR chunk');
    this.crc = zlib.crc32(bytes.subarray(4, 8));
    this.remaining = length;
    this.state = length === 0 ? State.ChunkCrc : State.ChunkData;
  }

  private endChunk(): void {
    const stored = readUint32(Uint8Array.from(this.header), 0);
    this.header = [];
    if (stored !== this.crc >>> 0)
      return this.fail('corrupt', `CRC mismatch in chunk ${this.chunks}`);
    this.chunks++;
    if (this.type === IHDR) {
      const ihdr = Uint8Array.from(this.ihdr);
      const width = readUint32(ihdr, 0);
      const height = readUint32(ihdr, 4);
      const problem = checkPixelCount(width, height);
      if (problem) return this.fail(problem.refusal, problem.detail);
      this.dimensions = { width, height };
    }
    this.state = this.type === IEND ? State.Done : State.ChunkHeader;
  }
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0
  );
}

function isAsciiLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}
