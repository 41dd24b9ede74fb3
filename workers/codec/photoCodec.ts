/**
 * Typed wrapper around wasm/photo-codec (plain exports over linear memory, see its README).
 * Works in a worker and in Node: pass the .wasm bytes, a compiled WebAssembly.Module, or a
 * URL the runtime can fetch (in a Vite worker: the asset URL of the module pickCodecWasm in
 * ./codecWasm.ts chooses: SIMD, or scalar where the browser has no wasm SIMD).
 * Every call is synchronous; use it inside a worker, never on the page's main thread.
 */

import type {
  PhotoEffect,
  DecodedImage,
  CodecResult,
  JpegHeader,
  PhotoCodec,
  PhotoCodecOptions,
  PhotoPlacement,
  PhotoRegion,
  PlacedRows,
  ScaledSize,
} from './codecTypes';
import { CodecInstance } from './codecInstance';

export { CODEC_ERRORS, COLOUR_OUTCOMES, PHOTO_EFFECTS } from './codecTypes';
export type {
  CodecError,
  CodecErrorCode,
  CodecResult,
  ColourOutcome,
  DecodedImage,
  JpegHeader,
  PhotoCodec,
  PhotoCodecOptions,
  PhotoEffect,
  PhotoPlacement,
  PhotoRegion,
  PlacedRows,
  ScaledSize,
} from './codecTypes';

const EMPTY_INPUT = new Uint8Array(0);

/** Whole numbers from `least` up to 2^31 - 1: what the u32 parameters can take without wrapping. */
function sizes(least: number, ...values: number[]): boolean {
  return values.every((value) => Number.isInteger(value) && value >= least && value <= 0x7fffffff);
}

/** BAD_ARGUMENT for a minimum size or a region the u32 parameters cannot take, else null. */
function refusedRegion(minW: number, minH: number, region: PhotoRegion): CodecResult<never> | null {
  const { x, y, width, height } = region;
  if (!sizes(0, minW, minH)) return badArgument(`minimum ${minW}x${minH}`);
  if (!sizes(0, x, y) || !sizes(1, width, height))
    return badArgument(`region ${width}x${height} at ${x},${y}`);
  return null;
}

function badArgument<T>(what: string): CodecResult<T> {
  return { ok: false, error: { code: 'BAD_ARGUMENT', message: `bad ${what}` } };
}

type WasmSource = BufferSource | WebAssembly.Module | URL | string;

