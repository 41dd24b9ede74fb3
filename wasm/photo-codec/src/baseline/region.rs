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
pub fn decode_region(source: Source, scale: usize, rect: Rect) -> Option<Vec<u8>> {
    decode_region_planes(source, scale, rect).map(|planes| planes.interleave(rect))
}

/// The component planes of the MCUs that `rect` reaches, kept as decoded (1.5 bytes a pixel for
/// 4:2:0, against 4 for RGBA): any rectangle within `rect` is interleaved from them on demand
/// (`interleave`), with exactly the pixels `decode_region` gives of it. The print keeps a placed
/// photo's part this way and colours only the rows a band reads (src/placed.rs).
pub struct RegionPlanes {
    planes: Vec<Plane>,
    rect: Rect,
}

/// Decodes the planes of `rect` (see `RegionPlanes`), or None when this path does not take the file.
pub fn decode_region_planes(mut source: Source, scale: usize, rect: Rect) -> Option<RegionPlanes> {
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
    let mut planes = decode_planes(&header, &shape, &window, &mut source)?;
    if planes.len() > 1 {
        // a window's right edge that is not the image's is upsampled as an edge (beyond the region)
        for plane in planes.iter_mut() {
            plane.width = plane.width.min(plane.origin_x + plane.stride) - plane.origin_x;
        }
    }
    Some(RegionPlanes { planes, rect })
}

impl RegionPlanes {
    /// The decoded rectangle (the `rect` the planes were decoded for).
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// 1 (grey) or 3 (RGB) bytes a pixel.
    pub fn channels(&self) -> usize {
        if self.planes.len() == 1 {
            1
        } else {
            3
        }
    }

    /// The pixels of `part` (inside `rect`): grey from one plane, RGB from three YCbCr planes,
    /// upsampled by output.rs's own rows over the planes' windows. A window's edges that are not
    /// the image's get the edge rule there, but only in output samples beyond the region (the
    /// window reaches a whole MCU, at least one chroma sample, past it); rows come from the whole
    /// image's (`row`).
    pub fn interleave(&self, part: Rect) -> Vec<u8> {
        debug_assert!(part.x >= self.rect.x && part.y >= self.rect.y);
        debug_assert!(part.x + part.width <= self.rect.x + self.rect.width && part.y + part.height <= self.rect.y + self.rect.height);
        let planes = &self.planes;
        if let [grey] = planes.as_slice() {
            let mut out = Vec::with_capacity(part.width * part.height);
            for y in part.y..part.y + part.height {
                out.extend_from_slice(&grey.row(y)[part.x - grey.origin_x..part.x + part.width - grey.origin_x]);
            }
            return out;
        }
        let mut out = vec![0u8; part.width * part.height * 3];
        let mut lines: Vec<Vec<u8>> = planes.iter().map(|plane| vec![0u8; plane.stride * plane.up_x]).collect();
        for (y, row) in (part.y..).zip(out.chunks_exact_mut(part.width * 3)) {
            for (plane, line) in planes.iter().zip(lines.iter_mut()) {
                plane.upsample_row(y, part.x + part.width - plane.origin_x * plane.up_x, line);
            }
            // each line starts at its window's first output column
            let [luma, blue, red] = [0, 1, 2].map(|c| &lines[c][part.x - planes[c].origin_x * planes[c].up_x..][..part.width]);
            ycbcr_row(luma, blue, red, row);
        }
        out
    }
}
