//! The hot loops of output.rs in wasm SIMD, sixteen samples at a time with the same integer
//! arithmetic (so the same bytes; the scalar module runs output.rs's loops and
//! workers/codec/codecWasm.test.ts compares the two modules pixel for pixel): YCbCr to RGB
//! in 20-bit fixed point, and the triangle filter doubling a 4:2:0 chroma row across and
//! down. The first and last samples of a row, and the tail under sixteen, stay scalar.

use core::arch::wasm32::*;

/// Pixels 0..n of YCbCr rows to interleaved RGB, n a multiple of 16; answers n.
pub fn ycbcr_row(y: &[u8], cb: &[u8], cr: &[u8], out: &mut [u8], fix20: impl Fn(f32) -> i32) -> usize {
    let n = y.len().min(cb.len()).min(cr.len()).min(out.len() / 3) / 16 * 16;
    let (red_cr, green_cb, green_cr, blue_cb) = (i32x4_splat(fix20(1.40200)), i32x4_splat(fix20(0.34414)), i32x4_splat(fix20(0.71414)), i32x4_splat(fix20(1.77200)));
    let (half, centre) = (i32x4_splat(1 << 19), i16x8_splat(128));
    for x in (0..n).step_by(16) {
        // SAFETY: x + 16 <= n <= each row's length.
        let (yv, cbv, crv) = unsafe { (v128_load(y.as_ptr().add(x) as *const v128), v128_load(cb.as_ptr().add(x) as *const v128), v128_load(cr.as_ptr().add(x) as *const v128)) };
        let channel = |high_bytes: bool| {
            let pick = |v: v128| if high_bytes { u16x8_extend_high_u8x16(v) } else { u16x8_extend_low_u8x16(v) };
            let (luma, cb, cr) = (pick(yv), i16x8_sub(pick(cbv), centre), i16x8_sub(pick(crv), centre));
            let mut parts = [[i32x4_splat(0); 3]; 2];
            for (half_index, part) in parts.iter_mut().enumerate() {
                let widen = |v: v128| if half_index == 0 { i32x4_extend_low_i16x8(v) } else { i32x4_extend_high_i16x8(v) };
                let (luma, cb, cr) = (i32x4_add(i32x4_shl(widen(luma), 20), half), widen(cb), widen(cr));
                let red = i32x4_add(luma, i32x4_mul(red_cr, cr));
                let green = i32x4_sub(i32x4_sub(luma, i32x4_mul(green_cb, cb)), i32x4_mul(green_cr, cr));
                let blue = i32x4_add(luma, i32x4_mul(blue_cb, cb));
                *part = [i32x4_shr(red, 20), i32x4_shr(green, 20), i32x4_shr(blue, 20)];
            }
            // Saturating narrows are the clamp to 0..=255.
            core::array::from_fn::<v128, 3, _>(|c| i16x8_narrow_i32x4(parts[0][c], parts[1][c]))
        };
        let (low, high) = (channel(false), channel(true));
        let red = u8x16_narrow_i16x8(low[0], high[0]);
        let green = u8x16_narrow_i16x8(low[1], high[1]);
        let blue = u8x16_narrow_i16x8(low[2], high[2]);
        let rg_low = i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(red, green);
        let rg_high = i8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(red, green);
        // 48 bytes: r g b for 16 pixels, from (r g) pairs and blue.
        let a = i8x16_shuffle::<0, 1, 16, 2, 3, 17, 4, 5, 18, 6, 7, 19, 8, 9, 20, 10>(rg_low, blue);
        let mixed = i8x16_shuffle::<5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21, 0, 0, 0, 0, 0>(blue, rg_high); // b5-b9, r8 g8 r9 g9 r10 g10
        let b = i8x16_shuffle::<11, 16, 12, 13, 17, 14, 15, 18, 21, 22, 19, 23, 24, 20, 25, 26>(rg_low, mixed);
        let c = i8x16_shuffle::<26, 6, 7, 27, 8, 9, 28, 10, 11, 29, 12, 13, 30, 14, 15, 31>(rg_high, blue);
        let at = &mut out[3 * x..3 * x + 48];
        // SAFETY: `at` holds 48 bytes.
        unsafe {
            v128_store(at.as_mut_ptr() as *mut v128, a);
            v128_store(at.as_mut_ptr().add(16) as *mut v128, b);
            v128_store(at.as_mut_ptr().add(32) as *mut v128, c);
        }
    }
    n
}

/// The inner samples of a 4:2:0 chroma row doubled across (see `Plane::upsample_row`):
/// from the column sums `3 near + far`, output 2x - 1 gets `(3 left + right + 8) >> 4` and
/// output 2x `(3 right + left + 8) >> 4`, for x = 1, 9, 17, ... while eight fit in `width`;
/// answers the first x not done.
pub fn widen_h2v2(near: &[u8], far: &[u8], width: usize, line: &mut [u8]) -> usize {
    let mut x = 1;
    if near.len() < width || far.len() < width || line.len() < 2 * width {
        return x;
    }
    let (three, eight) = (i16x8_splat(3), i16x8_splat(8));
    // SAFETY (loads): x - 1 + 8 <= x + 8 <= width <= both rows' lengths.
    let columns = |at: usize| unsafe {
        let (n, f) = (v128_load64_zero(near.as_ptr().add(at) as *const u64), v128_load64_zero(far.as_ptr().add(at) as *const u64));
        i16x8_add(i16x8_mul(u16x8_extend_low_u8x16(n), three), u16x8_extend_low_u8x16(f))
    };
    while x + 8 <= width {
        let (left, right) = (columns(x - 1), columns(x));
        let odd = u16x8_shr(i16x8_add(i16x8_add(i16x8_mul(left, three), right), eight), 4);
        let even = u16x8_shr(i16x8_add(i16x8_add(i16x8_mul(right, three), left), eight), 4);
        let bytes = i8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(u8x16_narrow_i16x8(odd, odd), u8x16_narrow_i16x8(even, even));
        let at = &mut line[2 * x - 1..2 * x + 15];
        // SAFETY: `at` holds 16 bytes.
        unsafe { v128_store(at.as_mut_ptr() as *mut v128, bytes) };
        x += 8;
    }
    x
}
