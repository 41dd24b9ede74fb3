//! The JPEG header's APP2 "ICC_PROFILE" segments, read before the decoder runs: an embedded
//! colour profile is split over one or more APP2 markers (ICC.1 B.4: up to 65519 bytes each,
//! each with its 1-based sequence number and the chunk count) that may come in any order.
//! The scan stops at the first SOS, so only the header is read (a few KB besides EXIF).

use std::io::Read;

/// 'ICC_PROFILE\0', then sequence number and chunk count (one byte each).
const ICC_SIGNATURE: &[u8; 12] = b"ICC_PROFILE\0";
const SOI: u8 = 0xd8;
const EOI: u8 = 0xd9;
const SOS: u8 = 0xda;
const APP2: u8 = 0xe2;

/// One APP2 ICC chunk as stored: its sequence number, the count it claims, its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IccChunk {
    pub sequence: u8,
    pub count: u8,
    pub data: Vec<u8>,
}

/// Every APP2 ICC chunk of the header, in file order. Reading stops quietly at the first
/// SOS, EOI, a malformed segment or the end of the data: the decoder reports those itself.
pub fn icc_chunks(mut reader: impl Read) -> Vec<IccChunk> {
    let mut chunks = Vec::new();
    let mut two = [0u8; 2];
    if reader.read_exact(&mut two).is_err() || two != [0xff, SOI] {
        return chunks;
    }
    let mut scratch = Vec::new();
    while let Some(marker) = next_marker(&mut reader) {
        match marker {
            SOS | EOI => break,
            // Standalone markers (TEM, RSTn) carry no length.
            0x01 | 0xd0..=0xd7 => continue,
            _ => {}
        }
        if reader.read_exact(&mut two).is_err() {
            break;
        }
        let length = u16::from_be_bytes(two) as usize;
        if length < 2 {
            break;
        }
        scratch.clear();
        if reader.by_ref().take(length as u64 - 2).read_to_end(&mut scratch).is_err() || scratch.len() != length - 2 {
            break;
        }
        if marker == APP2 && scratch.len() >= 14 && scratch[..12] == ICC_SIGNATURE[..] {
            chunks.push(IccChunk { sequence: scratch[12], count: scratch[13], data: scratch[14..].to_vec() });
        }
    }
    chunks
}

/// The next marker code: skips anything up to an 0xff and the fill bytes (0xff) after it.
fn next_marker(reader: &mut impl Read) -> Option<u8> {
    let mut byte = [0u8; 1];
    loop {
        reader.read_exact(&mut byte).ok()?;
        if byte[0] != 0xff {
            continue;
        }
        loop {
            reader.read_exact(&mut byte).ok()?;
            match byte[0] {
                0xff => continue,
                0x00 => break, // a stuffed byte, not a marker
                code => return Some(code),
            }
        }
    }
}

/// Why the chunks do not make one profile.
#[derive(Debug, PartialEq, Eq)]
pub enum ChunkProblem {
    CountZero,
    CountsDisagree,
    SequenceOutOfRange(u8),
    Duplicate(u8),
    Missing(u8),
}

impl std::fmt::Display for ChunkProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChunkProblem::CountZero => write!(f, "an ICC chunk says the profile has 0 chunks"),
            ChunkProblem::CountsDisagree => write!(f, "the ICC chunks disagree on their count"),
            ChunkProblem::SequenceOutOfRange(n) => write!(f, "ICC chunk number {} is out of range", n),
            ChunkProblem::Duplicate(n) => write!(f, "ICC chunk {} appears twice", n),
            ChunkProblem::Missing(n) => write!(f, "ICC chunk {} is missing", n),
        }
    }
}

