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
    // Downscaling stretches the kernel over `ratio` source pixels per output pixel.
    let stretch = ratio.max(1.0);
    let support = LOBES * stretch;
    let taps = (support.ceil() as usize) * 2 + 1;
    let mut starts = Vec::with_capacity(dst);
    let mut counts = Vec::with_capacity(dst);
    let mut values = vec![0i32; dst * taps];
    let mut float = vec![0f64; taps];
    for out in 0..dst {
        let center = (out as f64 + 0.5) * ratio;
        let mut first = ((center - support).floor().max(0.0)) as usize;
        let last = ((center + support).ceil() as usize).min(src);
        let mut count = (last - first).min(taps);
        let mut sum = 0.0;
        for k in 0..count {
            let w = lanczos3(((first + k) as f64 + 0.5 - center) / stretch);
            float[k] = w;
            sum += w;
        }
        let mut fixed = [0i32; 64];
        let fixed = if count <= 64 { &mut fixed[..count] } else { return weights_fallback(src, dst) };
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
    Weights { starts, counts, taps, values }
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
        // One column at a time keeps the sum in a register; the `count` source rows stay in
        // cache while x walks along them.
        for (x, out) in row_out.iter_mut().enumerate() {
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
