//! The entropy-coded data as a stream of bits, most significant first, held in a 64-bit
//! buffer that is refilled eight bytes at a time when those eight hold no 0xff (no stuffed
//! byte, no marker): one load, one compare and one shift instead of a call per byte.
//! Stuffed bytes (ff 00), fill bytes (ff ff) and the marker that ends the data take the
//! byte-wise path. After a marker or the end of the input the buffer is topped up with zero
//! bits (`padding` counts them), so the hot check stays one compare; reading into that
//! padding makes `overrun` true, and the caller then hands the file to jpeg-decoder, which
//! decides what such a file gives.

use crate::source::Source;

/// Marker codes that end entropy-coded data.
pub const EOI: u8 = 0xd9;
/// Stands for "the input ended" where a marker code is expected (0 is never a marker).
const END_OF_INPUT: u8 = 0;

/// True when one of the word's eight bytes is 0xff.
#[inline(always)]
fn has_ff(word: u64) -> bool {
    let inverted = !word;
    (inverted.wrapping_sub(0x0101_0101_0101_0101) & !inverted & 0x8080_8080_8080_8080) != 0
}

/// The bit window the hot loops work on: a plain value they keep in locals (so in registers),
/// taking it from `Bits` at the start of a block and giving it back at the end. Fields held
/// in `Bits` itself stayed in memory: the compiler must assume the refill calls change them.
#[derive(Clone, Copy)]
pub struct Window {
    /// Unread bits at the top, zeros below them.
    pub buffer: u64,
    /// How many of the buffer's top bits are readable (data, then padding).
    pub count: i32,
}

impl Window {
    /// The next `n` (1..=16) bits, not consumed.
    #[inline(always)]
    pub fn peek(self, n: u32) -> u32 {
        (self.buffer >> (64 - n)) as u32
    }

    #[inline(always)]
    pub fn skip(&mut self, n: u32) {
        self.buffer <<= n;
        self.count -= n as i32;
    }

    /// The next `n` (1..=16) bits as a signed value of that size category (F.2.2.1 EXTEND);
    /// the caller has made sure they are readable.
    #[inline(always)]
    pub fn extend(&mut self, n: u32) -> i32 {
        let value = self.peek(n) as i32;
        self.skip(n);
        if value < 1 << (n - 1) {
            value - (1 << n) + 1
        } else {
            value
        }
    }
}

pub struct Bits<'r, 'a> {
    source: &'r mut Source<'a>,
    /// The window between blocks (see `Window`).
    pub window: Window,
    /// How many of the readable bits are zero padding after the marker.
    padding: i32,
    /// The marker code that ended the data, once met (END_OF_INPUT at the end of the input).
    marker: Option<u8>,
}

impl<'r, 'a> Bits<'r, 'a> {
    pub fn new(source: &'r mut Source<'a>) -> Self {
        Bits { source, window: Window { buffer: 0, count: 0 }, padding: 0, marker: None }
    }

    /// `window` with at least `min` (at most 57) readable bits (data, or zero padding after
    /// a marker): when fewer are left, topped up to 57 or more, so most calls do nothing.
    #[inline(always)]
    pub fn ensure(&mut self, window: Window, min: i32) -> Window {
        if window.count >= min {
            window
        } else {
            self.refill(window)
        }
    }

    #[inline]
    fn refill(&mut self, window: Window) -> Window {
        if self.marker.is_some() {
            return self.pad(window);
        }
        let chunk = self.source.chunk();
        if chunk.len() >= 8 {
            let word = u64::from_be_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
            if !has_ff(word) {
                let Window { buffer, count } = window;
                let bytes = ((64 - count) >> 3) as u32;
                let top = if bytes == 8 { word } else { word >> (64 - 8 * bytes) << (64 - 8 * bytes) };
                self.source.consume(bytes as usize);
                return Window { buffer: buffer | top >> count, count: count + 8 * bytes as i32 };
            }
        }
        self.fill_bytewise(window)
    }

    /// After the marker: zero bits up to a full buffer.
    #[cold]
    fn pad(&mut self, window: Window) -> Window {
        self.padding += 64 - window.count;
        Window { buffer: window.buffer, count: 64 }
    }

