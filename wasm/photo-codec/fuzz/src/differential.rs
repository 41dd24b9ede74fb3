//! The differential check of the decoder targets (fuzz_baseline, fuzz_progressive): each input is
//! a JPEG after one byte whose low bits pick the DCT scale. Whatever the codec's path decodes must
//! be exactly what jpeg-decoder 0.2.6 decodes from the same bytes at the same scale; anything else
//! must come back as None, never a panic.

use crate::baseline;
use crate::source::Source;
use jpeg_decoder::Decoder;

/// Larger images only cost time per input (allocation is not what this looks for).
const MAX_PIXELS: u32 = 1 << 20;

/// `reads_all_at`: for a path that leaves scans unread at 1/8 scale (the progressive one skips
/// the AC scans), a scale at which it reads every scan: a file jpeg-decoder refuses may decode
/// at 1/8, but must then be refused at that scale.
pub fn check(bytes: &[u8], decode: fn(Source, usize) -> Option<Vec<u8>>, reads_all_at: Option<usize>) {
    let (choice, jpeg) = match bytes.split_first() {
        Some((choice, rest)) => (*choice, rest),
        None => return,
    };
    let eighths = [1u32, 2, 4, 8][(choice & 3) as usize];
    let mut decoder = Decoder::new(jpeg);
    let (w, h) = match decoder.read_info().ok().and_then(|_| decoder.info()) {
        Some(info) => (info.width as u32, info.height as u32),
        None => {
            let _ = decode(Source::from_slice(jpeg), eighths as usize);
            return;
        }
    };
    if w == 0 || h == 0 || w * h > MAX_PIXELS {
        return;
    }
    let request = ((w * eighths + 7) / 8, (h * eighths + 7) / 8);
    if decoder.scale(request.0 as u16, request.1 as u16).is_err() {
        return;
    }
    let scale = baseline::jpeg_decoder_scale(w, h, request);
    if let Some(pixels) = decode(Source::from_slice(jpeg), scale as usize) {
        match (decoder.decode(), reads_all_at) {
            (Ok(expected), _) => assert!(pixels == expected, "pixels differ from jpeg-decoder's"),
            (Err(_), Some(all)) if scale == 1 => assert!(decode(Source::from_slice(jpeg), all).is_none(), "decoded at {}/8 what jpeg-decoder refuses", all),
            (Err(error), _) => panic!("decoded a file jpeg-decoder refuses: {}", error),
        }
    }
}
