//! Separable Lanczos-3 resampling in 16-bit fixed point, the filter Pillow and libvips use
//! for photo thumbnails. After DCT scaling the remaining reduction is at most 2x, where
//! Lanczos-3 keeps fine detail that bilinear blurs and area averaging aliases (figures in
//! README.md). Edge taps are clipped and the remaining weights renormalised; each row of
//! weights sums to exactly 1 << 16, so flat areas keep their exact value.

const BITS: u32 = 16;
const ONE: i32 = 1 << BITS;
const HALF: i32 = 1 << (BITS - 1);
const LOBES: f64 = 3.0;

/// For each output position: the first source index, the number of taps used and the
/// weights (row `i` at `values[i * taps ..]`, zero-padded past `counts[i]`).
pub struct Weights {
    pub starts: Vec<u32>,
    pub counts: Vec<u32>,
    pub taps: usize,
    pub values: Vec<i32>,
}

fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        1.0
    } else {
        let a = x * std::f64::consts::PI;
        a.sin() / a
    }
}

fn lanczos3(x: f64) -> f64 {
    if x.abs() >= LOBES {
        0.0
    } else {
        sinc(x) * sinc(x / LOBES)
    }
}

pub fn weights(src: usize, dst: usize) -> Weights {
    let ratio = src as f64 / dst as f64;
    match weights_for::<false>(src, dst, ratio, 0.0) {
        Some(weights) => weights,
        None => weights_fallback(src, dst),
    }
}

/// Lanczos-3 weights for a general mapping: output pixel `out`'s centre samples the source at
/// `(out + 0.5) * ratio + offset` (source pixels). Taps outside `0..src` are dropped and the
/// rest renormalised; a centre beyond the source takes its nearest edge pixel. None when a row
/// would need more than 64 taps (a reduction past ~10x).
pub fn weights_mapped(src: usize, dst: usize, ratio: f64, offset: f64) -> Option<Weights> {
    weights_for::<true>(src, dst, ratio, offset)
}

/// The weights of `weights` (`MAPPED` false: the whole source onto the whole output, as it always
/// was, instruction for instruction) or of `weights_mapped`.
#[inline(always)]
fn weights_for<const MAPPED: bool>(src: usize, dst: usize, ratio: f64, offset: f64) -> Option<Weights> {
    // Downscaling stretches the kernel over `ratio` source pixels per output pixel.
    let stretch = ratio.max(1.0);
    let support = LOBES * stretch;
    let taps = (support.ceil() as usize) * 2 + 1;
    let mut starts = Vec::with_capacity(dst);
    let mut counts = Vec::with_capacity(dst);
    let mut values = vec![0i32; dst * taps];
    let mut float = vec![0f64; taps];
    for out in 0..dst {
        let center = if MAPPED { (out as f64 + 0.5) * ratio + offset } else { (out as f64 + 0.5) * ratio };
        let mut first = ((center - support).floor().max(0.0)) as usize;
        let mut last = ((center + support).ceil() as usize).min(src);
        if MAPPED {
            // a mapped centre may lie beyond the source (a negative `as usize` is 0): at least
            // its nearest edge pixel
            first = first.min(src - 1);
            last = last.clamp(first + 1, src);
        }
        let mut count = (last - first).min(taps);
        let mut sum = 0.0;
        for k in 0..count {
            let w = lanczos3(((first + k) as f64 + 0.5 - center) / stretch);
            float[k] = w;
            sum += w;
        }
        if MAPPED && sum <= 0.0 {
            // only negative lobes reach the source: its nearest pixel
            float[..count].fill(0.0);
            float[if center < first as f64 { 0 } else { count - 1 }] = 1.0;
            sum = 1.0;
        }
        let mut fixed = [0i32; 64];
        let fixed = if count <= 64 { &mut fixed[..count] } else { return None };
        let mut total = 0i32;
        let mut largest = 0usize;
        for k in 0..count {
            let w = (float[k] / sum * ONE as f64).round() as i32;
            fixed[k] = w;
            total += w;
            if w > fixed[largest] {
                largest = k;
            }
        }
        fixed[largest] += ONE - total;
        // Taps that rounded to zero cost a multiply each and change nothing: drop them.
        let lead = fixed.iter().take_while(|&&w| w == 0).count();
        let trail = fixed.iter().rev().take_while(|&&w| w == 0).count();
        first += lead;
        count -= lead + trail;
        values[out * taps..out * taps + count].copy_from_slice(&fixed[lead..lead + count]);
        starts.push(first as u32);
        counts.push(count as u32);
    }
    Some(Weights { starts, counts, taps, values })
}

