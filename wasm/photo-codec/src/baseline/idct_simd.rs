//! The 8x8 and 4x4 IDCTs (full size, and a 24 MP photo's 1/4-scale preview) in wasm SIMD:
//! the column pass does four columns at once, one i32 lane each, and after 4x4 transposes
//! the row pass does four rows at once. Same fixed-point constants and wrapping i32
//! arithmetic as `idct::idct8` and `idct::idct4` (sums in another order, which wrapping
//! addition does not notice), the 8x8's per-column DC shortcut kept lane by lane, and the
//! narrowing saturations are exactly their clamp to 0..=255, so the samples are the same (the scalar module, which runs `idct4`, is compared
//! with this one pixel for pixel by workers/codec/codecWasm.test.ts).

use super::idct::fix;
use core::arch::wasm32::*;

/// (s0 + s2, s0 - s2, odd high, odd low) of the 4-point transform, lane by lane.
#[inline(always)]
fn four(s0: v128, s1: v128, s2: v128, s3: v128) -> (v128, v128, v128, v128) {
    let rotation = i32x4_mul(i32x4_add(s1, s3), i32x4_splat(fix(0.541196100).0));
    let low = i32x4_add(rotation, i32x4_mul(s3, i32x4_splat(fix(-1.847759065).0)));
    let high = i32x4_add(rotation, i32x4_mul(s1, i32x4_splat(fix(0.765366865).0)));
    (i32x4_add(s0, s2), i32x4_sub(s0, s2), high, low)
}

#[inline(always)]
fn times(v: v128, constant: f32) -> v128 {
    i32x4_mul(v, i32x4_splat(fix(constant).0))
}

/// The even half of the 8-point transform (`idct::even8`), lane by lane.
#[inline(always)]
fn even8(s0: v128, s2: v128, s4: v128, s6: v128, bias: v128) -> [v128; 4] {
    let rotation = times(i32x4_add(s2, s6), 0.5411961);
    let low = i32x4_add(rotation, times(s6, -1.847759065));
    let high = i32x4_add(rotation, times(s2, 0.765366865));
    let sum = i32x4_add(i32x4_shl(i32x4_add(s0, s4), 12), bias);
    let difference = i32x4_add(i32x4_shl(i32x4_sub(s0, s4), 12), bias);
    [i32x4_add(sum, high), i32x4_add(difference, low), i32x4_sub(difference, low), i32x4_sub(sum, high)]
}

/// The odd half (`idct::odd8`), lane by lane, in output order o1, o3, o5, o7.
#[inline(always)]
fn odd8(s1: v128, s3: v128, s5: v128, s7: v128) -> [v128; 4] {
    let (a, b, c, d) = (i32x4_add(s7, s3), i32x4_add(s5, s1), i32x4_add(s7, s1), i32x4_add(s5, s3));
    let common = times(i32x4_add(a, b), 1.175875602);
    let c = i32x4_add(common, times(c, -0.899976223));
    let d = i32x4_add(common, times(d, -2.562915447));
    let a = times(a, -1.961570560);
    let b = times(b, -0.390180644);
    let o7 = i32x4_add(i32x4_add(times(s7, 0.298631336), c), a);
    let o5 = i32x4_add(i32x4_add(times(s5, 2.053119869), d), b);
    let o3 = i32x4_add(i32x4_add(times(s3, 3.072711026), d), a);
    let o1 = i32x4_add(i32x4_add(times(s1, 1.501321110), c), b);
    [o1, o3, o5, o7]
}

/// Lane i of vector j becomes lane j of vector i.
#[inline(always)]
fn transpose(v: [v128; 4]) -> [v128; 4] {
    let (a, b) = (i32x4_shuffle::<0, 4, 1, 5>(v[0], v[1]), i32x4_shuffle::<2, 6, 3, 7>(v[0], v[1]));
    let (c, d) = (i32x4_shuffle::<0, 4, 1, 5>(v[2], v[3]), i32x4_shuffle::<2, 6, 3, 7>(v[2], v[3]));
    [i32x4_shuffle::<0, 1, 4, 5>(a, c), i32x4_shuffle::<2, 3, 6, 7>(a, c), i32x4_shuffle::<0, 1, 4, 5>(b, d), i32x4_shuffle::<2, 3, 6, 7>(b, d)]
}

/// Four coefficients of row `y` from column `x`, dequantised, as i32 lanes.
#[inline(always)]
fn dequantised_at(block: &[i16; 64], quant: &[u16; 64], y: usize, x: usize) -> v128 {
    let at = 8 * y + x;
    assert!(at + 4 <= 64);
    // SAFETY: at + 4 <= 64 (asserted; constant after inlining), so both loads stay inside.
    let (coefficients, factors) = unsafe { (v128_load64_zero(block.as_ptr().add(at) as *const u64), v128_load64_zero(quant.as_ptr().add(at) as *const u64)) };
    i32x4_mul(i32x4_extend_low_i16x8(coefficients), u32x4_extend_low_u16x8(factors))
}

