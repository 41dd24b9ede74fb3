//! The entropy-coded data of one progressive scan (ITU T.81 Annex G.1.2): DC first and
//! refinement scans (interleaved or not), AC first scans with end-of-band runs and AC
//! refinement scans, with restart markers. Each kind follows jpeg-decoder 0.2.6's reading of
//! the standard step for step, also where a corrupt stream runs past the band's end, so the
//! two decoders agree on every file both take. The bits come through the baseline path's
//! word-wide reader and lookahead Huffman tables; coefficients go to the compact store.

use super::frame::{Frame, Scan};
use super::store::{Blocks, NOT_KEPT};
use crate::baseline::bits::{Bits, Window};
use crate::baseline::huffman::Table;

/// The most bits one symbol takes: a code of up to 16 bits and up to 15 extra bits.
const SYMBOL_BITS: i32 = 32;

/// jpeg-decoder 0.2.6's AC lookahead (its `LUT_BITS`), which decides what it reads on a corrupt
/// run past the band's end. The baseline path's `Table::fast_ac` is not used here: its entries'
/// layout is the baseline loop's own business.
const JPEG_DECODER_LOOKAHEAD: u32 = 8;

/// A first-scan AC value at or beyond this (after the point transform), or one the point
/// transform shifted out to zero, is left to jpeg-decoder: with coefficients below it no
/// refinement can overflow an i16, where jpeg-decoder refuses the file, even for coefficients
/// this store does not keep (see `Image::refinement_budget`).
pub const VALUE_LIMIT: i32 = 1 << 14;

/// What restarts reset: the DC predictors and the end-of-band run.
#[derive(Default)]
struct State {
    predictors: [i16; 4],
    eob_run: u32,
}

/// Calls `block(index in the scan's component list, block index in its store, state, bits)`
/// for every block of the scan in coding order, reading the restart markers between.
#[inline(always)]
fn walk(frame: &Frame, mcus: (usize, usize), scan: &Scan, restart_interval: usize, bits: &mut Bits, mut block: impl FnMut(usize, usize, &mut State, &mut Bits) -> Option<()>) -> Option<()> {
    let mut state = State::default();
    let (mut until_restart, mut next_restart) = (restart_interval, 0u8);
    let mut restart = |state: &mut State, bits: &mut Bits| -> Option<()> {
        if restart_interval > 0 {
            if until_restart == 0 {
                if !bits.take_marker(0xd0 + next_restart) {
                    return None;
                }
                next_restart = (next_restart + 1) % 8;
                *state = State::default();
                until_restart = restart_interval;
            }
            until_restart -= 1;
        }
        Some(())
    };
    if let [only] = scan.components[..] {
        let (across, down) = frame.own_blocks(only, mcus);
        let padded = mcus.0 * frame.components[only].h;
        for y in 0..down {
            for x in 0..across {
                restart(&mut state, bits)?;
                block(0, y * padded + x, &mut state, bits)?;
            }
            if bits.overrun() {
                return None;
            }
        }
        return Some(());
    }
    for mcu_y in 0..mcus.1 {
        for mcu_x in 0..mcus.0 {
            restart(&mut state, bits)?;
            for (i, &component) in scan.components.iter().enumerate() {
                let (h, v) = (frame.components[component].h, frame.components[component].v);
                for y in mcu_y * v..(mcu_y + 1) * v {
                    for x in mcu_x * h..(mcu_x + 1) * h {
                        block(i, y * mcus.0 * h + x, &mut state, bits)?;
                    }
                }
            }
        }
        if bits.overrun() {
            return None;
        }
    }
    Some(())
}

/// DC first scan (G.1.2.1): the difference to the predictor, shifted left by Al.
pub fn dc_first(frame: &Frame, mcus: (usize, usize), scan: &Scan, restart_interval: usize, tables: &[&Table], stores: &mut [&mut Blocks], bits: &mut Bits) -> Option<()> {
    let per_block = |blocks: &Blocks| blocks.values.len() / (blocks.across * blocks.down);
    walk(frame, mcus, scan, restart_interval, bits, |i, index, state, bits| {
        let mut window = bits.ensure(bits.window, SYMBOL_BITS);
        let category = tables[i].decode(&mut window)? as u32;
        if category > 11 {
            return None;
        }
        let difference = if category > 0 { window.extend(category) as i16 } else { 0 };
        bits.window = window;
        let predictor = &mut state.predictors[i];
        *predictor = predictor.wrapping_add(difference);
        let blocks = &mut *stores[i];
        let at = index * per_block(blocks);
        blocks.values[at] = predictor.wrapping_shl(scan.low as u32);
        Some(())
    })
}

/// DC refinement scan: one bit per block.
pub fn dc_refine(frame: &Frame, mcus: (usize, usize), scan: &Scan, restart_interval: usize, stores: &mut [&mut Blocks], bits: &mut Bits) -> Option<()> {
    walk(frame, mcus, scan, restart_interval, bits, |i, index, _, bits| {
        let mut window = bits.ensure(bits.window, 1);
        let one = window.peek(1) == 1;
        window.skip(1);
        bits.window = window;
        let blocks = &mut *stores[i];
        let at = index * (blocks.values.len() / (blocks.across * blocks.down));
        if one {
            blocks.values[at] |= 1 << scan.low;
        }
        Some(())
    })
}