/// Extreme reductions (more than ~10x, only for tiny thumbnails) use a box filter: each
/// output pixel averages the source pixels it covers, with fractional edges.
fn weights_fallback(src: usize, dst: usize) -> Weights {
    let ratio = src as f64 / dst as f64;
    let taps = ratio.ceil() as usize + 2;
    let mut starts = Vec::with_capacity(dst);
    let mut counts = Vec::with_capacity(dst);
    let mut values = vec![0i32; dst * taps];
    for out in 0..dst {
        let (from, to) = (out as f64 * ratio, (out as f64 + 1.0) * ratio);
        let first = from.floor() as usize;
        let last = (to.ceil() as usize).min(src);
        let row = &mut values[out * taps..out * taps + taps];
        let mut total = 0i32;
        let mut largest = 0usize;
        for k in 0..(last - first) {
            let (a, b) = (((first + k) as f64).max(from), ((first + k + 1) as f64).min(to));
            let w = ((b - a) / ratio * ONE as f64).round() as i32;
            row[k] = w;
            total += w;
            if w > row[largest] {
                largest = k;
            }
        }
        row[largest] += ONE - total;
        starts.push(first as u32);
        counts.push((last - first) as u32);
    }
    Weights { starts, counts, taps, values }
}

#[inline(always)]
fn to_u8(acc: i32) -> u8 {
    ((acc + HALF) >> BITS).clamp(0, 255) as u8
}

/// Resamples rows horizontally: `src` is `height` rows of `src_w` pixels of `C` bytes.
pub fn horizontal<const C: usize>(src: &[u8], src_w: usize, height: usize, dst_w: usize) -> Vec<u8> {
    let weights = weights(src_w, dst_w);
    assert!(src.len() >= src_w * height * C);
    for x in 0..dst_w {
        assert!(weights.starts[x] as usize + weights.counts[x] as usize <= src_w);
    }
    let mut out = vec![0u8; dst_w * height * C];
    for y in 0..height {
        let row = &src[y * src_w * C..(y + 1) * src_w * C];
        let out_row = &mut out[y * dst_w * C..(y + 1) * dst_w * C];
        // The SIMD path reads four bytes per RGB pixel: the row after this one (or the end of
        // `src`) must hold the extra byte.
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if (C == 3 || C == 4) && (C == 4 || src.len() > (y + 1) * src_w * C) {
            // SAFETY: every tap is inside the row (asserted above) and, for C = 3, one byte
            // past the row's end is still inside `src` (checked just now); the pointer comes
            // from `src`, not from the `row` slice, so it may reach that byte.
            unsafe { simd::horizontal_row::<C>(src.as_ptr().add(y * src_w * C), &weights, out_row) };
            continue;
        }
        for x in 0..dst_w {
            let start = weights.starts[x] as usize * C;
            let count = weights.counts[x] as usize;
            let taps = &weights.values[x * weights.taps..x * weights.taps + count];
            let mut acc = [0i32; C];
            for (k, &w) in taps.iter().enumerate() {
                for c in 0..C {
                    // SAFETY: start / C + count <= src_w was asserted above for every x.
                    acc[c] += w * unsafe { *row.get_unchecked(start + k * C + c) } as i32;
                }
            }
            for c in 0..C {
                out_row[x * C + c] = to_u8(acc[c]);
            }
        }
    }
    out
}

/// Resamples columns and hands each finished output row (`width` * `C` bytes) to `emit`,
/// so the caller can write it straight into the oriented RGBA image.
pub fn vertical<const C: usize>(
    src: &[u8],
    width: usize,
    src_h: usize,
    dst_h: usize,
    mut emit: impl FnMut(usize, &[u8]),
) {
    let weights = weights(src_h, dst_h);
    let stride = width * C;
    assert!(src.len() >= stride * src_h);
    let mut row_out = vec![0u8; stride];
    for y in 0..dst_h {
        let start = weights.starts[y] as usize;
        let count = weights.counts[y] as usize;
        assert!(start + count <= src_h);
        let taps = &weights.values[y * weights.taps..y * weights.taps + count];
        let base = &src[start * stride..(start + count) * stride];
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let done = simd::vertical_row(base, stride, taps, &mut row_out);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let done = 0;
        // One column at a time keeps the sum in a register; the `count` source rows stay in
        // cache while x walks along them.
        for (x, out) in row_out.iter_mut().enumerate().skip(done) {
            let mut acc = 0i32;
            for (k, &w) in taps.iter().enumerate() {
                // SAFETY: k < count and x < stride, inside `base` (count rows of stride).
                acc += w * unsafe { *base.get_unchecked(k * stride + x) } as i32;
            }
            *out = to_u8(acc);
        }
        emit(y, &row_out);
    }
}

