//! libFuzzer target for the region decode (src/baseline/region.rs, see ../fuzz.sh region): each
//! input is one byte whose low bits pick the DCT scale, four bytes placing a region in the output
//! (x, y as fractions of the size, width and height as fractions of what is left), then a JPEG.
//! The region decode must answer exactly the whole decode's pixels of that region, and decode
//! whenever the whole decode does (never a panic).
#![no_main]

// The codec's own files, compiled in here unchanged (the codec crate is a cdylib).
#[path = "../../src/baseline/mod.rs"]
mod baseline;
#[path = "../../src/source.rs"]
mod source;

use baseline::{decode, decode_region, Rect};
use source::Source;

/// Larger images only cost time per input (allocation is not what this looks for).
const MAX_PIXELS: u32 = 1 << 20;

#[no_mangle]
pub extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let bytes = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(data, size) } };
    if bytes.len() < 5 {
        return 0;
    }
    let (place, jpeg) = bytes.split_at(5);
    let eighths = [1u32, 2, 4, 8][(place[0] & 3) as usize];
    let mut decoder = jpeg_decoder::Decoder::new(jpeg);
    let (w, h) = match decoder.read_info().ok().and_then(|_| decoder.info()) {
        Some(info) => (info.width as u32, info.height as u32),
        None => {
            let _ = decode_region(Source::from_slice(jpeg), eighths as usize, Rect { x: 0, y: 0, width: 1, height: 1 });
            return 0;
        }
    };
    if w == 0 || h == 0 || w * h > MAX_PIXELS {
        return 0;
    }
    let request = ((w * eighths + 7) / 8, (h * eighths + 7) / 8);
    let scale = baseline::jpeg_decoder_scale(w, h, request) as usize;
    let (out_w, out_h) = (((w as usize) * scale + 7) / 8, ((h as usize) * scale + 7) / 8);
    let x = place[1] as usize * out_w / 256;
    let y = place[2] as usize * out_h / 256;
    let rect = Rect { x, y, width: 1 + place[3] as usize * (out_w - x - 1) / 255, height: 1 + place[4] as usize * (out_h - y - 1) / 255 };
    let whole = decode(Source::from_slice(jpeg), scale);
    let part = decode_region(Source::from_slice(jpeg), scale, rect);
    match (whole, part) {
        (Some(whole), Some(part)) => {
            let channels = whole.len() / (out_w * out_h);
            let row = rect.width * channels;
            for r in 0..rect.height {
                let from = ((rect.y + r) * out_w + rect.x) * channels;
                assert!(whole[from..from + row] == part[r * row..(r + 1) * row], "region row {} differs", r);
            }
        }
        (None, None) => {}
        (whole, part) => panic!("whole decoded: {}, region decoded: {}", whole.is_some(), part.is_some()),
    }
    0
}
