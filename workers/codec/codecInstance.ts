/**
 * The machinery under photoCodec.ts's typed calls: the module's raw exports, one call at a time
 * with its input streamed through read_input, image handles read, copied out and freed, failures
 * read back, and a trapped (or grown) instance replaced. PhotoCodecInstance builds on this class.
 */
import {
  PHOTO_EFFECTS,
  CODEC_ERRORS,
  COLOUR_OUTCOMES,
  type PhotoEffect,
  type DecodedImage,
  type CodecResult,
} from './codecTypes';

interface Exports {
  memory: WebAssembly.Memory;
  decode_fit(input: number, len: number, maxW: number, maxH: number, orientation: number): number;
  decode_scaled(
    input: number,
    len: number,
    minW: number,
    minH: number,
    orientation: number,
  ): number;
  decode_scaled_region(
    input: number,
    len: number,
    minW: number,
    minH: number,
    orientation: number,
    x: number,
    y: number,
    w: number,
    h: number,
  ): number;
  placed_open(
    input: number,
    len: number,
    minW: number,
    minH: number,
    orientation: number,
    x: number,
    y: number,
    w: number,
    h: number,
    outW: number,
    outH: number,
    ratioX: number,
    offsetX: number,
    ratioY: number,
    offsetY: number,
  ): number;
  placed_rows(session: number, top: number, count: number): number;
  placed_close(session: number): number;
  scaled_size(input: number, len: number, minW: number, minH: number, orientation: number): number;
  probe(input: number, len: number): number;
  resize_fit(handle: number, maxW: number, maxH: number): number;
  image_new(width: number, height: number): number;
  effect(handle: number, effectId: number): number;
  free_image(handle: number): number;
  last_error(): number;
  last_error_message(): number;
  last_error_message_len(): number;
  abi_version(): number;
  live_images(): number;
  last_warning_message(): number;
  last_warning_message_len(): number;
  panic_for_test(): number;
}

const ABI_VERSION = 4;
const HEADER_FIELDS = 9;
const EMPTY = new Uint8Array(0);

