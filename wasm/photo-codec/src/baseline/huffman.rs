//! Huffman tables (JPEG Annex C) for the baseline decoder, with a lookahead table: the next
//! LOOKAHEAD bits index straight to the symbol and its code length, so most codes take one
//! load. AC tables have a second lookahead that also holds the coefficient when the code and
//! its extra bits fit in those bits together (most coefficients of a camera photo), so such a
//! coefficient costs one load and one shift; end-of-block and sixteen zeros (ZRL) come from
//! it too. Longer codes are found by length (F.2.2.3).

use super::bits::Window;

const LOOKAHEAD: u32 = 11;

/// jpeg-decoder's own AC lookahead is 8 bits: an entry whose code and extra bits take more
/// is marked WIDE, because on a corrupt stream whose run passes the block's end jpeg-decoder
/// reads only the code of such a coefficient, not its extra bits (see `decode_block`).
pub const WIDE: i32 = 1 << 14;
/// The run field of a `fast_ac` entry (bits 8..14).
pub const RUN_MASK: i32 = 0x3f;
const JPEG_DECODER_LOOKAHEAD: u32 = 8;

/// The `skip` table's index width: 12 bits hold two or three coefficients of a camera photo.
const SKIP_LOOKAHEAD: u32 = 12;
/// A `skip` entry ends with an end of block.
pub const SKIP_EOB: u32 = 1 << 11;

pub struct Table {
    /// symbol | length << 8 for every LOOKAHEAD-bit prefix that starts with a short code; 0 otherwise.
    fast: [u16; 1 << LOOKAHEAD],
    /// AC only: value << 16 | WIDE? | run << 8 | total length, when code and extra bits fit; 0
    /// otherwise. End of block is run 63 (past the block's end from any position), ZRL run 15
    /// and value 0.
    fast_ac: [i32; 1 << LOOKAHEAD],
    /// AC only, for coefficients the IDCT does not read: the next SKIP_LOOKAHEAD bits as several
    /// whole coefficients (see `fill_skip`); 0 when not even one fits (or not filled).
    skip: [u16; 1 << SKIP_LOOKAHEAD],
    /// Per code length 1..=16: the largest code of that length (-1 when none).
    max_code: [i32; 17],
    /// Per code length: what to add to a code to get its index into `values`.
    offset: [i32; 17],
    values: [u8; 256],
}

impl Table {
    /// Builds a table from a DHT's 16 counts and its symbols; None when the counts describe
    /// no valid prefix code or do not match the symbols.
    pub fn new(counts: &[u8; 16], symbols: &[u8], is_ac: bool) -> Option<Box<Table>> {
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        if total == 0 || total > 256 || symbols.len() != total {
            return None;
        }
        let mut table = Box::new(Table { fast: [0; 1 << LOOKAHEAD], fast_ac: [0; 1 << LOOKAHEAD], skip: [0; 1 << SKIP_LOOKAHEAD], max_code: [-1; 17], offset: [0; 17], values: [0; 256] });
        table.values[..total].copy_from_slice(symbols);
        let mut code: u32 = 0;
        let mut index = 0usize;
        for length in 1..=16u32 {
            let count = counts[length as usize - 1] as usize;
            if count > 0 {
                table.offset[length as usize] = index as i32 - code as i32;
                for _ in 0..count {
                    if code >= 1 << length {
                        return None;
                    }
                    if length <= LOOKAHEAD {
                        let shift = LOOKAHEAD - length;
                        let entry = symbols[index] as u16 | (length as u16) << 8;
                        for prefix in (code << shift)..((code + 1) << shift) {
                            table.fast[prefix as usize] = entry;
                        }
                    }
                    code += 1;
                    index += 1;
                }
                table.max_code[length as usize] = code as i32 - 1;
            }
            code <<= 1;
        }
        if is_ac {
            table.fill_fast_ac();
        }
        Some(table)
    }

    fn fill_fast_ac(&mut self) {
        for prefix in 0..(1u32 << LOOKAHEAD) {
            let entry = self.fast[prefix as usize];
            if entry == 0 {
                continue;
            }
            let (symbol, length) = ((entry & 0xff) as u32, (entry >> 8) as u32);
            let (run, size) = (symbol >> 4, symbol & 15);
            let entry = match (run, size) {
                (0, 0) => 63 << 8 | length as i32,
                (15, 0) => 15 << 8 | length as i32,
                (_, 0) => continue,
                _ if length + size > LOOKAHEAD => continue,
                _ => {
                    let extra = (prefix >> (LOOKAHEAD - length - size)) & ((1 << size) - 1);
                    let value = if extra < 1 << (size - 1) { extra as i32 - (1 << size) + 1 } else { extra as i32 };
                    let wide = if length + size > JPEG_DECODER_LOOKAHEAD { WIDE } else { 0 };
                    value << 16 | wide | (run as i32) << 8 | (length + size) as i32
                }
            };
            self.fast_ac[prefix as usize] = entry;
        }
    }

