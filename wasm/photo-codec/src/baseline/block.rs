//! Entropy decoding of one block (F.2.2): the DC difference, then the AC coefficients in two
//! phases, those the IDCT at the DCT scale reads (values stored) and the rest only to find the
//! block's end (several per `skip` lookup). The bit window stays in a local for the whole block.
//! On corrupt streams it consumes exactly the bits jpeg-decoder 0.2.6 does, so the two stay in
//! step (the differential fuzzer, `fuzz.sh baseline`, checks it).

use super::bits::{Bits, Window};
use super::header::UNZIGZAG;
use super::huffman::{Table, RUN_MASK, SKIP_EOB, WIDE};

/// The most bits one coefficient takes: a code of up to 16 bits and up to 11 (DC) or 15
/// (a corrupt AC size) extra bits when the code is short enough to leave that many.
const COEFFICIENT_BITS: i32 = 32;

/// Decodes one block's coefficients (zigzag positions into natural ones), keeping only the
/// first `keep` zigzag positions (those the IDCT at the DCT scale reads); answers the last
/// zigzag position written. The bit window lives in a local for the whole block.
#[inline(always)]
pub fn decode_block((dc_table, ac_table): (&Table, &Table), predictor: &mut i32, block: &mut [i16; 64], keep: usize, bits: &mut Bits) -> Option<usize> {
    let mut window = bits.ensure(bits.window, COEFFICIENT_BITS);
    let category = dc_table.decode(&mut window)? as u32;
    if category > 11 {
        return None;
    }
    if category > 0 {
        *predictor = (*predictor as i16).wrapping_add(window.extend(category) as i16) as i32;
    }
    block[0] = *predictor as i16;
    let mut k = 1usize;
    let mut last = 0usize;
    // The coefficients the IDCT reads; an end of block (or a corrupt run past it) sets k to 64.
    while k < keep {
        window = bits.ensure(window, COEFFICIENT_BITS);
        let entry = ac_table.fast_ac(window);
        let value = if entry != 0 {
            k += (entry >> 8 & RUN_MASK) as usize;
            if k >= 64 {
                // An end of block, or a corrupt run past it.
                window = if entry & WIDE == 0 { skipped(window, entry) } else { code_only(ac_table, window)? };
                break;
            }
            window.skip((entry & 0xff) as u32);
            entry >> 16
        } else {
            let symbol = ac_table.decode(&mut window)? as u32;
            let (run, size) = ((symbol >> 4) as usize, symbol & 15);
            match (run, size) {
                (0, 0) => k = 64,
                (15, 0) => {}
                (_, 0) => return None,
                // Past the block's end (a corrupt stream): the extra bits stay unread, as
                // jpeg-decoder leaves them.
                _ if k + run >= 64 => k = 64,
                _ => {}
            }
            k += run;
            if k >= 64 {
                break;
            }
            // A code of at most 16 bits left at least 16 of the 32.
            if size == 0 {
                0
            } else {
                window.extend(size)
            }
        };
        if k < keep {
            block[(UNZIGZAG[k] & 63) as usize] = value as i16;
            last = k;
        }
        k += 1;
    }
    // The rest only to find the end of the block: no values, no stores (same bits read).
    let (mut before, mut entry) = (window, 0);
    while k < 64 {
        window = bits.ensure(window, COEFFICIENT_BITS);
        // Several coefficients at once while they stay inside the block; at its end (or a
        // corrupt run past it) one at a time below, as jpeg-decoder reads them.
        let several = ac_table.skip(window);
        let passed = k + (several >> 4 & 0x7f) as usize;
        if several != 0 && passed < 64 {
            window.skip(several & 0xf);
            if several & SKIP_EOB != 0 {
                break;
            }
            k = passed;
            continue;
        }
        before = window;
        entry = ac_table.fast_ac(window);
        if entry != 0 {
            window.skip((entry & 0xff) as u32);
            k += (entry >> 8 & RUN_MASK) as usize + 1;
            continue;
        }
        let symbol = ac_table.decode(&mut window)? as u32;
        let (run, size) = ((symbol >> 4) as usize, symbol & 15);
        match (run, size) {
            (0, 0) => break,
            (15, 0) => k += 16,
            (_, 0) => return None,
            _ if k + run >= 64 => break,
            _ => {
                window.skip(size);
                k += run + 1;
            }
        }
    }
    if k > 64 && entry & WIDE != 0 {
        window = code_only(ac_table, before)?;
    }
    bits.window = window;
    Some(last)
}

/// A corrupt stream's run past the block's end, from a WIDE lookahead entry: jpeg-decoder
/// reads such a coefficient's code without its extra bits (its own lookahead, which would have
/// taken them too, is narrower), so the window goes back to before the entry and loses only
/// the code.
#[cold]
fn code_only(ac_table: &Table, mut window: Window) -> Option<Window> {
    ac_table.decode(&mut window)?;
    Some(window)
}

/// `window` past a lookahead entry's code and extra bits.
#[inline(always)]
fn skipped(mut window: Window, entry: i32) -> Window {
    window.skip((entry & 0xff) as u32);
    window
}
