//! A part of a photo resampled straight onto the print sheet's pixel grid (`placed_open`):
//! the print then copies it 1:1 instead of filtering every sheet pixel through CanvasKit's
//! scalar bicubic sampler, which took most of a print's time (issue 27 item 4). The mapping is
//! given in the oriented output's axes: the part is decoded once, and the placed image is taken
//! from it band by band (`PlacedRows`), so the print never holds a slot's whole placed image.
//! A baseline file's part is kept as its component planes (1.5 bytes a pixel at 4:2:0), and only
//! the rows a band reads are coloured and oriented: a part kept as RGBA took 4 bytes a pixel, and a
//! print tile holds up to five slots' parts at once (issue 27 item 4).

use crate::baseline::Rect;
use crate::decode::PartPlanes;
use crate::error::{Code, CodecError};
use crate::orient::{normalise, stored_rect, swaps_axes, Oriented};
use std::borrow::Cow;
use crate::resample::{horizontal_weighted, vertical_weighted, weights_mapped, Weights};

/// One axis of the mapping: output pixel `i`'s centre lies at `(i + 0.5) * ratio + offset` in
/// the decoded part's pixels (oriented axes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    pub ratio: f64,
    pub offset: f64,
}

/// A reduction beyond this needs more than the resampler's 64 taps a row.
pub const MAX_RATIO: f64 = 10.0;

impl Axis {
    pub fn check(self) -> Result<Axis, CodecError> {
        if self.ratio.is_finite() && self.offset.is_finite() && self.ratio > 0.0 && self.ratio <= MAX_RATIO {
            Ok(self)
        } else {
            Err(CodecError::new(Code::BadArgument, format!("bad placement {} x + {}", self.ratio, self.offset)))
        }
    }
}

/// A decoded photo part in the oriented output's axes: its planes, whose rows are coloured and
/// oriented when a band reads them, or its pixels oriented once (files the baseline path does not
/// take).
pub enum Part {
    Planes { planes: PartPlanes, orientation: u32 },
    Oriented(Oriented),
}

impl Part {
    pub fn planes(planes: PartPlanes, orientation: u32) -> Part {
        Part::Planes { planes, orientation: normalise(orientation) }
    }

    /// Oriented width and height.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Part::Oriented(part) => (part.width, part.height),
            Part::Planes { planes, orientation } => {
                let rect = planes.planes.rect();
                if swaps_axes(*orientation) {
                    (rect.height, rect.width)
                } else {
                    (rect.width, rect.height)
                }
            }
        }
    }

    /// Oriented rows `first .. last`, RGBA, the part's width: the stored pixels those rows come
    /// from (a whole stored row or column range: orienting it gives exactly those rows) coloured
    /// and oriented now.
    fn rows(&self, first: usize, last: usize) -> Result<Cow<'_, [u8]>, CodecError> {
        let (width, _) = self.size();
        match self {
            Part::Oriented(part) => Ok(Cow::Borrowed(&part.rgba[first * width * 4..last * width * 4])),
            Part::Planes { planes, orientation } => {
                let rect = planes.planes.rect();
                let (x, y, w, h) = stored_rect((0, first, width, last - first), rect.width, rect.height, *orientation);
                let pixels = planes.pixels(Rect { x: rect.x + x, y: rect.y + y, width: w, height: h });
                let mut strip = Oriented::new(w, h, *orientation).ok_or_else(|| CodecError::new(Code::OutOfMemory, "could not allocate the part's rows"))?;
                if planes.planes.channels() == 1 {
                    pixels.chunks_exact(w).enumerate().for_each(|(row, bytes)| strip.put_row::<1>(row, bytes));
                } else {
                    pixels.chunks_exact(w * 3).enumerate().for_each(|(row, bytes)| strip.put_row::<3>(row, bytes));
                }
                Ok(Cow::Owned(strip.rgba))
            }
        }
    }
}

/// A photo part decoded once, from which the print takes the rows of its placed image band by
/// band (`placed_open`, `placed_rows`): the sheet never holds a slot's whole placed image, however
/// large the slot (a 150x100 cm sheet's large slot is 94 MP), and the photo is decoded once for
/// all the bands its slot reaches.
pub struct PlacedRows {
    pub part: Part,
    pub across: Weights,
    pub down: Weights,
    pub source: (u32, u32),
    pub scale_eighths: u32,
    pub colour: u32,
}