/// The column pass of the 8x8 for columns x..x+4: the eight output rows, lane = column.
#[inline(always)]
fn columns8(block: &[i16; 64], quant: &[u16; 64], x: usize) -> [v128; 8] {
    let s: [v128; 8] = core::array::from_fn(|y| dequantised_at(block, quant, y, x));
    let even = even8(s[0], s[2], s[4], s[6], i32x4_splat(512));
    let odd = odd8(s[1], s[3], s[5], s[7]);
    let mut rows = [i32x4_splat(0); 8];
    for k in 0..4 {
        rows[k] = i32x4_shr(i32x4_add(even[k], odd[k]), 10);
        rows[7 - k] = i32x4_shr(i32x4_sub(even[k], odd[k]), 10);
    }
    // A column without AC coefficients is dc << 2 (as idct8's shortcut, also on overflow).
    let mut any_ac = i32x4_splat(0);
    for y in 1..8 {
        any_ac = v128_or(any_ac, s[y]);
    }
    let flat = i32x4_eq(any_ac, i32x4_splat(0));
    let dc = i32x4_shl(s[0], 2);
    rows.map(|row| v128_bitselect(dc, row, flat))
}

pub fn idct8(block: &[i16; 64], quant: &[u16; 64], out: &mut [u8], stride: usize) {
    let (left, right) = (columns8(block, quant, 0), columns8(block, quant, 4));
    let bias = i32x4_splat(65536 + (128 << 17));
    for group in 0..2 {
        let rows = 4 * group;
        // Lane r is row rows + r; vector j is column j.
        let [c0, c1, c2, c3] = transpose([left[rows], left[rows + 1], left[rows + 2], left[rows + 3]]);
        let [c4, c5, c6, c7] = transpose([right[rows], right[rows + 1], right[rows + 2], right[rows + 3]]);
        let even = even8(c0, c2, c4, c6, bias);
        let odd = odd8(c1, c3, c5, c7);
        let x: [v128; 8] = core::array::from_fn(|k| if k < 4 { i32x4_shr(i32x4_add(even[k], odd[k]), 17) } else { i32x4_shr(i32x4_sub(even[7 - k], odd[7 - k]), 17) });
        // Byte 4k + r of `low` (columns 0-3) and of `high` (4-7); gathered per row below.
        let low = u8x16_narrow_i16x8(i16x8_narrow_i32x4(x[0], x[1]), i16x8_narrow_i32x4(x[2], x[3]));
        let high = u8x16_narrow_i16x8(i16x8_narrow_i32x4(x[4], x[5]), i16x8_narrow_i32x4(x[6], x[7]));
        let first = i8x16_shuffle::<0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29>(low, high);
        let second = i8x16_shuffle::<2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31>(low, high);
        let lines = [u64x2_extract_lane::<0>(first), u64x2_extract_lane::<1>(first), u64x2_extract_lane::<0>(second), u64x2_extract_lane::<1>(second)];
        for (r, line) in lines.iter().enumerate() {
            let y = rows + r;
            out[y * stride..y * stride + 8].copy_from_slice(&line.to_le_bytes());
        }
    }
}

/// Row `y`'s first four coefficients, dequantised, as i32 lanes.
#[inline(always)]
fn dequantised(block: &[i16; 64], quant: &[u16; 64], y: usize) -> v128 {
    dequantised_at(block, quant, y, 0)
}

pub fn idct4(block: &[i16; 64], quant: &[u16; 64], out: &mut [u8], stride: usize) {
    // Columns: lane x of each vector is column x.
    let (sum, difference, high, low) = four(dequantised(block, quant, 0), dequantised(block, quant, 1), dequantised(block, quant, 2), dequantised(block, quant, 3));
    let round = |v: v128| i32x4_shr(i32x4_add(v, i32x4_splat(512)), 10);
    let (high, low) = (round(high), round(low));
    let (sum, difference) = (i32x4_shl(sum, 2), i32x4_shl(difference, 2));
    let rows = [i32x4_add(sum, high), i32x4_add(difference, low), i32x4_sub(difference, low), i32x4_sub(sum, high)];
    // Transpose: lane y of vector x is row y's value in column x.
    let columns = transpose(rows);
    // Rows: lane y is row y.
    let (sum, difference, high, low) = four(columns[0], columns[1], columns[2], columns[3]);
    let bias = i32x4_splat((1 << 16) + (128 << 17));
    let (sum, difference) = (i32x4_add(i32x4_shl(sum, 12), bias), i32x4_add(i32x4_shl(difference, 12), bias));
    let descale = |v: v128| i32x4_shr(v, 17);
    let (x0, x1, x2, x3) = (descale(i32x4_add(sum, high)), descale(i32x4_add(difference, low)), descale(i32x4_sub(difference, low)), descale(i32x4_sub(sum, high)));
    // Saturating i32 -> i16 -> u8 is the clamp to 0..=255; byte 4x + y, reordered to 4y + x.
    let bytes = u8x16_narrow_i16x8(i16x8_narrow_i32x4(x0, x1), i16x8_narrow_i32x4(x2, x3));
    let by_row = i8x16_shuffle::<0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15>(bytes, bytes);
    let lanes = [u32x4_extract_lane::<0>(by_row), u32x4_extract_lane::<1>(by_row), u32x4_extract_lane::<2>(by_row), u32x4_extract_lane::<3>(by_row)];
    for (y, lane) in lanes.iter().enumerate() {
        out[y * stride..y * stride + 4].copy_from_slice(&lane.to_le_bytes());
    }
}
