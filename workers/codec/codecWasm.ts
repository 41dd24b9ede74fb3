/**
 * Which photo-codec module a runtime gets. wasm/photo-codec builds two from the same sources:
 * photo_codec.wasm uses wasm SIMD in the resampler (faster); photo_codec_scalar.wasm does not,
 * for browsers that cannot compile SIMD at all (iOS Safari before 16.4, e.g. iPhone 6s/7 on
 * iOS 15). Both give the same pixels.
 */

export type CodecWasmVariant = 'simd' | 'scalar';

/** File names inside wasm/photo-codec (see its build.sh). */
export const CODEC_WASM_FILES: Readonly<Record<CodecWasmVariant, string>> = {
  simd: 'photo_codec.wasm',
  scalar: 'photo_codec_scalar.wasm',
};

/** wasm-feature-detect's SIMD probe: a function returning i8x16.popcnt(i8x16.splat(0)).
 * popcnt came late into the proposal, so engines with an unfinished pre-standard SIMD say no. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

export function wasmSimdSupported(): boolean {
  return WebAssembly.validate(SIMD_PROBE);
}

/** The SIMD module's entry where the engine validates the SIMD probe, else the scalar one's
 * (file names for Node, asset URLs in a Vite worker). */
export function pickCodecWasm<T>(
  modules: Readonly<Record<CodecWasmVariant, T>>,
  simdSupported: boolean = wasmSimdSupported(),
): T {
  return simdSupported ? modules.simd : modules.scalar;
}
