//! Dequantisation and the scaled inverse DCTs: an 8x8 block becomes 8x8, 4x4, 2x2 or 1x1
//! samples. The arithmetic is the fixed-point scheme jpeg-decoder 0.2.6 uses for each size
//! (12-bit constants rounded the same way, the same rounding and shifts; wrapping on
//! overflow), so the baseline path gives the pixels the general decoder gives. The 8-point
//! transform is the even/odd factorisation of Loeffler, Ligtenberg and Moschytz (1989).
//! A block whose AC coefficients are all zero is flat: one value fills it (`flat`).

use std::num::Wrapping as W;

type Block = [i16; 64];
type Quant = [u16; 64];

/// x as a 12-bit fixed-point constant, rounded as jpeg-decoder rounds (towards zero after +0.5).
#[inline(always)]
pub(super) fn fix(x: f32) -> W<i32> {
    W((x * 4096.0 + 0.5) as i32)
}

#[inline(always)]
fn clamp(x: W<i32>) -> u8 {
    x.0.clamp(0, 255) as u8
}

#[inline(always)]
fn dequant(block: &Block, quant: &Quant, i: usize) -> W<i32> {
    W(block[i] as i32 * quant[i] as i32)
}

/// The value every sample of a block with only a DC coefficient gets at `scale` (1, 2, 4, 8).
#[inline(always)]
pub fn flat(dc: i16, q: u16, scale: usize) -> u8 {
    let dcq = W(dc as i32 * q as i32);
    match scale {
        1 => clamp((dcq + W(1024)) / W(8)),
        2 => clamp((dcq + W(4 + 1024)) >> 3),
        // 4 and 8: the column pass keeps two extra bits, the row pass removes 17.
        _ => clamp((((dcq << 2) << 12) + W(65536 + (128 << 17))) >> 17),
    }
}

/// Writes the block's samples at `scale` into `out` (rows `stride` apart).
#[inline(always)]
pub fn idct(block: &Block, quant: &Quant, scale: usize, out: &mut [u8], stride: usize) {
    match scale {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        8 => super::idct_simd::idct8(block, quant, out, stride),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        8 => idct8(block, quant, out, stride),
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        4 => super::idct_simd::idct4(block, quant, out, stride),
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        4 => idct4(block, quant, out, stride),
        2 => idct2(block, quant, out, stride),
        _ => out[0] = flat(block[0], quant[0], 1),
    }
}

/// The even half of the 8-point transform from inputs 0, 2, 4, 6, with `bias` added.
#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))] // idct_simd.rs runs instead
#[inline(always)]
fn even8(s0: W<i32>, s2: W<i32>, s4: W<i32>, s6: W<i32>, bias: W<i32>) -> [W<i32>; 4] {
    let rotation = (s2 + s6) * fix(0.5411961);
    let low = rotation + s6 * fix(-1.847759065);
    let high = rotation + s2 * fix(0.765366865);
    let sum = ((s0 + s4) << 12) + bias;
    let difference = ((s0 - s4) << 12) + bias;
    [sum + high, difference + low, difference - low, sum - high]
}

/// The odd half of the 8-point transform from inputs 1, 3, 5, 7.
#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))] // idct_simd.rs runs instead
#[inline(always)]
fn odd8(s1: W<i32>, s3: W<i32>, s5: W<i32>, s7: W<i32>) -> [W<i32>; 4] {
    let (a, b, c, d) = (s7 + s3, s5 + s1, s7 + s1, s5 + s3);
    let common = (a + b) * fix(1.175875602);
    let c = common + c * fix(-0.899976223);
    let d = common + d * fix(-2.562915447);
    let a = a * fix(-1.961570560);
    let b = b * fix(-0.390180644);
    let o7 = s7 * fix(0.298631336) + c + a;
    let o5 = s5 * fix(2.053119869) + d + b;
    let o3 = s3 * fix(3.072711026) + d + a;
    let o1 = s1 * fix(1.501321110) + c + b;
    // In output order: pairs with even[0..4] as (0,7) (1,6) (2,5) (3,4).
    [o1, o3, o5, o7]
}