    /// Each SKIP_LOOKAHEAD-bit prefix read as whole coefficients (codes and their extra bits,
    /// ZRLs) while they fit, ending early after an end of block: bits taken | zigzag positions
    /// passed << 4 | SKIP_EOB. The positions passed stop growing at 64 (the caller only takes an
    /// entry that stays inside the block). Filled only for a DCT scale below 8/8: at full size
    /// the IDCT reads every coefficient and this table would go unused.
    pub fn fill_skip(&mut self) {
        for prefix in 0..(1u32 << SKIP_LOOKAHEAD) {
            let (mut used, mut passed, mut eob) = (0u32, 0u32, false);
            while used < SKIP_LOOKAHEAD && passed < 64 {
                let left = SKIP_LOOKAHEAD - used;
                // The remaining bits at the top of a LOOKAHEAD-bit index, zeros below them.
                let rest = (prefix << used) & ((1 << SKIP_LOOKAHEAD) - 1);
                let entry = self.fast[(rest >> (SKIP_LOOKAHEAD - LOOKAHEAD)) as usize];
                let (symbol, length) = ((entry & 0xff) as u32, (entry >> 8) as u32);
                if entry == 0 || length > left {
                    break;
                }
                let (run, size) = (symbol >> 4, symbol & 15);
                match (run, size) {
                    (0, 0) => {
                        used += length;
                        eob = true;
                        break;
                    }
                    (15, 0) => passed += 16,
                    (_, 0) => break,
                    _ if length + size > left => break,
                    _ => passed += run + 1,
                }
                used += length + size;
            }
            self.skip[prefix as usize] = (used | passed.min(64) << 4 | if eob { SKIP_EOB } else { 0 }) as u16;
        }
    }

    /// The next symbol; None for a code the table does not have. `window` must hold at
    /// least 16 readable bits (`Bits::ensure`).
    #[inline(always)]
    pub fn decode(&self, window: &mut Window) -> Option<u8> {
        let entry = self.fast[window.peek(LOOKAHEAD) as usize];
        if entry != 0 {
            window.skip((entry >> 8) as u32);
            return Some(entry as u8);
        }
        let (symbol, rest) = self.decode_long(*window)?;
        *window = rest;
        Some(symbol)
    }

    /// Codes longer than the lookahead, by length (F.2.2.3); the window goes in and out by
    /// value so that the caller's stays in registers.
    #[cold]
    fn decode_long(&self, mut window: Window) -> Option<(u8, Window)> {
        let next16 = window.peek(16) as i32;
        for length in (LOOKAHEAD + 1)..=16 {
            let code = next16 >> (16 - length);
            if code <= self.max_code[length as usize] {
                window.skip(length);
                let symbol = self.values.get((code + self.offset[length as usize]) as usize).copied()?;
                return Some((symbol, window));
            }
        }
        None
    }

    /// AC: the `skip` entry of the next bits: `length | positions << 4 | SKIP_EOB?`.
    #[inline(always)]
    pub fn skip(&self, window: Window) -> u32 {
        self.skip[window.peek(SKIP_LOOKAHEAD) as usize] as u32
    }

    /// AC: the lookahead entry of the next bits, 0 when the coefficient does not come whole
    /// from it (then `decode` and `Window::extend` read it): `value << 16 | WIDE? | run << 8 |
    /// length`.
    #[inline(always)]
    pub fn fast_ac(&self, window: Window) -> i32 {
        self.fast_ac[window.peek(LOOKAHEAD) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::Bits;
    use super::*;
    use crate::source::Source;

    fn window_of(data: &[u8]) -> Window {
        let mut source = Source::from_slice(data);
        let mut bits = Bits::new(&mut source);
        bits.fill();
        bits.window
    }

    /// Codes: 0x01 -> 00, 0x02 -> 010, 0x13 -> 011, 0xaa -> 1111111110 (10 bits, after fillers).
    fn table() -> Box<Table> {
        let mut counts = [0u8; 16];
        counts[1] = 1; // one 2-bit code
        counts[2] = 2; // two 3-bit codes
        counts[9] = 1; // one 10-bit code
        let mut symbols = vec![0x01, 0x02, 0x13, 0xaa];
        // Codes 100.. 1111111101 unused: the 10-bit code is 0b1000000000 after the 3-bit ones.
        symbols.truncate(4);
        Table::new(&counts, &symbols, true).unwrap()
    }

    #[test]
    fn decodes_short_and_long_codes() {
        // 00 | 010 | 011 | 1000000000 | then zeros
        let data = [0b0001_0011, 0b1000_0000, 0b0000_0000, 0, 0, 0, 0, 0, 0, 0];
        let mut window = window_of(&data);
        let table = table();
        assert_eq!(table.decode(&mut window), Some(0x01));
        assert_eq!(table.decode(&mut window), Some(0x02));
        assert_eq!(table.decode(&mut window), Some(0x13));
        assert_eq!(table.decode(&mut window), Some(0xaa));
    }

    #[test]
    fn fast_ac_gives_run_and_value() {
        // 011 = run 1 size 3, extra bits 101 = 5; then 010 = run 0 size 2, extra 00 = -3
        let data = [0b0111_0101, 0b0000_0000, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut window = window_of(&data);
        let table = table();
        for (run, value) in [(1, 5), (0, -3)] {
            let entry = table.fast_ac(window);
            assert_eq!(((entry >> 8) & RUN_MASK, entry >> 16), (run, value));
            window.skip((entry & 0xff) as u32);
        }
    }

    #[test]
    fn refuses_counts_that_overflow_the_code_space() {
        let mut counts = [0u8; 16];
        counts[0] = 3; // three 1-bit codes
        assert!(Table::new(&counts, &[1, 2, 3], false).is_none());
        assert!(Table::new(&[0; 16], &[], false).is_none());
    }
}
