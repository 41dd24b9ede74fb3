//! The markers before the first scan, read for the baseline path: quantisation and Huffman
//! tables, the frame, the restart interval, Adobe's colour transform and the scan header.
//! Anything the baseline path does not take (progressive or other frames, 12-bit samples,
//! a scan without every component, Adobe RGB, odd sampling) answers None: jpeg-decoder
//! then decodes the file as before.

use super::huffman::Table;
use crate::source::Source;
use std::io::Read;

/// Zigzag position -> natural (row-major) position in the 8x8 block.
pub const UNZIGZAG: [u8; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
    62, 63,
];

pub struct Component {
    pub h: usize,
    pub v: usize,
    /// The quantisation table, natural order.
    pub quant: [u16; 64],
    pub dc: usize,
    pub ac: usize,
}

pub struct Header {
    pub width: usize,
    pub height: usize,
    pub components: Vec<Component>,
    pub restart_interval: usize,
    pub dc_tables: [Option<Box<Table>>; 4],
    pub ac_tables: [Option<Box<Table>>; 4],
}

pub(crate) fn byte(reader: &mut impl Read) -> Option<u8> {
    let mut one = [0u8; 1];
    reader.read_exact(&mut one).ok()?;
    Some(one[0])
}

pub(crate) fn u16_be(reader: &mut impl Read) -> Option<usize> {
    Some((byte(reader)? as usize) << 8 | byte(reader)? as usize)
}

pub(crate) fn segment(reader: &mut impl Read) -> Option<Vec<u8>> {
    let length = u16_be(reader)?.checked_sub(2)?;
    let mut data = vec![0u8; length];
    reader.read_exact(&mut data).ok()?;
    Some(data)
}

/// Reads up to and including the first SOS; the source is then at the entropy-coded data.
pub fn read(source: &mut Source) -> Option<Header> {
    if (byte(source)?, byte(source)?) != (0xff, 0xd8) {
        return None;
    }
    let mut quant: [Option<[u16; 64]>; 4] = [None; 4];
    let (mut dc_tables, mut ac_tables): ([Option<Box<Table>>; 4], [Option<Box<Table>>; 4]) = Default::default();
    let mut frame: Option<(usize, usize, Vec<(u8, usize, usize, usize)>)> = None;
    let mut restart_interval = 0;
    loop {
        if byte(source)? != 0xff {
            return None;
        }
        let mut marker = byte(source)?;
        while marker == 0xff {
            marker = byte(source)?;
        }
        match marker {
            0xc0 | 0xc1 => {
                let data = segment(source)?;
                if frame.is_some() || data.len() < 6 || data[0] != 8 {
                    return None;
                }
                let height = (data[1] as usize) << 8 | data[2] as usize;
                let width = (data[3] as usize) << 8 | data[4] as usize;
                let count = data[5] as usize;
                if data.len() != 6 + 3 * count || width == 0 || height == 0 {
                    return None;
                }
                let components = data[6..].chunks_exact(3).map(|c| (c[0], (c[1] >> 4) as usize, (c[1] & 15) as usize, c[2] as usize)).collect();
                frame = Some((width, height, components));
            }
            0xc4 => read_huffman(&segment(source)?, &mut dc_tables, &mut ac_tables)?,
            0xdb => read_quant(&segment(source)?, &mut quant)?,
            0xdd => {
                let data = segment(source)?;
                restart_interval = if data.len() == 2 { (data[0] as usize) << 8 | data[1] as usize } else { return None };
            }
            // Adobe APP14 with transform 0: the three components are RGB, not YCbCr.
            0xee => {
                let data = segment(source)?;
                if data.len() >= 12 && data.starts_with(b"Adobe") && data[11] == 0 {
                    return None;
                }
            }
            0xda => {
                let (width, height, frame_components) = frame?;
                let scan = segment(source)?;
                let count = *scan.first()? as usize;
                if count != frame_components.len() || scan.len() != 4 + 2 * count || scan[1 + 2 * count..] != [0, 63, 0] {
                    return None;
                }
                let mut components = Vec::with_capacity(count);
                for (i, &(id, h, v, q)) in frame_components.iter().enumerate() {
                    let (scan_id, tables) = (scan[1 + 2 * i], scan[2 + 2 * i]);
                    let (dc, ac) = ((tables >> 4) as usize, (tables & 15) as usize);
                    if scan_id != id || q > 3 || dc > 3 || ac > 3 || dc_tables[dc].is_none() || ac_tables[ac].is_none() {
                        return None;
                    }
                    components.push(Component { h, v, quant: quant[q]?, dc, ac });
                }
                return Some(Header { width, height, components, restart_interval, dc_tables, ac_tables });
            }
            // Other frame types (progressive, lossless, arithmetic, hierarchical), DNL, EOI,
            // and RSTn, TEM, reserved (02-bf) or JPGn (f0-fd) markers in the header
            // (jpeg-decoder refuses those); ff 00, which jpeg-decoder reads past as no marker
            // (it would see other segments than we do).
            0xc2..=0xcf | 0xdc | 0xde | 0xdf | 0xd9 | 0xd8 | 0x01 | 0xd0..=0xd7 | 0x00 | 0x02..=0xbf | 0xf0..=0xfd => return None,
            _ => {
                segment(source)?;
            }
        }
    }
}

pub(crate) fn read_huffman(data: &[u8], dc: &mut [Option<Box<Table>>; 4], ac: &mut [Option<Box<Table>>; 4]) -> Option<()> {
    let mut rest = data;
    while !rest.is_empty() {
        let (class, id) = (rest[0] >> 4, (rest[0] & 15) as usize);
        let counts: [u8; 16] = rest.get(1..17)?.try_into().ok()?;
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        let symbols = rest.get(17..17 + total)?;
        if id > 3 || class > 1 {
            return None;
        }
        let table = Table::new(&counts, symbols, class == 1)?;
        if class == 0 {
            dc[id] = Some(table);
        } else {
            ac[id] = Some(table);
        }
        rest = &rest[17 + total..];
    }
    Some(())
}

pub(crate) fn read_quant(data: &[u8], tables: &mut [Option<[u16; 64]>; 4]) -> Option<()> {
    let mut rest = data;
    while !rest.is_empty() {
        let (precision, id) = ((rest[0] >> 4) as usize, (rest[0] & 15) as usize);
        if precision > 1 || id > 3 {
            return None;
        }
        let size = 64 << precision;
        let values = rest.get(1..1 + size)?;
        let mut table = [0u16; 64];
        for (k, &natural) in UNZIGZAG.iter().enumerate() {
            table[natural as usize] = if precision == 0 { values[k] as u16 } else { (values[2 * k] as u16) << 8 | values[2 * k + 1] as u16 };
        }
        tables[id] = Some(table);
        rest = &rest[1 + size..];
    }
    Some(())
}