    #[cold]
    fn fill_bytewise(&mut self, window: Window) -> Window {
        let Window { mut buffer, mut count } = window;
        while count <= 56 && self.marker.is_none() {
            let byte = match self.next_byte() {
                Some(byte) => byte,
                None => {
                    self.marker = Some(END_OF_INPUT);
                    break;
                }
            };
            let data = if byte != 0xff {
                byte
            } else {
                match self.marker_after_ff() {
                    None => 0xff,
                    Some(code) => {
                        self.marker = Some(code);
                        break;
                    }
                }
            };
            buffer |= (data as u64) << (56 - count);
            count += 8;
        }
        let window = Window { buffer, count };
        if self.marker.is_some() {
            self.pad(window)
        } else {
            window
        }
    }

    fn next_byte(&mut self) -> Option<u8> {
        let byte = *self.source.chunk().first()?;
        self.source.consume(1);
        Some(byte)
    }

    /// After an 0xff: None for a stuffed data byte (ff 00), else the marker code. Fill bytes
    /// then 00 (ff ff 00) are neither: jpeg-decoder refuses them, so they end the data as
    /// END_OF_INPUT does (the decode then fails over to it).
    fn marker_after_ff(&mut self) -> Option<u8> {
        let mut filled = false;
        loop {
            match self.next_byte() {
                None => return Some(END_OF_INPUT),
                Some(0xff) => filled = true,
                Some(0x00) if filled => return Some(END_OF_INPUT),
                Some(0x00) => return None,
                Some(code) => return Some(code),
            }
        }
    }

    /// Tests: makes at least 16 bits of the stored window readable.
    #[cfg(test)]
    pub fn fill(&mut self) {
        self.window = self.ensure(self.window, 16);
    }

    /// The next `n` (1..=16) bits of the stored window, not consumed.
    #[cfg(test)]
    pub fn peek(&self, n: u32) -> u32 {
        self.window.peek(n)
    }

    #[cfg(test)]
    pub fn skip(&mut self, n: u32) {
        self.window.skip(n);
    }

    /// The next `n` (1..=16) bits of the stored window as a signed value (EXTEND).
    #[cfg(test)]
    pub fn receive_extend(&mut self, n: u32) -> i32 {
        self.fill();
        self.window.extend(n)
    }

    /// True once more bits were read than the data holds.
    pub fn overrun(&self) -> bool {
        self.window.count < self.padding
    }

    /// Drops the padding bits before a marker and reads that marker: true when it is the
    /// expected one. The data before a marker must be whole bytes of padding (< 8 bits).
    pub fn take_marker(&mut self, expected: u8) -> bool {
        self.take_any_marker() == Some(expected)
    }

    /// As `take_marker`, answering the marker's code (None for no marker or the input's end).
    pub fn take_any_marker(&mut self) -> Option<u8> {
        let data_left = self.window.count - self.padding;
        if !(0..8).contains(&data_left) {
            return None;
        }
        let found = match self.marker.take() {
            Some(code) => code,
            None => match self.next_byte() {
                Some(0xff) => self.marker_after_ff().unwrap_or(END_OF_INPUT),
                _ => return None,
            },
        };
        self.window = Window { buffer: 0, count: 0 };
        self.padding = 0;
        Some(found).filter(|&code| code != END_OF_INPUT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stuffed_bytes_and_stops_at_a_marker() {
        let data = [0x12, 0xff, 0x00, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0xff, 0xd9];
        let mut source = Source::from_slice(&data);
        let mut bits = Bits::new(&mut source);
        let mut seen = Vec::new();
        for _ in 0..10 {
            bits.fill();
            seen.push(bits.peek(8) as u8);
            bits.skip(8);
        }
        assert_eq!(seen, [0x12, 0xff, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x00]);
        assert!(bits.overrun());
    }

    #[test]
    fn wide_refill_gives_the_same_bits_as_bytes() {
        let data: Vec<u8> = (0..40u8).map(|i| i.wrapping_mul(37)).filter(|&b| b != 0xff).collect();
        let mut source = Source::from_slice(&data);
        let mut bits = Bits::new(&mut source);
        for (i, expected) in data.iter().enumerate() {
            bits.fill();
            assert_eq!(bits.peek(8) as u8, *expected, "byte {}", i);
            bits.skip(3);
            bits.skip(5);
        }
        assert!(!bits.overrun());
        assert!(bits.take_marker(EOI) == false);
    }

    #[test]
    fn extends_negative_and_positive_values() {
        let data = [0b0110_1000, 0, 0, 0, 0, 0, 0, 0];
        let mut source = Source::from_slice(&data);
        let mut bits = Bits::new(&mut source);
        assert_eq!(bits.receive_extend(3), -4); // 011
        assert_eq!(bits.receive_extend(2), -2); // 01
    }
}
