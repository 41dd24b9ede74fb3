//! The codec's own decoder for progressive Huffman JPEGs (SOF2, 8-bit, ITU T.81 Annex G) with
//! the baseline path's layouts: greyscale, or YCbCr with Y sampled 1x1, 2x1, 1x2 or 2x2 and
//! chroma 1x1. jpeg-decoder 0.2.6 keeps all 64 coefficients of every block and reads the bits
//! a byte per call; here only the coefficients the IDCT at the DCT scale reads are kept
//! (store.rs), the bits come through the baseline path's word-wide reader and lookahead
//! tables (scan.rs), and at 1/8 scale the AC scans are not decoded at all: their data is only
//! searched for the next marker. The IDCT, upsampling and colour conversion are the baseline
//! path's, so the pixels equal jpeg-decoder's at the same scale (the tests and the
//! differential fuzzer compare them).
//!
//! Any file this path does not take or that goes wrong in it (other frames or layouts, tables
//! or markers where they should not be, bad codes, data ending early, anything jpeg-decoder
//! would refuse) answers None, and the caller decodes it with jpeg-decoder, so errors and odd
//! files behave exactly as before. One exception: at 1/8 scale a corrupt AC scan is never
//! read, so a file jpeg-decoder refuses for it is shown from its DC coefficients.

mod frame;
mod scan;
mod store;

use crate::baseline::bits::Bits;
use crate::baseline::header::{byte, read_huffman, read_quant, segment, Component, Header};
use crate::baseline::huffman::Table;
use crate::baseline::{output, put_block, Shape};
use crate::source::Source;
use frame::{Frame, Scan};
use store::Store;

/// Decodes `source` (from its first byte) at `scale` eighths, as `baseline::decode` does.
pub fn decode(mut source: Source, scale: usize) -> Option<Vec<u8>> {
    if (byte(&mut source)?, byte(&mut source)?) != (0xff, 0xd8) {
        return None;
    }
    let mut tables = Tables::default();
    let mut image: Option<Image> = None;
    let mut pending = None;
    loop {
        let marker = match pending.take() {
            Some(code) => code,
            None => next_marker(&mut source)?,
        };
        match marker {
            0xc2 if image.is_none() => image = Some(Image::new(Frame::read(&segment(&mut source)?)?, scale)?),
            0xc4 => read_huffman(&segment(&mut source)?, &mut tables.dc, &mut tables.ac)?,
            // Quantisation tables are read once, before the first scan (jpeg-decoder takes
            // them later, when a component is complete).
            0xdb if image.as_ref().map_or(true, |image| image.scans == 0) => read_quant(&segment(&mut source)?, &mut tables.quant)?,
            0xdd => {
                let data = segment(&mut source)?;
                tables.restart_interval = if data.len() == 2 { (data[0] as usize) << 8 | data[1] as usize } else { return None };
            }
            0xda => {
                let image = image.as_mut()?;
                let scan = Scan::read(&segment(&mut source)?, &image.frame)?;
                pending = Some(image.decode_scan(&scan, &tables, &mut source)?);
            }
            0xd9 => return image?.finish(&tables),
            // Adobe APP14 with transform 0 (RGB, not YCbCr), and Motion JPEG's APP0 "AVI1"
            // (jpeg-decoder brings its own Huffman tables for those): jpeg-decoder's.
            0xee | 0xe0 => {
                let data = segment(&mut source)?;
                let adobe_rgb = marker == 0xee && data.len() >= 12 && data.starts_with(b"Adobe") && data[11] == 0;
                if adobe_rgb || (marker == 0xe0 && data.starts_with(b"AVI1")) {
                    return None;
                }
            }
            0xe1..=0xef | 0xfe => {
                segment(&mut source)?;
            }
            // Other frames, a second frame, DQT between scans, arithmetic coding (DAC), DNL,
            // hierarchical markers, SOI, RSTn outside a scan, and the codes jpeg-decoder
            // refuses (TEM, reserved, JPGn, ff 00).
            _ => return None,
        }
    }
}

#[derive(Default)]
struct Tables {
    quant: [Option<[u16; 64]>; 4],
    dc: [Option<Box<Table>>; 4],
    ac: [Option<Box<Table>>; 4],
    restart_interval: usize,
}

/// ff, then any fill bytes (ff), then the marker code.
fn next_marker(source: &mut Source) -> Option<u8> {
    if byte(source)? != 0xff {
        return None;
    }
    let mut code = byte(source)?;
    while code == 0xff {
        code = byte(source)?;
    }
    Some(code)
}

