//! A part of a photo resampled straight onto the print sheet's pixel grid (`decode_placed`):
//! the print then copies it 1:1 instead of filtering every sheet pixel through CanvasKit's
//! scalar bicubic sampler, which took most of a print's time (issue 27 item 4). The mapping is
//! given in the oriented output's axes; it is turned back to the stored axes here, so the
//! Lanczos-3 passes run on the decoded pixels as stored (3 bytes a pixel, or 1 for grey) and
//! orientation is applied while writing, as everywhere else in the codec.

use crate::error::{Code, CodecError};
use crate::orient::{normalise, swaps_axes, Oriented};
use crate::resample::{horizontal_weighted, vertical_weighted, weights_mapped};

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

    /// The same mapping read from the other end of a source of `src` and an output of `dst` pixels.
    fn flipped(self, src: usize, dst: usize) -> Axis {
        Axis { ratio: self.ratio, offset: src as f64 - dst as f64 * self.ratio - self.offset }
    }
}

/// The stored-axes mappings and output size of an oriented mapping: orientations 5-8 swap the
/// axes, and each axis the orientation mirrors is read from its other end.
pub fn stored_axes(orientation: u32, (src_w, src_h): (usize, usize), (out_w, out_h): (usize, usize), (x, y): (Axis, Axis)) -> ((Axis, Axis), (usize, usize)) {
    let orientation = normalise(orientation);
    let (along_w, along_h, stored_out) = if swaps_axes(orientation) { (y, x, (out_h, out_w)) } else { (x, y, (out_w, out_h)) };
    // `Oriented::place`: which stored axes run backwards in the output
    let flip_w = matches!(orientation, 2 | 3 | 7 | 8);
    let flip_h = matches!(orientation, 3 | 4 | 6 | 7);
    let stored_x = if flip_w { along_w.flipped(src_w, stored_out.0) } else { along_w };
    let stored_y = if flip_h { along_h.flipped(src_h, stored_out.1) } else { along_h };
    ((stored_x, stored_y), stored_out)
}

/// Resamples `pixels` (`src_w` x `src_h` stored, `C` bytes a pixel) to the oriented output
/// `out_w` x `out_h` through the oriented mapping `axes`, written oriented as RGBA.
pub fn resample_placed<const C: usize>(pixels: &[u8], src: (usize, usize), out: (usize, usize), orientation: u32, axes: (Axis, Axis)) -> Result<Oriented, CodecError> {
    let ((ax, ay), (stored_w, stored_h)) = stored_axes(orientation, src, out, axes);
    let too_far = || CodecError::new(Code::BadArgument, "the placement reduces more than the resampler reaches");
    let across = weights_mapped(src.0, stored_w, ax.ratio, ax.offset).ok_or_else(too_far)?;
    let down = weights_mapped(src.1, stored_h, ay.ratio, ay.offset).ok_or_else(too_far)?;
    let mut oriented = Oriented::new(stored_w, stored_h, orientation)
        .ok_or_else(|| CodecError::new(Code::OutOfMemory, "could not allocate the output image"))?;
    let narrowed = horizontal_weighted::<C>(pixels, src.0, src.1, &across);
    vertical_weighted::<C>(&narrowed, stored_w, src.1, &down, |row, bytes| oriented.put_row::<C>(row, bytes));
    Ok(oriented)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let image = resample_placed::<3>(&source, (w, h), out, orientation, (one, one)).unwrap_or_else(|_| panic!("refused"));
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
            let image = resample_placed::<3>(&source, (w, h), (ow - 3, oh - 2), orientation, shifted).unwrap_or_else(|_| panic!("refused"));
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
            let image = resample_placed::<3>(&source, (40, 30), (17, 11), 6, (axis, axis)).unwrap_or_else(|_| panic!("refused"));
            assert!(image.rgba.chunks_exact(4).all(|p| p[..3] == [91, 91, 91] && p[3] == 255), "{} {}", ratio, offset);
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
