//! The coefficients a progressive JPEG's scans build up, kept only where the IDCT at the DCT
//! scale reads them: the top-left `side` x `side` of each block (1/8: the DC alone, 1/4: 2x2,
//! 1/2: 4x4, full size: all 64). A 24 MP photo at 1/4 keeps 4 of its 64 coefficients per
//! block. Refinement scans (G.1.2.3) also need to know which of the other coefficients are
//! non-zero (a correction bit follows each of those), so each block has a 64-bit mask of
//! them by zigzag position, unless no AC scan is decoded at all (the DC-only scale).

use crate::baseline::header::UNZIGZAG;

/// Marks a zigzag position whose coefficient is not kept.
pub const NOT_KEPT: u8 = 0xff;

pub struct Blocks {
    /// Blocks across, padded to whole MCUs (as the planes are).
    pub across: usize,
    pub down: usize,
    /// `side * side` per block, row-major within the kept square.
    pub values: Vec<i16>,
    /// Per block, bit k set when zigzag coefficient k is non-zero (empty when not needed).
    pub nonzero: Vec<u64>,
}

pub struct Store {
    /// The kept square's side: the DCT scale in eighths (1, 2, 4 or 8).
    pub side: usize,
    /// Zigzag position -> index in a block's kept values, or NOT_KEPT.
    pub slot: [u8; 64],
    /// The highest zigzag position kept: a band starting after it holds nothing kept.
    pub last_kept: usize,
    pub components: Vec<Blocks>,
}

impl Store {
    /// `blocks`: per component, blocks across and down padded to whole MCUs.
    pub fn new(side: usize, blocks: &[(usize, usize)], with_masks: bool) -> Store {
        let mut slot = [NOT_KEPT; 64];
        let mut last_kept = 0;
        for (k, &natural) in UNZIGZAG.iter().enumerate() {
            let (row, column) = (natural as usize / 8, natural as usize % 8);
            if row < side && column < side {
                slot[k] = (row * side + column) as u8;
                last_kept = k;
            }
        }
        let components = blocks
            .iter()
            .map(|&(across, down)| Blocks {
                across,
                down,
                values: vec![0; across * down * side * side],
                nonzero: if with_masks { vec![0; across * down] } else { Vec::new() },
            })
            .collect();
        Store { side, slot, last_kept, components }
    }

    /// Block `index`'s kept values into `block` (natural order, the rest zero); false when
    /// none of its AC coefficients is non-zero (a flat block).
    pub fn expand(&self, component: usize, index: usize, block: &mut [i16; 64]) -> bool {
        let side = self.side;
        let values = &self.components[component].values[index * side * side..(index + 1) * side * side];
        for (row, kept) in values.chunks_exact(side).enumerate() {
            block[row * 8..row * 8 + side].copy_from_slice(kept);
        }
        values[1..].iter().any(|&v| v != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_top_left_square_of_each_block() {
        let store = Store::new(2, &[(1, 1)], true);
        // Zigzag 0, 1, 2 and 4 are natural 0, 1, 8 and 9.
        let kept: Vec<usize> = (0..64).filter(|&k| store.slot[k] != NOT_KEPT).collect();
        assert_eq!(kept, [0, 1, 2, 4]);
        assert_eq!(store.last_kept, 4);
        assert_eq!(Store::new(4, &[(1, 1)], true).last_kept, 24);
        assert_eq!(Store::new(1, &[(1, 1)], false).last_kept, 0);
    }

    #[test]
    fn expands_kept_values_into_a_natural_block() {
        let mut store = Store::new(2, &[(2, 1)], true);
        store.components[0].values[4..8].copy_from_slice(&[5, 0, 0, 0]);
        let mut block = [0i16; 64];
        assert!(!store.expand(0, 1, &mut block), "DC only is flat");
        store.components[0].values[7] = -3;
        assert!(store.expand(0, 1, &mut block));
        assert_eq!((block[0], block[9]), (5, -3));
    }
}