/// `horizontal` with the weights given (`weights_mapped`): one output pixel per row of weights.
/// Its pass (`horizontal_with`) repeats `horizontal`'s instead of sharing it: with one pass for
/// both, the preview decode ran 2 % more instructions (422.76 M, codec_instructions is an exact
/// budget), and a pass expanded from one macro into both made the count differ by 16 between
/// runs (codec_instructions_spread must be 0). The same holds for `vertical_weighted`.
pub fn horizontal_weighted<const C: usize>(src: &[u8], src_w: usize, height: usize, weights: &Weights) -> Vec<u8> {
    horizontal_with::<C>(src, src_w, height, weights.starts.len(), weights)
}

fn horizontal_with<const C: usize>(src: &[u8], src_w: usize, height: usize, dst_w: usize, weights: &Weights) -> Vec<u8> {
    assert!(src.len() >= src_w * height * C);
    for x in 0..dst_w {
        assert!(weights.starts[x] as usize + weights.counts[x] as usize <= src_w);
    }
    let mut out = vec![0u8; dst_w * height * C];
    for y in 0..height {
        let row = &src[y * src_w * C..(y + 1) * src_w * C];
        let out_row = &mut out[y * dst_w * C..(y + 1) * dst_w * C];
        // The SIMD path reads four bytes per RGB pixel: the row after this one (or the end of
        // `src`) must hold the extra byte.
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if (C == 3 || C == 4) && (C == 4 || src.len() > (y + 1) * src_w * C) {
            // SAFETY: every tap is inside the row (asserted above) and, for C = 3, one byte
            // past the row's end is still inside `src` (checked just now); the pointer comes
            // from `src`, not from the `row` slice, so it may reach that byte.
            unsafe { simd::horizontal_row::<C>(src.as_ptr().add(y * src_w * C), weights, out_row) };
            continue;
        }
        for x in 0..dst_w {
            let start = weights.starts[x] as usize * C;
            let count = weights.counts[x] as usize;
            let taps = &weights.values[x * weights.taps..x * weights.taps + count];
            let mut acc = [0i32; C];
            for (k, &w) in taps.iter().enumerate() {
                for c in 0..C {
                    // SAFETY: start / C + count <= src_w was asserted above for every x.
                    acc[c] += w * unsafe { *row.get_unchecked(start + k * C + c) } as i32;
                }
            }
            for c in 0..C {
                out_row[x * C + c] = to_u8(acc[c]);
            }
        }
    }
    out
}

/// `vertical` with the weights given (`weights_mapped`): one output row per row of weights.
pub fn vertical_weighted<const C: usize>(src: &[u8], width: usize, src_h: usize, weights: &Weights, emit: impl FnMut(usize, &[u8])) {
    vertical_with::<C>(src, width, src_h, weights.starts.len(), weights, emit)
}

fn vertical_with<const C: usize>(src: &[u8], width: usize, src_h: usize, dst_h: usize, weights: &Weights, mut emit: impl FnMut(usize, &[u8])) {
    let stride = width * C;
    assert!(src.len() >= stride * src_h);
    let mut row_out = vec![0u8; stride];
    for y in 0..dst_h {
        let start = weights.starts[y] as usize;
        let count = weights.counts[y] as usize;
        assert!(start + count <= src_h);
        let taps = &weights.values[y * weights.taps..y * weights.taps + count];
        let base = &src[start * stride..(start + count) * stride];
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let done = simd::vertical_row(base, stride, taps, &mut row_out);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let done = 0;
        // One column at a time keeps the sum in a register; the `count` source rows stay in
        // cache while x walks along them.
        for (x, out) in row_out.iter_mut().enumerate().skip(done) {
            let mut acc = 0i32;
            for (k, &w) in taps.iter().enumerate() {
                // SAFETY: k < count and x < stride, inside `base` (count rows of stride).
                acc += w * unsafe { *base.get_unchecked(k * stride + x) } as i32;
            }
            *out = to_u8(acc);
        }
        emit(y, &row_out);
    }
}

