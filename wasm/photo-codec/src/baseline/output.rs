//! From decoded component planes to interleaved pixels: chroma upsampling ("fancy", a
//! triangle filter: each output sample 3/4 of the nearer input and 1/4 of the farther, as
//! libjpeg does it) and YCbCr to RGB (ITU-R BT.601, 20-bit fixed point), with the same
//! arithmetic and edge rules as jpeg-decoder 0.2.6's, so both paths give the same pixels.

/// One decoded component: samples at the DCT scale, rows `stride` apart.
pub struct Plane {
    pub samples: Vec<u8>,
    pub stride: usize,
    /// The first sample's place in the whole component: the plane may hold only a window of it.
    pub origin_x: usize,
    pub origin_y: usize,
    /// The component's own size at the DCT scale (the plane's padding lies beyond it).
    pub width: usize,
    pub height: usize,
    /// Output samples per plane sample across and down: 1 or 2.
    pub up_x: usize,
    pub up_y: usize,
}

impl Plane {
    /// Row `y` of the whole component (within the plane's window), from the window's first column.
    pub(crate) fn row(&self, y: usize) -> &[u8] {
        &self.samples[(y - self.origin_y) * self.stride..]
    }

    /// Output row `y` of this component, upsampled to at least `width` samples into `line`.
    #[inline(always)]
    pub(crate) fn upsample_row(&self, y: usize, width: usize, line: &mut [u8]) {
        if self.up_y == 1 {
            let row = self.row(y);
            if self.up_x == 1 {
                line[..width].copy_from_slice(&row[..width]);
            } else {
                widen(&row[..self.width], line);
            }
            return;
        }
        // The nearer input row and the farther one (the one above for even output rows).
        let near = y / 2;
        let far = if y % 2 == 0 { near.saturating_sub(1) } else { (near + 1).min(self.height - 1) };
        let (near, far) = (self.row(near), self.row(far));
        if self.up_x == 1 {
            for x in 0..width {
                line[x] = ((3 * near[x] as u32 + far[x] as u32 + 2) >> 2) as u8;
            }
            return;
        }
        let w = self.width;
        let column = |x: usize| 3 * near[x] as u32 + far[x] as u32;
        if w == 1 {
            let value = ((column(0) + 2) >> 2) as u8;
            line[0] = value;
            line[1] = value;
            return;
        }
        line[0] = ((column(0) + 2) >> 2) as u8;
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let first = super::output_simd::widen_h2v2(near, far, w, line);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let first = 1;
        let mut right = column(first - 1);
        for x in first..w {
            let left = right;
            right = column(x);
            line[2 * x - 1] = ((3 * left + right + 8) >> 4) as u8;
            line[2 * x] = ((3 * right + left + 8) >> 4) as u8;
        }
        line[2 * w - 1] = ((right + 2) >> 2) as u8;
    }
}

/// One row doubled across with the triangle filter.
fn widen(row: &[u8], line: &mut [u8]) {
    let w = row.len();
    if w == 1 {
        line[0] = row[0];
        line[1] = row[0];
        return;
    }
    line[0] = row[0];
    line[1] = ((row[0] as u32 * 3 + row[1] as u32 + 2) >> 2) as u8;
    for x in 1..w - 1 {
        let centre = 3 * row[x] as u32 + 2;
        line[2 * x] = ((centre + row[x - 1] as u32) >> 2) as u8;
        line[2 * x + 1] = ((centre + row[x + 1] as u32) >> 2) as u8;
    }
    line[2 * (w - 1)] = ((row[w - 1] as u32 * 3 + row[w - 2] as u32 + 2) >> 2) as u8;
    line[2 * (w - 1) + 1] = row[w - 1];
}

const FRACTION: u32 = 20;

#[inline(always)]
fn fix20(x: f32) -> i32 {
    (x * (1u32 << FRACTION) as f32 + 0.5) as i32
}

#[inline(always)]
fn to_byte(x: i32) -> u8 {
    (x >> FRACTION).clamp(0, 255) as u8
}

/// YCbCr rows to RGB, `width` pixels.
pub(crate) fn ycbcr_row(y: &[u8], cb: &[u8], cr: &[u8], out: &mut [u8]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let (y, cb, cr, out) = {
        let done = super::output_simd::ycbcr_row(y, cb, cr, out, fix20);
        (&y[done..], &cb[done..], &cr[done..], &mut out[3 * done..])
    };
    let (red_cr, green_cb, green_cr, blue_cb) = (fix20(1.40200), fix20(0.34414), fix20(0.71414), fix20(1.77200));
    for (((pixel, &y), &cb), &cr) in out.chunks_exact_mut(3).zip(y).zip(cb).zip(cr) {
        let luma = ((y as i32) << FRACTION) + (1 << (FRACTION - 1));
        let (cb, cr) = (cb as i32 - 128, cr as i32 - 128);
        pixel[0] = to_byte(luma + red_cr * cr);
        pixel[1] = to_byte(luma - green_cb * cb - green_cr * cr);
        pixel[2] = to_byte(luma + blue_cb * cb);
    }
}

/// The image, `width` x `height`: grey from one plane, RGB from three YCbCr planes.
pub fn interleave(planes: &[Plane], width: usize, height: usize) -> Vec<u8> {
    if let [grey] = planes {
        let mut out = vec![0u8; width * height];
        for (y, line) in out.chunks_exact_mut(width).enumerate() {
            line.copy_from_slice(&grey.row(y)[..width]);
        }
        return out;
    }
    let mut out = vec![0u8; width * height * 3];
    let line_len = planes.iter().map(|p| p.width * p.up_x).max().unwrap_or(0).max(width);
    let mut lines = [vec![0u8; line_len], vec![0u8; line_len], vec![0u8; line_len]];
    for (y, row) in out.chunks_exact_mut(width * 3).enumerate() {
        for (plane, line) in planes.iter().zip(lines.iter_mut()) {
            plane.upsample_row(y, width, line);
        }
        ycbcr_row(&lines[0][..width], &lines[1][..width], &lines[2][..width], row);
    }
    out
}