impl PlacedRows {
    /// `out_w` x `out_h` oriented output through the oriented mapping `axes`.
    pub fn new(part: Part, out: (usize, usize), (ax, ay): (Axis, Axis), meta: ((u32, u32), u32, u32)) -> Result<PlacedRows, CodecError> {
        let too_far = || CodecError::new(Code::BadArgument, "the placement reduces more than the resampler reaches");
        let (width, height) = part.size();
        let across = weights_mapped(width, out.0, ax.ratio, ax.offset).ok_or_else(too_far)?;
        let down = weights_mapped(height, out.1, ay.ratio, ay.offset).ok_or_else(too_far)?;
        Ok(PlacedRows { part, across, down, source: meta.0, scale_eighths: meta.1, colour: meta.2 })
    }

    /// Output rows `top .. top + count` as an RGBA image `out_w` wide: the source rows they read,
    /// narrowed, then combined; the same pixels as those rows of the whole placed image.
    pub fn rows(&self, top: usize, count: usize) -> Result<Oriented, CodecError> {
        let out_h = self.down.starts.len();
        if count == 0 || top + count > out_h {
            return Err(CodecError::new(Code::BadArgument, format!("rows {}..{} of {}", top, top + count, out_h)));
        }
        let rows = top..top + count;
        let first = rows.clone().map(|y| self.down.starts[y] as usize).min().unwrap_or(0);
        let last = rows.clone().map(|y| (self.down.starts[y] + self.down.counts[y]) as usize).max().unwrap_or(first + 1);
        let source = self.part.rows(first, last)?;
        let narrowed = horizontal_weighted::<4>(&source, self.part.size().0, last - first, &self.across);
        drop(source);
        let band = Weights {
            starts: rows.clone().map(|y| self.down.starts[y] - first as u32).collect(),
            counts: self.down.counts[rows.clone()].to_vec(),
            taps: self.down.taps,
            values: self.down.values[top * self.down.taps..(top + count) * self.down.taps].to_vec(),
        };
        let out_w = self.across.starts.len();
        let mut image = Oriented::new(out_w, count, 1).ok_or_else(|| CodecError::new(Code::OutOfMemory, "could not allocate the output rows"))?;
        vertical_weighted::<4>(&narrowed, out_w, last - first, &band, |row, bytes| image.put_row::<4>(row, bytes));
        Ok(image)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orient::swaps_axes;

    /// The whole placed image of a stored `C = 3` source decoded with `orientation`.
    fn placed_whole(source: &[u8], (w, h): (usize, usize), out: (usize, usize), orientation: u32, axes: (Axis, Axis)) -> Result<Oriented, CodecError> {
        let mut part = Oriented::new(w, h, orientation).unwrap_or_else(|| panic!("alloc"));
        for (y, row) in source.chunks_exact(w * 3).enumerate() {
            part.put_row::<3>(y, row);
        }
        let (width, height, rgba) = (part.width, part.height, part.rgba);
        PlacedRows::new(Part::Oriented(Oriented::from_rgba(width, height, rgba)), out, axes, ((0, 0), 8, 0))?.rows(0, out.1)
    }

    const ALL: [u32; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

    /// A source whose every pixel tells its stored position: R = x, G = y.
    fn numbered(w: usize, h: usize) -> Vec<u8> {
        (0..h).flat_map(|y| (0..w).flat_map(move |x| [x as u8, y as u8, 0])).collect()
    }

    /// What `decode_scaled_region` + orientation would show at oriented (ox, oy): the stored pixel.
    fn stored_of(orientation: u32, (w, h): (usize, usize), (ox, oy): (usize, usize)) -> (usize, usize) {
        match orientation {
            2 => (w - 1 - ox, oy),
            3 => (w - 1 - ox, h - 1 - oy),
            4 => (ox, h - 1 - oy),
            5 => (oy, ox),
            6 => (oy, h - 1 - ox),
            7 => (w - 1 - oy, h - 1 - ox),
            8 => (w - 1 - oy, ox),
            _ => (ox, oy),
        }
    }

    #[test]
    fn an_identity_placement_copies_the_oriented_pixels_in_every_orientation() {
        let (w, h) = (13, 9);
        let source = numbered(w, h);
        for orientation in ALL {
            let out = if swaps_axes(orientation) { (h, w) } else { (w, h) };
            let one = Axis { ratio: 1.0, offset: 0.0 };
            let image = placed_whole(&source, (w, h), out, orientation, (one, one)).unwrap_or_else(|_| panic!("refused"));
            for oy in 0..out.1 {
                for ox in 0..out.0 {
                    let at = (oy * image.width + ox) * 4;
                    let (sx, sy) = stored_of(orientation, (w, h), (ox, oy));
                    assert_eq!((image.rgba[at], image.rgba[at + 1]), (sx as u8, sy as u8), "orientation {} at {},{}", orientation, ox, oy);
                }
            }
        }
    }

    #[test]
    fn a_whole_pixel_shift_moves_the_output_by_that_many_pixels_in_every_orientation() {
        let (w, h) = (20, 16);
        let source = numbered(w, h);
        for orientation in ALL {
            let (ow, oh) = if swaps_axes(orientation) { (h, w) } else { (w, h) };
            let shifted = (Axis { ratio: 1.0, offset: 3.0 }, Axis { ratio: 1.0, offset: 2.0 });
            let image = placed_whole(&source, (w, h), (ow - 3, oh - 2), orientation, shifted).unwrap_or_else(|_| panic!("refused"));
            for (ox, oy) in [(0, 0), (ow - 4, oh - 3), (5, 7)] {
                let at = (oy * image.width + ox) * 4;
                let (sx, sy) = stored_of(orientation, (w, h), (ox + 3, oy + 2));
                assert_eq!((image.rgba[at], image.rgba[at + 1]), (sx as u8, sy as u8), "orientation {} at {},{}", orientation, ox, oy);
            }
        }
    }

    #[test]
    fn a_flat_part_stays_flat_whatever_the_placement() {
        let source = vec![91u8; 40 * 30 * 3];
        for (ratio, offset) in [(1.7, -0.6), (0.4, 2.25), (9.5, -4.0), (1.0, 39.5)] {
            let axis = Axis { ratio, offset };
            let image = placed_whole(&source, (40, 30), (17, 11), 6, (axis, axis)).unwrap_or_else(|_| panic!("refused"));
            assert!(image.rgba.chunks_exact(4).all(|p| p[..3] == [91, 91, 91] && p[3] == 255), "{} {}", ratio, offset);
        }
    }

    #[test]
    fn rows_taken_band_by_band_are_the_rows_of_the_whole_placed_image() {
        let (w, h) = (57, 43);
        let source: Vec<u8> = (0..w * h * 3).map(|i| ((i * 7919) % 251) as u8).collect();
        for orientation in ALL {
            let mut part = Oriented::new(w, h, orientation).unwrap_or_else(|| panic!("alloc"));
            for (y, row) in source.chunks_exact(w * 3).enumerate() {
                part.put_row::<3>(y, row);
            }
            let out = (40, 70);
            let axes = (Axis { ratio: 0.61, offset: 1.3 }, Axis { ratio: 0.55, offset: -0.8 });
            let (width, height, rgba) = (part.width, part.height, part.rgba);
            let rows = PlacedRows::new(Part::Oriented(Oriented::from_rgba(width, height, rgba)), out, axes, ((0, 0), 8, 0)).unwrap_or_else(|_| panic!("refused"));
            let all = rows.rows(0, out.1).unwrap_or_else(|_| panic!("rows"));
            for (top, count) in [(0, 1), (13, 20), (69, 1), (33, 37)] {
                let band = rows.rows(top, count).unwrap_or_else(|_| panic!("rows"));
                let from = top * out.0 * 4;
                assert!(band.rgba == all.rgba[from..from + count * out.0 * 4], "orientation {} rows {}+{}", orientation, top, count);
            }
            assert!(rows.rows(60, 11).is_err() && rows.rows(0, 0).is_err());
        }
    }

    #[test]
    fn refuses_placements_the_resampler_cannot_reach() {
        assert!(Axis { ratio: 0.0, offset: 0.0 }.check().is_err());
        assert!(Axis { ratio: f64::NAN, offset: 0.0 }.check().is_err());
        assert!(Axis { ratio: 1.0, offset: f64::INFINITY }.check().is_err());
        assert!(Axis { ratio: MAX_RATIO * 1.01, offset: 0.0 }.check().is_err());
        assert!(Axis { ratio: MAX_RATIO, offset: -3.0 }.check().is_ok());
    }
}