/// The profile the chunks make, in sequence order; None when there are none. Every chunk
/// 1..=count must be there exactly once, all with the same count.
pub fn assemble(chunks: &[IccChunk]) -> Result<Option<Vec<u8>>, ChunkProblem> {
    let count = match chunks.first() {
        None => return Ok(None),
        Some(first) => first.count,
    };
    if count == 0 {
        return Err(ChunkProblem::CountZero);
    }
    let mut slots: Vec<Option<&IccChunk>> = vec![None; count as usize];
    for chunk in chunks {
        if chunk.count != count {
            return Err(ChunkProblem::CountsDisagree);
        }
        if chunk.sequence == 0 || chunk.sequence > count {
            return Err(ChunkProblem::SequenceOutOfRange(chunk.sequence));
        }
        let slot = &mut slots[chunk.sequence as usize - 1];
        if slot.is_some() {
            return Err(ChunkProblem::Duplicate(chunk.sequence));
        }
        *slot = Some(chunk);
    }
    let mut profile = Vec::with_capacity(chunks.iter().map(|c| c.data.len()).sum());
    for (index, slot) in slots.iter().enumerate() {
        match slot {
            Some(chunk) => profile.extend_from_slice(&chunk.data),
            None => return Err(ChunkProblem::Missing(index as u8 + 1)),
        }
    }
    Ok(Some(profile))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
        let mut out = vec![0xff, marker];
        out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(payload);
        out
    }

    fn icc_segment(sequence: u8, count: u8, data: &[u8]) -> Vec<u8> {
        let mut payload = ICC_SIGNATURE.to_vec();
        payload.extend_from_slice(&[sequence, count]);
        payload.extend_from_slice(data);
        segment(APP2, &payload)
    }

    fn chunk(sequence: u8, count: u8, data: &[u8]) -> IccChunk {
        IccChunk { sequence, count, data: data.to_vec() }
    }

    #[test]
    fn finds_chunks_in_the_header_only() {
        let mut jpeg = vec![0xff, SOI];
        jpeg.extend(segment(0xe0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"));
        jpeg.extend(icc_segment(2, 2, b"world"));
        jpeg.extend(segment(APP2, b"FPXR\0other app2"));
        jpeg.extend([0xff, 0xff]); // fill bytes before a marker
        jpeg.extend(icc_segment(1, 2, b"hello "));
        jpeg.extend(segment(SOS, &[1, 1, 0, 0, 63, 0]));
        jpeg.extend(icc_segment(1, 1, b"after SOS"));
        let chunks = icc_chunks(&jpeg[..]);
        assert_eq!(chunks, vec![chunk(2, 2, b"world"), chunk(1, 2, b"hello ")]);
        assert_eq!(assemble(&chunks).unwrap().unwrap(), b"hello world");
    }

    #[test]
    fn stops_quietly_on_short_or_bad_data() {
        assert!(icc_chunks(&[0xff, 0xd8, 0xff, 0xe2, 0x00][..]).is_empty());
        assert!(icc_chunks(&[0x89, b'P', b'N', b'G'][..]).is_empty());
        assert!(icc_chunks(&[0xff, 0xd8, 0xff, 0xe2, 0x00, 0x01][..]).is_empty());
        let mut cut = vec![0xff, SOI];
        cut.extend(icc_segment(1, 1, b"profile"));
        cut.truncate(cut.len() - 3);
        assert!(icc_chunks(&cut[..]).is_empty());
    }

    #[test]
    fn refuses_inconsistent_chunks() {
        assert_eq!(assemble(&[]), Ok(None));
        assert_eq!(assemble(&[chunk(1, 0, b"a")]), Err(ChunkProblem::CountZero));
        assert_eq!(assemble(&[chunk(1, 2, b"a"), chunk(2, 3, b"b")]), Err(ChunkProblem::CountsDisagree));
        assert_eq!(assemble(&[chunk(3, 2, b"a")]), Err(ChunkProblem::SequenceOutOfRange(3)));
        assert_eq!(assemble(&[chunk(0, 2, b"a")]), Err(ChunkProblem::SequenceOutOfRange(0)));
        assert_eq!(assemble(&[chunk(1, 2, b"a"), chunk(1, 2, b"a")]), Err(ChunkProblem::Duplicate(1)));
        assert_eq!(assemble(&[chunk(2, 2, b"a")]), Err(ChunkProblem::Missing(1)));
    }
}