/// Where one block's AC coefficients go: its kept values and its non-zero mask.
struct Target<'a> {
    slot: &'a [u8; 64],
    values: &'a mut [i16],
    nonzero: &'a mut u64,
}

impl Target<'_> {
    #[inline(always)]
    fn set(&mut self, k: usize, value: i16) {
        *self.nonzero |= 1 << k;
        if self.slot[k] != NOT_KEPT {
            self.values[self.slot[k] as usize] = value;
        }
    }
}

/// AC first or refinement scan of one component over the band Ss..=Se.
pub fn ac(frame: &Frame, mcus: (usize, usize), scan: &Scan, restart_interval: usize, table: &Table, slot: &[u8; 64], blocks: &mut Blocks, bits: &mut Bits) -> Option<()> {
    let per_block = blocks.values.len() / (blocks.across * blocks.down);
    walk(frame, mcus, scan, restart_interval, bits, |_, index, state, bits| {
        let mut target = Target { slot, values: &mut blocks.values[index * per_block..(index + 1) * per_block], nonzero: &mut blocks.nonzero[index] };
        if scan.high == 0 {
            ac_first(table, scan, &mut target, &mut state.eob_run, bits)
        } else {
            ac_refine(table, scan, &mut target, &mut state.eob_run, bits)
        }
    })
}

/// G.1.2.2: runs of zeros and values (shifted left by Al); an EOBn symbol ends this block
/// and starts a run of blocks with nothing in the band.
#[inline(always)]
fn ac_first(table: &Table, scan: &Scan, target: &mut Target, eob_run: &mut u32, bits: &mut Bits) -> Option<()> {
    if *eob_run > 0 {
        *eob_run -= 1;
        return Some(());
    }
    let (mut k, end) = (scan.start, scan.end);
    let mut window = bits.window;
    while k <= end {
        window = bits.ensure(window, SYMBOL_BITS);
        let before = window.count;
        let symbol = table.decode(&mut window)? as u32;
        let length = (before - window.count) as u32;
        let (run, size) = ((symbol >> 4) as usize, symbol & 15);
        if size == 0 {
            if run == 15 {
                k += 16;
                continue;
            }
            *eob_run = (1 << run) - 1 + if run > 0 { take(&mut window, run as u32) } else { 0 };
            break;
        }
        k += run;
        if k > end {
            // Past the band's end (a corrupt stream): jpeg-decoder's 8-bit lookahead has taken
            // code and extra bits together when they fit in it, else only the code.
            if length + size <= JPEG_DECODER_LOOKAHEAD {
                window.skip(size);
            }
            break;
        }
        let value = window.extend(size);
        let shifted = (value as i16).wrapping_shl(scan.low as u32);
        if shifted == 0 || (shifted as i32).abs() >= VALUE_LIMIT {
            return None;
        }
        target.set(k, shifted);
        k += 1;
    }
    bits.window = window;
    Some(())
}

/// The next `n` (1..=16) bits as an unsigned number.
#[inline(always)]
fn take(window: &mut Window, n: u32) -> u32 {
    let value = window.peek(n);
    window.skip(n);
    value
}

/// G.1.2.3: a new coefficient (+-2^Al) after a run of zero ones, and a correction bit for
/// every non-zero coefficient passed on the way (also those the store does not keep).
#[inline(always)]
fn ac_refine(table: &Table, scan: &Scan, target: &mut Target, eob_run: &mut u32, bits: &mut Bits) -> Option<()> {
    let bit = 1i16 << scan.low;
    let (mut k, end) = (scan.start, scan.end);
    let mut window = bits.window;
    if *eob_run > 0 {
        *eob_run -= 1;
        refine_nonzero(k, end, 64, bit, target, &mut window, bits);
        bits.window = window;
        return Some(());
    }
    while k <= end {
        window = bits.ensure(window, SYMBOL_BITS);
        let symbol = table.decode(&mut window)? as u32;
        let (run, size) = ((symbol >> 4) as usize, symbol & 15);
        let (mut zeros, mut value) = (run, 0i16);
        match size {
            0 if run == 15 => {}
            0 => {
                *eob_run = (1 << run) - 1 + if run > 0 { take(&mut window, run as u32) } else { 0 };
                zeros = 64;
            }
            1 => value = if take(&mut window, 1) == 1 { bit } else { -bit },
            _ => return None,
        }
        k = refine_nonzero(k, end, zeros, bit, target, &mut window, bits);
        if value != 0 {
            target.set(k, value);
        }
        k += 1;
    }
    bits.window = window;
    Some(())
}

/// From zigzag position `from` to `end`: a correction bit for each non-zero coefficient,
/// stopping at the zero one after `zeros` zero ones (answered); `end` when the band ends first.
#[inline(always)]
fn refine_nonzero(from: usize, end: usize, mut zeros: usize, bit: i16, target: &mut Target, window: &mut Window, bits: &mut Bits) -> usize {
    for k in from..=end {
        if *target.nonzero & (1 << k) == 0 {
            if zeros == 0 {
                return k;
            }
            zeros -= 1;
        } else {
            *window = bits.ensure(*window, 1);
            if take(window, 1) == 1 && target.slot[k] != NOT_KEPT {
                let value = &mut target.values[target.slot[k] as usize];
                if *value & bit == 0 {
                    *value += if *value > 0 { bit } else { -bit };
                }
            }
        }
    }
    end
}