async function compile(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === 'string' || source instanceof URL) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`photo codec: ${String(source)} answered ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
  return WebAssembly.compile(source);
}

/** Loads the codec once; the compiled module is kept so a trapped instance is replaced cheaply. */
export async function loadPhotoCodec(
  source: WasmSource,
  options: PhotoCodecOptions = {},
): Promise<PhotoCodec> {
  const onWarning =
    options.onWarning ?? ((message: string) => console.warn(`photo codec: ${message}`));
  const codec = new PhotoCodecInstance(
    await compile(source),
    options.maxRetainedBytes ?? 192 * 1024 * 1024,
    onWarning,
  );
  await codec.start();
  return codec;
}

/** Test hook: makes the module trap the way a decoder panic would; the codec must recover. */
export function crashForTest(codec: PhotoCodec): CodecResult<never> {
  if (!(codec instanceof PhotoCodecInstance)) throw new Error('not a codec from loadPhotoCodec');
  return codec.crashForTest();
}

/** The PhotoCodec calls: each checks its arguments and runs its export through CodecInstance. */
class PhotoCodecInstance extends CodecInstance implements PhotoCodec {
  decodeToFit(
    jpeg: Uint8Array,
    maxW: number,
    maxH: number,
    orientation = 1,
    effect: PhotoEffect = 'none',
  ): CodecResult<DecodedImage> {
    if (!sizes(1, maxW, maxH)) return badArgument(`box ${maxW}x${maxH}`);
    return this.decode(
      jpeg,
      (w) => w.decode_fit(0, jpeg.byteLength, maxW, maxH, orientation | 0),
      effect,
    );
  }

  decodeScaled(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation = 1,
  ): CodecResult<DecodedImage> {
    if (!sizes(0, minW, minH)) return badArgument(`minimum ${minW}x${minH}`);
    return this.decode(
      jpeg,
      (w) => w.decode_scaled(0, jpeg.byteLength, minW, minH, orientation | 0),
      'none',
    );
  }

  decodeScaledInPlace<T>(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T> {
    if (!sizes(0, minW, minH)) return badArgument(`minimum ${minW}x${minH}`);
    return this.inPlace(
      jpeg,
      (w) => w.decode_scaled(0, jpeg.byteLength, minW, minH, orientation | 0),
      effect,
      use,
    );
  }

  decodeScaledRegionInPlace<T>(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    region: PhotoRegion,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T> {
    const refused = refusedRegion(minW, minH, region);
    if (refused) return refused;
    const { x, y, width, height } = region;
    return this.inPlace(
      jpeg,
      (w) =>
        w.decode_scaled_region(
          0,
          jpeg.byteLength,
          minW,
          minH,
          orientation | 0,
          x,
          y,
          width,
          height,
        ),
      effect,
      use,
    );
  }

  openPlaced(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    region: PhotoRegion,
    placement: PhotoPlacement,
  ): CodecResult<PlacedRows> {
    const refused = refusedRegion(minW, minH, region);
    if (refused) return refused;
    const { x, y, width, height } = region;
    const { ratioX, offsetX, ratioY, offsetY } = placement;
    if (!sizes(1, placement.width, placement.height))
      return badArgument(`placement ${placement.width}x${placement.height}`);
    const open = this.call(jpeg, (w) => {
      const session = w.placed_open(
        0,
        jpeg.byteLength,
        minW,
        minH,
        orientation | 0,
        x,
        y,
        width,
        height,
        placement.width,
        placement.height,
        ratioX,
        offsetX,
        ratioY,
        offsetY,
      );
      return session === 0 ? this.failure<number>(w) : { ok: true, value: session };
    });
    if (!open.ok) return open;
    return { ok: true, value: this.placedRows(open.value) };
  }

  /** A session's rows; a codec restarted since (a trap, memory given back) has lost it. */
  private placedRows(session: number): PlacedRows {
    const instance = this.restarts;
    let open = true;
    const lost = <T>(): CodecResult<T> => ({
      ok: false,
      error: {
        code: 'BAD_ARGUMENT',
        message: 'the placed photo was closed or its codec restarted',
      },
    });
    return {
      rowsInPlace: (top, count, effect, use) => {
        if (!open || this.restarts !== instance) return lost();
        if (!sizes(0, top) || !sizes(1, count)) return badArgument(`rows ${count} at ${top}`);
        return this.inPlace(EMPTY_INPUT, (w) => w.placed_rows(session, top, count), effect, use);
      },
      close: () => {
        if (open && this.restarts === instance)
          this.call(EMPTY_INPUT, (w) => ({ ok: true, value: w.placed_close(session) }));
        open = false;
      },
    };
  }

  scaledSize(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation = 1,
  ): CodecResult<ScaledSize> {
    if (!sizes(0, minW, minH)) return badArgument(`minimum ${minW}x${minH}`);
    return this.call(jpeg, (w) => {
      const pointer = w.scaled_size(0, jpeg.byteLength, minW, minH, orientation | 0);
      if (pointer === 0) return this.failure(w);
      const [width, height, scaleEighths] = new Uint32Array(w.memory.buffer, pointer, 3);
      return { ok: true, value: { width: width!, height: height!, scaleEighths: scaleEighths! } };
    });
  }

  probe(jpeg: Uint8Array): CodecResult<JpegHeader> {
    return this.call(jpeg, (w) => {
      const pointer = w.probe(0, jpeg.byteLength);
      if (pointer === 0) return this.failure(w);
      const [width, height, components, progressive] = new Uint32Array(w.memory.buffer, pointer, 4);
      return {
        ok: true,
        value: {
          width: width!,
          height: height!,
          components: components!,
          progressive: progressive === 1,
        },
      };
    });
  }

  applyEffect(image: DecodedImage, effect: PhotoEffect): CodecResult<DecodedImage> {
    return this.withImage(image, (w, handle) => this.takeImage(w, handle, effect, false));
  }

  resizeToFit(
    image: DecodedImage,
    maxW: number,
    maxH: number,
    effect: PhotoEffect = 'none',
  ): CodecResult<DecodedImage> {
    if (!sizes(1, maxW, maxH)) return badArgument(`box ${maxW}x${maxH}`);
    return this.withImage(image, (w, handle) => {
      const resized = w.resize_fit(handle, maxW, maxH);
      return resized === 0 ? this.failure(w) : this.takeImage(w, resized, effect, true);
    });
  }

  memoryBytes(): number {
    return this.wasm().memory.buffer.byteLength;
  }

  liveImages(): number {
    return this.wasm().live_images();
  }
}