/// A scan whose data is not needed: past its entropy-coded bytes (and restart markers) to
/// the next marker, answered.
fn skip_scan(source: &mut Source) -> Option<u8> {
    loop {
        let chunk = source.chunk();
        if chunk.is_empty() {
            return None;
        }
        let (length, found) = match chunk.iter().position(|&b| b == 0xff) {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        source.consume(length);
        if found {
            let mut code = byte(source)?;
            while code == 0xff {
                code = byte(source)?;
            }
            if code != 0x00 && !(0xd0..=0xd7).contains(&code) {
                return Some(code);
            }
        }
    }
}

struct Image {
    frame: Frame,
    /// The baseline path's frame for its plane layout (`Shape`), tables left empty.
    layout: Header,
    shape: Shape,
    store: Store,
    scans: usize,
    /// Per component, the zigzag positions a scan with Al = 0 has delivered: once all 64
    /// are, jpeg-decoder turns the component into pixels and ignores any later scan of it.
    finished: Vec<u64>,
    /// The sum of 2^Al over the AC refinement scans so far (see `scan::VALUE_LIMIT`).
    refinement_budget: i32,
}

impl Image {
    fn new(frame: Frame, scale: usize) -> Option<Image> {
        let components = frame.components.iter().map(|c| Component { h: c.h, v: c.v, quant: [0; 64], dc: 0, ac: 0 }).collect();
        let layout = Header { width: frame.width, height: frame.height, components, restart_interval: 0, dc_tables: Default::default(), ac_tables: Default::default() };
        let shape = Shape::of(&layout, scale)?;
        let blocks: Vec<(usize, usize)> = frame.components.iter().map(|c| (shape.mcus_x * c.h, shape.mcus_y * c.v)).collect();
        // At 1/8 scale no AC scan is read, so no block needs to know its non-zero AC coefficients.
        let store = Store::new(scale, &blocks, scale > 1);
        let finished = vec![0; frame.components.len()];
        Some(Image { frame, layout, shape, store, scans: 0, finished, refinement_budget: 0 })
    }

    /// Decodes (or skips) one scan; answers the marker after its data.
    fn decode_scan(&mut self, scan: &Scan, tables: &Tables, source: &mut Source) -> Option<u8> {
        self.scans += 1;
        let band: u64 = (scan.start..=scan.end).fold(0, |mask, k| mask | 1 << k);
        for (i, &c) in scan.components.iter().enumerate() {
            let complete = self.finished[c] == !0;
            let quant_missing = tables.quant[self.frame.components[c].quant].is_none();
            let dc_missing = scan.start == 0 && tables.dc[scan.dc_tables[i]].is_none();
            let ac_missing = scan.end > 0 && tables.ac[scan.ac_tables[i]].is_none();
            if complete || quant_missing || dc_missing || ac_missing {
                return None;
            }
            if scan.low == 0 {
                self.finished[c] |= band;
            }
        }
        if scan.start > 0 && self.store.components[0].nonzero.is_empty() {
            return skip_scan(source);
        }
        let mcus = (self.shape.mcus_x, self.shape.mcus_y);
        let interval = tables.restart_interval;
        let mut bits = Bits::new(source);
        if scan.start > 0 {
            if scan.high > 0 {
                self.refinement_budget += 1 << scan.low;
                if scan::VALUE_LIMIT + self.refinement_budget >= i16::MAX as i32 {
                    return None;
                }
            }
            let c = scan.components[0];
            let table = tables.ac[scan.ac_tables[0]].as_deref()?;
            scan::ac(&self.frame, mcus, scan, interval, table, &self.store.slot, &mut self.store.components[c], &mut bits)?;
        } else {
            let mut stores: Vec<_> = self.store.components.iter_mut().enumerate().filter(|(c, _)| scan.components.contains(c)).map(|(_, blocks)| blocks).collect();
            if scan.high == 0 {
                let dc: Vec<&Table> = scan.dc_tables.iter().map(|&t| tables.dc[t].as_deref()).collect::<Option<_>>()?;
                scan::dc_first(&self.frame, mcus, scan, interval, &dc, &mut stores, &mut bits)?;
            } else {
                scan::dc_refine(&self.frame, mcus, scan, interval, &mut stores, &mut bits)?;
            }
        }
        if bits.overrun() {
            return None;
        }
        bits.take_any_marker()
    }

    /// Every block through the scaled IDCT into its plane, then upsampling and colour.
    fn finish(self, tables: &Tables) -> Option<Vec<u8>> {
        if self.scans == 0 {
            return None;
        }
        let scale = self.shape.scale;
        let mut planes = self.shape.planes(&self.layout);
        let mut block = [0i16; 64];
        for (c, (component, plane)) in self.frame.components.iter().zip(planes.iter_mut()).enumerate() {
            let quant = tables.quant[component.quant].as_ref()?;
            let blocks = &self.store.components[c];
            for y in 0..blocks.down {
                for x in 0..blocks.across {
                    let last = if self.store.expand(c, y * blocks.across + x, &mut block) { 63 } else { 0 };
                    let at = y * scale * plane.stride + x * scale;
                    put_block(&mut block, last, quant, scale, &mut plane.samples[at..], plane.stride);
                }
            }
        }
        Some(output::interleave(&planes, self.shape.width, self.shape.height))
    }
}

#[cfg(test)]
mod tests;
