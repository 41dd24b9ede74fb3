//! The codec's own decoder for sequential (baseline and extended) Huffman JPEGs with the
//! usual layouts: greyscale, or YCbCr with 4:4:4, 4:2:2, 4:4:0 or 4:2:0 sampling, all in one
//! interleaved scan. jpeg-decoder 0.2.6 reads one byte per call through `Read` and looks
//! codes up 8 bits at a time; that entropy decoding was about 78 % of a 24 MP preview. Here
//! the bits come eight bytes at a time (bits.rs), codes and small coefficients from 9-bit
//! lookahead tables (huffman.rs), each block goes straight through the scaled IDCT into its
//! component plane, and a block with only a DC coefficient is filled with one value.
//!
//! The pixels equal jpeg-decoder's (same IDCT, upsampling and colour arithmetic; the tests
//! and the differential fuzzer compare them). Any file this path does not take, or that
//! goes wrong in it (bad codes, a missing restart marker, data ending early, no EOI after
//! the scan), answers None, and the caller decodes it with jpeg-decoder, so errors and
//! odd files behave exactly as before.

pub(crate) mod bits;
mod block;
pub(crate) mod header;
pub(crate) mod huffman;
mod idct;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod idct_simd;
pub(crate) mod output;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod output_simd;
mod region;

use crate::source::Source;
use bits::{Bits, EOI};
use block::decode_block;
use header::{Header, UNZIGZAG};
use output::Plane;
pub use region::{decode_region, decode_region_planes, Rect, RegionPlanes};

/// The smallest DCT scale (eighths) jpeg-decoder 0.2.6 picks for a requested size: the
/// first whose output reaches the request on either axis.
pub fn jpeg_decoder_scale(width: u32, height: u32, request: (u32, u32)) -> u32 {
    let scaled = |side: u32, eighths: u32| (side * eighths - 1) / 8 + 1;
    for eighths in [1, 2, 4] {
        if scaled(width, eighths) >= request.0 || scaled(height, eighths) >= request.1 {
            return eighths;
        }
    }
    8
}

/// Decodes `source` (from its first byte) at `scale` eighths: interleaved pixels (grey or
/// RGB) of `ceil(width * scale / 8)` x `ceil(height * scale / 8)`, or None (see above).
pub fn decode(mut source: Source, scale: usize) -> Option<Vec<u8>> {
    let mut header = header::read(&mut source)?;
    let shape = Shape::of(&header, scale)?;
    if scale < 8 {
        header.ac_tables.iter_mut().flatten().for_each(|table| table.fill_skip());
    }
    let window = McuWindow::whole(&shape);
    let planes = decode_planes(&header, &shape, &window, &mut source)?;
    Some(output::interleave(&planes, shape.width, shape.height))
}

/// The MCUs whose blocks are kept (IDCT and storage): columns `x.0..x.1`, rows `y.0..y.1`.
/// The scan is entropy-decoded whole all the same (the DC predictors run through every block).
pub(crate) struct McuWindow {
    pub x: (usize, usize),
    pub y: (usize, usize),
}

impl McuWindow {
    pub(crate) fn whole(shape: &Shape) -> McuWindow {
        McuWindow { x: (0, shape.mcus_x), y: (0, shape.mcus_y) }
    }
}

/// The component planes of the window's MCUs, decoded from the scan.
pub(crate) fn decode_planes(header: &Header, shape: &Shape, window: &McuWindow, source: &mut Source) -> Option<Vec<Plane>> {
    let mut planes = shape.planes_in(header, window);
    let bits = &mut Bits::new(source);
    // One copy of the block loop per scale, so the IDCT and the coefficients it reads are
    // constants there (no per-coefficient test of how many to keep).
    match shape.scale {
        1 => decode_scan::<1>(header, shape, window, &mut planes, bits)?,
        2 => decode_scan::<2>(header, shape, window, &mut planes, bits)?,
        4 => decode_scan::<4>(header, shape, window, &mut planes, bits)?,
        _ => decode_scan::<8>(header, shape, window, &mut planes, bits)?,
    }
    Some(planes)
}

/// Sizes: MCUs across and down, and the output at the DCT scale.
pub(crate) struct Shape {
    pub scale: usize,
    pub mcus_x: usize,
    pub mcus_y: usize,
    pub width: usize,
    pub height: usize,
    pub h_max: usize,
    pub v_max: usize,
}

impl Shape {
    pub(crate) fn of(header: &Header, scale: usize) -> Option<Shape> {
        let components = &header.components;
        let supported = match components.len() {
            1 => components[0].h == 1 && components[0].v == 1,
            3 => (1..=2).contains(&components[0].h) && (1..=2).contains(&components[0].v) && components[1..].iter().all(|c| c.h == 1 && c.v == 1),
            _ => false,
        };
        if !supported || ![1, 2, 4, 8].contains(&scale) {
            return None;
        }
        let (h_max, v_max) = (components[0].h, components[0].v);
        let ceil_div = |a: usize, b: usize| (a + b - 1) / b;
        Some(Shape {
            scale,
            mcus_x: ceil_div(header.width, 8 * h_max),
            mcus_y: ceil_div(header.height, 8 * v_max),
            width: ceil_div(header.width * scale, 8),
            height: ceil_div(header.height * scale, 8),
            h_max,
            v_max,
        })
    }