export abstract class CodecInstance {
  restarts = 0;
  private exports: Exports | null = null;
  /** The input the imported read_input streams from during a decode call. */
  private input: Uint8Array = EMPTY;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly maxRetainedBytes: number,
    private readonly onWarning: (message: string) => void,
  ) {}

  /** The first instance is made asynchronously (allowed everywhere); replacements after a
   * trap are synchronous, which browsers allow off the main thread. */
  async start(): Promise<void> {
    this.adopt(await WebAssembly.instantiate(this.module, this.imports()));
  }

  /** Makes the module panic (a trap) so tests can prove recovery; see crashForTest in photoCodec.ts. */
  crashForTest(): CodecResult<never> {
    return this.call(EMPTY, (w) => {
      w.panic_for_test();
      return this.failure(w);
    });
  }

  /** Runs a decoding export, applies `effect` in place and hands `use` the pixels where they lie. */
  protected inPlace<T>(
    jpeg: Uint8Array,
    run: (w: Exports) => number,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T> {
    return this.call(jpeg, (w) => {
      const handle = run(w);
      const warning = w.last_warning_message_len();
      if (warning > 0) this.onWarning(this.text(w, w.last_warning_message(), warning));
      if (handle === 0) return this.failure(w);
      try {
        if (effect !== 'none' && w.effect(handle, PHOTO_EFFECTS.indexOf(effect)) !== 0)
          return this.failure(w);
        const {
          width,
          height,
          pixels,
          byteLength,
          sourceWidth,
          sourceHeight,
          scaleEighths,
          colour,
        } = this.header(w, handle);
        const rgba = new Uint8ClampedArray(w.memory.buffer, pixels, byteLength);
        return {
          ok: true,
          value: use({ width, height, rgba, sourceWidth, sourceHeight, scaleEighths, colour }),
        };
      } finally {
        w.free_image(handle);
      }
    });
  }

  protected decode(
    jpeg: Uint8Array,
    run: (w: Exports) => number,
    effect: PhotoEffect,
  ): CodecResult<DecodedImage> {
    return this.inPlace(jpeg, run, effect, (image) => ({ ...image, rgba: image.rgba.slice() }));
  }

  /** Copies `image` into a fresh handle, runs `use`, frees the handle. */
  protected withImage(
    image: DecodedImage,
    use: (w: Exports, handle: number) => CodecResult<DecodedImage>,
  ): CodecResult<DecodedImage> {
    if (image.rgba.length !== image.width * image.height * 4) {
      return {
        ok: false,
        error: { code: 'BAD_ARGUMENT', message: 'rgba length does not match width x height x 4' },
      };
    }
    return this.call(EMPTY, (w) => {
      const handle = w.image_new(image.width, image.height);
      if (handle === 0) return this.failure(w);
      try {
        const header = this.header(w, handle);
        new Uint8ClampedArray(w.memory.buffer, header.pixels, header.byteLength).set(image.rgba);
        const result = use(w, handle);
        if (result.ok)
          Object.assign(result.value, {
            sourceWidth: image.sourceWidth,
            sourceHeight: image.sourceHeight,
            scaleEighths: image.scaleEighths,
            colour: image.colour ?? 'none',
          });
        return result;
      } finally {
        w.free_image(handle);
      }
    });
  }

  /** Applies `effect`, copies the pixels out once and (when `owned`) frees the handle. */
  protected takeImage(
    w: Exports,
    handle: number,
    effect: PhotoEffect,
    owned: boolean,
  ): CodecResult<DecodedImage> {
    try {
      if (effect !== 'none' && w.effect(handle, PHOTO_EFFECTS.indexOf(effect)) !== 0)
        return this.failure(w);
      const header = this.header(w, handle);
      const rgba = new Uint8ClampedArray(header.byteLength);
      rgba.set(new Uint8ClampedArray(w.memory.buffer, header.pixels, header.byteLength));
      const { width, height, sourceWidth, sourceHeight, scaleEighths, colour } = header;
      return {
        ok: true,
        value: { width, height, rgba, sourceWidth, sourceHeight, scaleEighths, colour },
      };
    } finally {
      if (owned) w.free_image(handle);
    }
  }

  private header(w: Exports, handle: number) {
    const [width, height, pixels, byteLength, sourceWidth, sourceHeight, scaleEighths, , colour] =
      new Uint32Array(w.memory.buffer, handle, HEADER_FIELDS);
    return {
      width: width!,
      height: height!,
      pixels: pixels!,
      byteLength: byteLength!,
      sourceWidth: sourceWidth!,
      sourceHeight: sourceHeight!,
      scaleEighths: scaleEighths!,
      colour: COLOUR_OUTCOMES[colour!] ?? 'none',
    };
  }

  protected failure<T>(w: Exports): CodecResult<T> {
    const code = CODEC_ERRORS[w.last_error()] ?? 'CRASHED';
    return {
      ok: false,
      error: { code: code === 'OK' ? 'CRASHED' : code, message: this.message(w) },
    };
  }

  private message(w: Exports): string {
    return this.text(w, w.last_error_message(), w.last_error_message_len());
  }

  private text(w: Exports, pointer: number, length: number): string {
    return new TextDecoder().decode(new Uint8Array(w.memory.buffer, pointer, length));
  }

  /**
   * Runs one export call with `input` streamed through read_input. A trap (a decoder panic,
   * a failed memory.grow) leaves the instance in an unknown state: it is dropped and the
   * next call gets a fresh one. A grown memory is given back the same way.
   */
  protected call<T>(input: Uint8Array, run: (w: Exports) => CodecResult<T>): CodecResult<T> {
    const w = this.wasm();
    this.input = input;
    try {
      return run(w);
    } catch (thrown) {
      if (!(thrown instanceof WebAssembly.RuntimeError)) {
        // Thrown through WASM frames (by a host callback): Rust state may be half-updated.
        this.discard();
        throw thrown;
      }
      let message = String(thrown.message);
      try {
        if (w.last_error() === CODEC_ERRORS.indexOf('CRASHED'))
          message = `${this.message(w)} (${message})`;
      } catch {
        // The panic message is a bonus; the trap itself is the error.
      }
      this.discard();
      return { ok: false, error: { code: 'CRASHED', message } };
    } finally {
      this.input = EMPTY;
      if (this.exports && this.exports.memory.buffer.byteLength > this.maxRetainedBytes)
        this.discard();
    }
  }

  /** Drops the instance (and its memory); the next call instantiates the kept module again. */
  private discard(): void {
    this.exports = null;
    this.restarts += 1;
  }

  protected wasm(): Exports {
    return this.exports ?? this.adopt(new WebAssembly.Instance(this.module, this.imports()));
  }

  private adopt(instance: WebAssembly.Instance): Exports {
    const exports = instance.exports as unknown as Exports;
    if (exports.abi_version() !== ABI_VERSION)
      throw new Error('photo codec: .wasm ABI version does not match this wrapper');
    this.exports = exports;
    return exports;
  }

  /** env.read_input: copies the current input's bytes [offset, offset + len) to dst. */
  private imports(): WebAssembly.Imports {
    const readInput = (offset: number, dst: number, len: number): number => {
      const chunk = this.input.subarray(offset, offset + len);
      new Uint8Array(this.exports!.memory.buffer, dst, chunk.byteLength).set(chunk);
      return chunk.byteLength;
    };
    return { env: { read_input: readInput } };
  }
}
