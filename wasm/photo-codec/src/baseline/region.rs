//! A region of the decoded image (the print's part of a photo a slot shows): the scan is
//! entropy-decoded whole (the DC predictors and the restart markers run through every block, and
//! a file going wrong anywhere goes wrong as the whole decode does), but only the blocks of the
//! MCUs that reach the region go through the IDCT into planes that hold just those MCUs. The
//! chroma upsampling reads one sample beyond an output pixel's own, so the window keeps one MCU
//! more on each side, and the region's samples are upsampled with the whole image's edge rules:
//! the pixels are exactly those of the whole decode's region.

use super::header;
use super::output::{ycbcr_row, Plane};
use super::{decode_planes, McuWindow, Shape};
use crate::source::Source;

/// A rectangle of the output at the DCT scale (stored orientation), in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub width: usize,
    pub height: usize,
}

/// Decodes `source` (from its first byte) at `scale` eighths and answers the interleaved pixels
/// (grey or RGB) of `rect` only, or None when this path does not take the file (see mod.rs).
pub fn decode_region(mut source: Source, scale: usize, rect: Rect) -> Option<Vec<u8>> {
    let mut header = header::read(&mut source)?;
    let shape = Shape::of(&header, scale)?;
    if rect.width == 0 || rect.height == 0 || rect.x + rect.width > shape.width || rect.y + rect.height > shape.height {
        return None;
    }
    if scale < 8 {
        header.ac_tables.iter_mut().flatten().for_each(|table| table.fill_skip());
    }
    let (mcu_w, mcu_h) = (shape.h_max * scale, shape.v_max * scale);
    // One MCU more on each side: the chroma sample next to an edge pixel's own.
    let window = McuWindow {
        x: ((rect.x / mcu_w).saturating_sub(1), ((rect.x + rect.width - 1) / mcu_w + 2).min(shape.mcus_x)),
        y: ((rect.y / mcu_h).saturating_sub(1), ((rect.y + rect.height - 1) / mcu_h + 2).min(shape.mcus_y)),
    };
    let planes = decode_planes(&header, &shape, &window, &mut source)?;
    Some(interleave_region(&planes, rect))
}

/// The region's pixels: grey from one plane, RGB from three YCbCr planes.
fn interleave_region(planes: &[Plane], rect: Rect) -> Vec<u8> {
    let columns = rect.x..rect.x + rect.width;
    if let [grey] = planes {
        let mut out = Vec::with_capacity(rect.width * rect.height);
        for y in rect.y..rect.y + rect.height {
            out.extend_from_slice(&grey.row(y)[columns.start - grey.origin_x..columns.end - grey.origin_x]);
        }
        return out;
    }
    let mut out = vec![0u8; rect.width * rect.height * 3];
    let mut lines = [vec![0u8; rect.width], vec![0u8; rect.width], vec![0u8; rect.width]];
    for (y, row) in (rect.y..).zip(out.chunks_exact_mut(rect.width * 3)) {
        for (plane, line) in planes.iter().zip(lines.iter_mut()) {
            for (sample, x) in line.iter_mut().zip(columns.clone()) {
                *sample = upsampled(plane, x, y);
            }
        }
        ycbcr_row(&lines[0], &lines[1], &lines[2], row);
    }
    out
}

/// Output sample (x, y) of a component: output.rs's upsampling (`Plane::upsample_row`) one
/// sample at a time, the same sums and edge rules. A row pair's "column" is 3 near + far; a
/// plane not doubled down counts as 4 x its row, which makes the doubled-across sums
/// ((3 a + b + 8) >> 4, edges (c + 2) >> 2) those of the single-row triangle filter.
fn upsampled(plane: &Plane, x: usize, y: usize) -> u8 {
    let column = |cx: usize| -> u32 {
        if plane.up_y == 1 {
            4 * plane.row(y)[cx - plane.origin_x] as u32
        } else {
            let near = y / 2;
            let far = if y % 2 == 0 { near.saturating_sub(1) } else { (near + 1).min(plane.height - 1) };
            3 * plane.row(near)[cx - plane.origin_x] as u32 + plane.row(far)[cx - plane.origin_x] as u32
        }
    };
    if plane.up_x == 1 {
        return ((column(x) + 2) >> 2) as u8;
    }
    let (w, j) = (plane.width, x / 2);
    let edge = if x % 2 == 0 { j == 0 } else { j + 1 >= w };
    if w == 1 || edge {
        return ((column(j) + 2) >> 2) as u8;
    }
    let other = if x % 2 == 0 { j - 1 } else { j + 1 };
    ((3 * column(j) + column(other) + 8) >> 4) as u8
}
