//! The progressive frame (SOF2) and scan (SOS) headers, checked as strictly as jpeg-decoder
//! 0.2.6 checks them (ITU T.81 B.2.2, B.2.3 and G.1.1.1): anything it refuses is refused here
//! too (None), so such a file still goes to jpeg-decoder and gives today's error.

pub struct FrameComponent {
    pub id: u8,
    pub h: usize,
    pub v: usize,
    pub quant: usize,
}

pub struct Frame {
    pub width: usize,
    pub height: usize,
    pub components: Vec<FrameComponent>,
}

/// One scan: which frame components (indices, in frame order) with which tables, the band
/// Ss..=Se of zigzag positions and the successive approximation bits Ah, Al.
pub struct Scan {
    pub components: Vec<usize>,
    pub dc_tables: Vec<usize>,
    pub ac_tables: Vec<usize>,
    pub start: usize,
    pub end: usize,
    pub high: u8,
    pub low: u8,
}

impl Frame {
    /// An SOF2 segment's data (after the length): 8-bit samples, 1 or 3 components.
    pub fn read(data: &[u8]) -> Option<Frame> {
        if data.len() < 6 || data[0] != 8 {
            return None;
        }
        let height = (data[1] as usize) << 8 | data[2] as usize;
        let width = (data[3] as usize) << 8 | data[4] as usize;
        let count = data[5] as usize;
        if data.len() != 6 + 3 * count || width == 0 || height == 0 || !(count == 1 || count == 3) {
            return None;
        }
        let components: Vec<FrameComponent> = data[6..]
            .chunks_exact(3)
            .map(|c| FrameComponent { id: c[0], h: (c[1] >> 4) as usize, v: (c[1] & 15) as usize, quant: c[2] as usize })
            .collect();
        let valid = |c: &FrameComponent| (1..=4).contains(&c.h) && (1..=4).contains(&c.v) && c.quant <= 3;
        let unique = components.iter().enumerate().all(|(i, c)| components[..i].iter().all(|d| d.id != c.id));
        if !components.iter().all(valid) || !unique {
            return None;
        }
        Some(Frame { width, height, components })
    }

    /// Blocks across and down that a scan of this component alone codes (A.2.2): the
    /// component's own size in blocks, not padded to whole MCUs.
    pub fn own_blocks(&self, component: usize, mcus: (usize, usize)) -> (usize, usize) {
        let c = &self.components[component];
        let h_max = self.components.iter().map(|c| c.h).max().unwrap_or(1);
        let v_max = self.components.iter().map(|c| c.v).max().unwrap_or(1);
        let ceil_div = |a: usize, b: usize| (a + b - 1) / b;
        let own = (ceil_div(ceil_div(self.width * c.h, h_max), 8), ceil_div(ceil_div(self.height * c.v, v_max), 8));
        (own.0.min(mcus.0 * c.h), own.1.min(mcus.1 * c.v))
    }
}

impl Scan {
    /// An SOS segment's data (after the length), with jpeg-decoder's checks.
    pub fn read(data: &[u8], frame: &Frame) -> Option<Scan> {
        let count = *data.first()? as usize;
        if count == 0 || count > 4 || data.len() != 4 + 2 * count {
            return None;
        }
        let mut scan = Scan { components: Vec::new(), dc_tables: Vec::new(), ac_tables: Vec::new(), start: 0, end: 0, high: 0, low: 0 };
        for pair in data[1..1 + 2 * count].chunks_exact(2) {
            let index = frame.components.iter().position(|c| c.id == pair[0])?;
            // Each component once, in frame order.
            if scan.components.iter().any(|&i| i >= index) {
                return None;
            }
            let (dc, ac) = ((pair[1] >> 4) as usize, (pair[1] & 15) as usize);
            if dc > 3 || ac > 3 {
                return None;
            }
            scan.components.push(index);
            scan.dc_tables.push(dc);
            scan.ac_tables.push(ac);
        }
        let blocks_per_mcu: usize = scan.components.iter().map(|&i| frame.components[i].h * frame.components[i].v).sum();
        if count > 1 && blocks_per_mcu > 10 {
            return None;
        }
        let tail = &data[1 + 2 * count..];
        scan.start = tail[0] as usize;
        scan.end = tail[1] as usize;
        scan.high = tail[2] >> 4;
        scan.low = tail[2] & 15;
        let band_ok = scan.end <= 63 && scan.start <= scan.end && (scan.start == 0) == (scan.end == 0);
        let interleave_ok = scan.start == 0 || count == 1;
        let bits_ok = scan.high <= 13 && scan.low <= 13 && (scan.high == 0 || scan.high == scan.low + 1);
        if band_ok && interleave_ok && bits_ok {
            Some(scan)
        } else {
            None
        }
    }
}
