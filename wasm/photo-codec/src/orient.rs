//! EXIF orientation (1-8, mirrored ones included) applied while writing the small image
//! into its RGBA buffer: each resampled row lands straight in its rotated place, so no
//! extra full-size copy is made.

pub struct Oriented {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
    stored_w: usize,
    stored_h: usize,
    orientation: u32,
}

/// Values outside 1-8 (0 in files without the tag) mean "as stored".
pub fn normalise(orientation: u32) -> u32 {
    if (1..=8).contains(&orientation) {
        orientation
    } else {
        1
    }
}

/// Orientations 5-8 turn the image a quarter: width and height swap.
pub fn swaps_axes(orientation: u32) -> bool {
    normalise(orientation) >= 5
}

/// The stored rectangle (x, y, width, height) of a `stored_w` x `stored_h` image that,
/// oriented, is the rectangle `oriented` of the oriented image: the inverse of `Oriented::place`
/// on its corners. Orienting that stored part gives exactly that part of the oriented image.
pub fn stored_rect(oriented: (usize, usize, usize, usize), stored_w: usize, stored_h: usize, orientation: u32) -> (usize, usize, usize, usize) {
    let (x, y, w, h) = oriented;
    let stored = |ox: usize, oy: usize| match normalise(orientation) {
        2 => (stored_w - 1 - ox, oy),
        3 => (stored_w - 1 - ox, stored_h - 1 - oy),
        4 => (ox, stored_h - 1 - oy),
        5 => (oy, ox),
        6 => (oy, stored_h - 1 - ox),
        7 => (stored_w - 1 - oy, stored_h - 1 - ox),
        8 => (stored_w - 1 - oy, ox),
        _ => (ox, oy),
    };
    let (a, b) = (stored(x, y), stored(x + w - 1, y + h - 1));
    let (left, top) = (a.0.min(b.0), a.1.min(b.1));
    (left, top, a.0.max(b.0) - left + 1, a.1.max(b.1) - top + 1)
}

impl Oriented {
    pub fn new(stored_w: usize, stored_h: usize, orientation: u32) -> Option<Oriented> {
        let orientation = normalise(orientation);
        let (width, height) = if orientation >= 5 { (stored_h, stored_w) } else { (stored_w, stored_h) };
        let size = width.checked_mul(height)?.checked_mul(4)?;
        let mut rgba = Vec::new();
        rgba.try_reserve_exact(size).ok()?;
        rgba.resize(size, 255);
        Some(Oriented { width, height, rgba, stored_w, stored_h, orientation })
    }

    /// An image already oriented (RGBA, `width` x `height`), as the output of orientation 1.
    pub fn from_rgba(width: usize, height: usize, rgba: Vec<u8>) -> Oriented {
        Oriented { width, height, rgba, stored_w: width, stored_h: height, orientation: 1 }
    }

    /// Output coordinates of stored pixel (x, y).
    fn place(&self, x: usize, y: usize) -> (usize, usize) {
        let (w, h) = (self.stored_w, self.stored_h);
        match self.orientation {
            2 => (w - 1 - x, y),
            3 => (w - 1 - x, h - 1 - y),
            4 => (x, h - 1 - y),
            5 => (y, x),
            6 => (h - 1 - y, x),
            7 => (h - 1 - y, w - 1 - x),
            8 => (y, w - 1 - x),
            _ => (x, y),
        }
    }

    /// Writes stored row `y` of `C`-byte pixels (1 grey, 3 RGB, 4 RGBA).
    pub fn put_row<const C: usize>(&mut self, y: usize, row: &[u8]) {
        let (x0, y0) = self.place(0, y);
        let first = (y0 * self.width + x0) as isize;
        let step = if self.stored_w > 1 {
            let (x1, y1) = self.place(1, y);
            (y1 * self.width + x1) as isize - first
        } else {
            0
        };
        let mut index = first;
        for pixel in row.chunks_exact(C).take(self.stored_w) {
            let at = index as usize * 4;
            let out = &mut self.rgba[at..at + 4];
            match C {
                1 => {
                    out[0] = pixel[0];
                    out[1] = pixel[0];
                    out[2] = pixel[0];
                }
                _ => {
                    out[0] = pixel[0];
                    out[1] = pixel[1];
                    out[2] = pixel[2];
                    if C == 4 {
                        out[3] = pixel[3];
                    }
                }
            }
            index += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 3x2 stored pixels numbered 0..5 land where EXIF says, row by row.
    #[test]
    fn places_pixels_as_exif_defines() {
        let expected: [[u8; 6]; 8] = [
            [0, 1, 2, 3, 4, 5],
            [2, 1, 0, 5, 4, 3],
            [5, 4, 3, 2, 1, 0],
            [3, 4, 5, 0, 1, 2],
            [0, 3, 1, 4, 2, 5],
            [3, 0, 4, 1, 5, 2],
            [5, 2, 4, 1, 3, 0],
            [2, 5, 1, 4, 0, 3],
        ];
        for orientation in 1..=8u32 {
            let mut out = Oriented::new(3, 2, orientation).unwrap();
            out.put_row::<1>(0, &[0, 1, 2]);
            out.put_row::<1>(1, &[3, 4, 5]);
            let seen: Vec<u8> = out.rgba.chunks(4).map(|p| p[0]).collect();
            assert_eq!(seen, expected[orientation as usize - 1], "orientation {}", orientation);
        }
    }

    /// Every 1-px oriented rectangle maps to the stored pixel `place` puts there.
    #[test]
    fn stored_rect_inverts_place() {
        for orientation in 1..=8u32 {
            let out = Oriented::new(3, 2, orientation).unwrap();
            for (sx, sy) in [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)] {
                let (ox, oy) = out.place(sx, sy);
                assert_eq!(stored_rect((ox, oy, 1, 1), 3, 2, orientation), (sx, sy, 1, 1), "orientation {}", orientation);
            }
            let whole = (0, 0, out.width, out.height);
            assert_eq!(stored_rect(whole, 3, 2, orientation), (0, 0, 3, 2));
        }
    }
}