#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))] // idct_simd.rs runs instead
fn idct8(block: &Block, quant: &Quant, out: &mut [u8], stride: usize) {
    let mut columns = [W(0i32); 64];
    for x in 0..8 {
        if (1..8).all(|y| block[x + 8 * y] == 0) {
            let dc = dequant(block, quant, x) << 2;
            for y in 0..8 {
                columns[x + 8 * y] = dc;
            }
            continue;
        }
        let s = |y: usize| dequant(block, quant, x + 8 * y);
        let even = even8(s(0), s(2), s(4), s(6), W(512));
        let odd = odd8(s(1), s(3), s(5), s(7));
        for k in 0..4 {
            columns[x + 8 * k] = (even[k] + odd[k]) >> 10;
            columns[x + 8 * (7 - k)] = (even[k] - odd[k]) >> 10;
        }
    }
    for y in 0..8 {
        let row = &columns[8 * y..8 * y + 8];
        let line = &mut out[y * stride..y * stride + 8];
        let even = even8(row[0], row[2], row[4], row[6], W(65536 + (128 << 17)));
        let odd = odd8(row[1], row[3], row[5], row[7]);
        for k in 0..4 {
            line[k] = clamp((even[k] + odd[k]) >> 17);
            line[7 - k] = clamp((even[k] - odd[k]) >> 17);
        }
    }
}

/// The 4-point transform of inputs 0..4 of a row or column (2 + 2 butterflies).
#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))] // idct_simd.rs runs instead
#[inline(always)]
fn four(s0: W<i32>, s1: W<i32>, s2: W<i32>, s3: W<i32>) -> (W<i32>, W<i32>, W<i32>, W<i32>) {
    let rotation = (s1 + s3) * fix(0.541196100);
    let odd_low = rotation + s3 * fix(-1.847759065);
    let odd_high = rotation + s1 * fix(0.765366865);
    (s0 + s2, s0 - s2, odd_high, odd_low)
}

#[cfg_attr(all(target_arch = "wasm32", target_feature = "simd128"), allow(dead_code))] // idct_simd.rs runs instead
fn idct4(block: &Block, quant: &Quant, out: &mut [u8], stride: usize) {
    let mut columns = [W(0i32); 16];
    for x in 0..4 {
        let s = |y: usize| dequant(block, quant, x + 8 * y);
        let (sum, difference, high, low) = four(s(0), s(1), s(2), s(3));
        let high = (high + W(512)) >> 10;
        let low = (low + W(512)) >> 10;
        columns[x] = (sum << 2) + high;
        columns[x + 12] = (sum << 2) - high;
        columns[x + 4] = (difference << 2) + low;
        columns[x + 8] = (difference << 2) - low;
    }
    let bias = W((1 << 16) + (128 << 17));
    for y in 0..4 {
        let r = &columns[4 * y..4 * y + 4];
        let (sum, difference, high, low) = four(r[0], r[1], r[2], r[3]);
        let (sum, difference) = ((sum << 12) + bias, (difference << 12) + bias);
        let line = &mut out[y * stride..y * stride + 4];
        line[0] = clamp((sum + high) >> 17);
        line[3] = clamp((sum - high) >> 17);
        line[1] = clamp((difference + low) >> 17);
        line[2] = clamp((difference - low) >> 17);
    }
}

fn idct2(block: &Block, quant: &Quant, out: &mut [u8], stride: usize) {
    let s = |i: usize| dequant(block, quant, i);
    let bias = W(4 + 1024);
    let (top, bottom) = (s(0) + s(8) + bias, s(0) - s(8) + bias);
    let (left, right) = (s(1) + s(9), s(1) - s(9));
    out[0] = clamp((top + left) >> 3);
    out[1] = clamp((top - left) >> 3);
    out[stride] = clamp((bottom + right) >> 3);
    out[stride + 1] = clamp((bottom - right) >> 3);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_block_gives_its_flat_value_at_every_scale() {
        let quant = [3u16; 64];
        for dc in [-400i16, -43, -1, 0, 1, 7, 42, 300] {
            let mut block = [0i16; 64];
            block[0] = dc;
            for scale in [1usize, 2, 4, 8] {
                let mut out = [0u8; 64];
                idct(&block, &quant, scale, &mut out, 8);
                let value = flat(dc, 3, scale);
                for y in 0..scale {
                    assert!(out[y * 8..y * 8 + scale].iter().all(|&v| v == value), "dc {} scale {}", dc, scale);
                }
            }
        }
    }

    #[test]
    fn the_scaled_transforms_agree_on_a_smooth_block() {
        // A horizontal ramp: coefficient (0, 1) only. Each scale must fall left to right.
        let mut block = [0i16; 64];
        block[0] = 10;
        block[1] = 40;
        let quant = [1u16; 64];
        for scale in [2usize, 4, 8] {
            let mut out = [0u8; 64];
            idct(&block, &quant, scale, &mut out, 8);
            assert!(out[0] > out[scale - 1], "scale {}: {:?}", scale, &out[..scale]);
        }
    }
}