    /// One plane per component, covering its whole MCUs (as jpeg-decoder's planes do).
    pub(crate) fn planes(&self, header: &Header) -> Vec<Plane> {
        self.planes_in(header, &McuWindow::whole(self))
    }

    /// One plane per component, covering the window's MCUs only (the image's sizes all the same).
    pub(crate) fn planes_in(&self, header: &Header, window: &McuWindow) -> Vec<Plane> {
        let ceil_div = |a: usize, b: usize| (a + b - 1) / b;
        header
            .components
            .iter()
            .map(|c| {
                let stride = (window.x.1 - window.x.0) * c.h * self.scale;
                let rows = (window.y.1 - window.y.0) * c.v * self.scale;
                Plane {
                    samples: vec![0u8; stride * rows],
                    stride,
                    origin_x: window.x.0 * c.h * self.scale,
                    origin_y: window.y.0 * c.v * self.scale,
                    width: ceil_div(header.width * c.h * self.scale, self.h_max * 8),
                    height: ceil_div(header.height * c.v * self.scale, self.v_max * 8),
                    up_x: if self.width == 1 { 1 } else { self.h_max / c.h },
                    up_y: if self.height == 1 { 1 } else { self.v_max / c.v },
                }
            })
            .collect()
    }
}

fn decode_scan<const SCALE: usize>(header: &Header, shape: &Shape, window: &McuWindow, planes: &mut [Plane], bits: &mut Bits) -> Option<()> {
    let scale = SCALE;
    debug_assert_eq!(scale, shape.scale);
    // Zigzag positions 0..keep cover every coefficient the IDCT at this scale reads.
    let keep = match scale {
        1 => 1,
        2 => 5,
        4 => 25,
        _ => 64,
    };
    let mut block = [0i16; 64];
    let mut predictors = [0i32; 3];
    let tables = header
        .components
        .iter()
        .map(|c| Some((header.dc_tables[c.dc].as_deref()?, header.ac_tables[c.ac].as_deref()?)))
        .collect::<Option<Vec<_>>>()?;
    let mut until_restart = header.restart_interval;
    let mut next_restart = 0u8;
    for mcu_y in 0..shape.mcus_y {
        let row_kept = (window.y.0..window.y.1).contains(&mcu_y);
        for mcu_x in 0..shape.mcus_x {
            let kept = row_kept && (window.x.0..window.x.1).contains(&mcu_x);
            if header.restart_interval > 0 {
                if until_restart == 0 {
                    if !bits.take_marker(0xd0 + next_restart) {
                        return None;
                    }
                    next_restart = (next_restart + 1) % 8;
                    predictors = [0; 3];
                    until_restart = header.restart_interval;
                }
                until_restart -= 1;
            }
            for (index, (component, plane)) in header.components.iter().zip(planes.iter_mut()).enumerate() {
                for v in 0..component.v {
                    for h in 0..component.h {
                        let last = decode_block(tables[index], &mut predictors[index], &mut block, keep, bits)?;
                        if !kept {
                            clear_block(&mut block, last);
                            continue;
                        }
                        let x = ((mcu_x - window.x.0) * component.h + h) * scale;
                        let y = ((mcu_y - window.y.0) * component.v + v) * scale;
                        let at = y * plane.stride + x;
                        put_block(&mut block, last, &component.quant, scale, &mut plane.samples[at..], plane.stride);
                    }
                }
            }
            if bits.overrun() {
                return None;
            }
        }
    }
    if bits.take_marker(EOI) {
        Some(())
    } else {
        None
    }
}

/// Writes the block's samples into its plane and clears the block for the next one.
#[inline(always)]
pub(crate) fn put_block(block: &mut [i16; 64], last: usize, quant: &[u16; 64], scale: usize, out: &mut [u8], stride: usize) {
    // Flat: no AC coefficient the IDCT at this scale reads (the 2x2 one reads 1, 8 and 9).
    let flat = last == 0 || scale == 1 || (scale == 2 && block[1] == 0 && block[8] == 0 && block[9] == 0);
    if flat {
        let value = idct::flat(block[0], quant[0], scale);
        match scale {
            1 => out[0] = value,
            2 => {
                out[..2].fill(value);
                out[stride..stride + 2].fill(value);
            }
            _ => {
                for row in out.chunks_mut(stride).take(scale) {
                    row[..scale].fill(value);
                }
            }
        }
    } else {
        idct::idct(block, quant, scale, out, stride);
    }
    clear_block(block, last);
}

/// Zeroes the block's coefficients up to zigzag position `last` for the next block.
#[inline(always)]
fn clear_block(block: &mut [i16; 64], last: usize) {
    if last < 32 {
        for &natural in &UNZIGZAG[..=last] {
            block[natural as usize] = 0;
        }
    } else {
        *block = [0; 64];
    }
}

#[cfg(test)]
pub(crate) mod tests;