/// wasm SIMD versions of the two passes: the same integer arithmetic four lanes at a time,
/// so the pixels are identical to the scalar loops (which native `cargo test` runs).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use super::{Weights, BITS, HALF};
    use core::arch::wasm32::*;

    /// (acc + HALF) >> 16 clamped to 0..=255 in every lane; the low four bytes hold the result.
    #[inline(always)]
    fn pack(a: v128, b: v128, c: v128, d: v128) -> v128 {
        let half = i32x4_splat(HALF);
        let shift = |v: v128| i32x4_shr(i32x4_add(v, half), BITS);
        u8x16_narrow_i16x8(i16x8_narrow_i32x4(shift(a), shift(b)), i16x8_narrow_i32x4(shift(c), shift(d)))
    }

    /// One RGB(A) pixel as four i32 lanes. Reads four bytes at `p`.
    #[inline(always)]
    unsafe fn pixel(p: *const u8) -> v128 {
        u32x4_extend_low_u16x8(u16x8_extend_low_u8x16(v128_load32_zero(p as *const u32)))
    }

    /// One output row of the horizontal pass for C = 3 or 4; reads one byte past a C = 3
    /// pixel, which the caller guarantees is inside the buffer.
    pub unsafe fn horizontal_row<const C: usize>(row: *const u8, weights: &Weights, out: &mut [u8]) {
        let dst_w = out.len() / C;
        let zero = i32x4_splat(0);
        for x in 0..dst_w {
            let start = *weights.starts.get_unchecked(x) as usize * C;
            let count = *weights.counts.get_unchecked(x) as usize;
            let taps = weights.values.as_ptr().add(x * weights.taps);
            let mut acc = zero;
            for k in 0..count {
                let w = i32x4_splat(*taps.add(k));
                acc = i32x4_add(acc, i32x4_mul(w, pixel(row.add(start + k * C))));
            }
            let value = i32x4_extract_lane::<0>(pack(acc, zero, zero, zero)) as u32;
            let at = x * C;
            out[at] = value as u8;
            out[at + 1] = (value >> 8) as u8;
            out[at + 2] = (value >> 16) as u8;
            if C == 4 {
                out[at + 3] = (value >> 24) as u8;
            }
        }
    }

    /// The vertical pass for the first `stride / 16 * 16` bytes of one output row: sixteen
    /// columns at a time, their sums in four registers over all taps. Returns the count done.
    pub fn vertical_row(base: &[u8], stride: usize, taps: &[i32], out: &mut [u8]) -> usize {
        let done = stride / 16 * 16;
        assert!(base.len() >= stride * taps.len() && out.len() >= done);
        let mut x = 0;
        while x < done {
            let (mut a, mut b, mut c, mut d) = (i32x4_splat(0), i32x4_splat(0), i32x4_splat(0), i32x4_splat(0));
            for (k, &w) in taps.iter().enumerate() {
                // SAFETY: x + 16 <= stride and k < taps.len(): inside `base` (asserted above).
                let bytes = unsafe { v128_load(base.as_ptr().add(k * stride + x) as *const v128) };
                let (low, high) = (u16x8_extend_low_u8x16(bytes), u16x8_extend_high_u8x16(bytes));
                let w = i32x4_splat(w);
                a = i32x4_add(a, i32x4_mul(w, u32x4_extend_low_u16x8(low)));
                b = i32x4_add(b, i32x4_mul(w, u32x4_extend_high_u16x8(low)));
                c = i32x4_add(c, i32x4_mul(w, u32x4_extend_low_u16x8(high)));
                d = i32x4_add(d, i32x4_mul(w, u32x4_extend_high_u16x8(high)));
            }
            // SAFETY: x + 16 <= done <= out.len().
            unsafe { v128_store(out.as_mut_ptr().add(x) as *mut v128, pack(a, b, c, d)) };
            x += 16;
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_weights_sums_to_one() {
        for &(src, dst) in &[(1800, 1024), (1500, 1024), (1024, 100), (7, 3), (3, 7), (5000, 10), (1, 1)] {
            let w = weights(src, dst);
            for out in 0..dst {
                let row = &w.values[out * w.taps..out * w.taps + w.counts[out] as usize];
                assert_eq!(row.iter().sum::<i32>(), ONE, "{}->{} at {}", src, dst, out);
                assert!(w.starts[out] as usize + row.len() <= src);
            }
        }
    }

    #[test]
    fn a_flat_image_stays_flat() {
        let src = vec![77u8; 300 * 200 * 3];
        let narrowed = horizontal::<3>(&src, 300, 200, 97);
        assert!(narrowed.iter().all(|&v| v == 77));
        vertical::<3>(&narrowed, 97, 200, 61, |_, row| assert!(row.iter().all(|&v| v == 77)));
    }
}
