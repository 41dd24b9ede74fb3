//! libFuzzer target for the progressive decoder (src/progressive, see ../fuzz.sh progressive):
//! each input is a JPEG; the first byte's low bits pick the DCT scale. Whatever the progressive
//! path decodes must be exactly what jpeg-decoder 0.2.6 decodes from the same bytes at the same
//! scale (a differential check); anything else must come back as None, never a panic. The one
//! allowed difference: at 1/8 scale the AC scans are skipped unread, so a file jpeg-decoder
//! refuses may decode there, but then it must be refused at 1/4 scale, which reads every scan.
#![no_main]

// The codec's own files, compiled in here unchanged (the codec crate is a cdylib).
#[path = "../../src/baseline/mod.rs"]
mod baseline;
#[path = "../../src/progressive/mod.rs"]
mod progressive;
#[path = "../../src/source.rs"]
mod source;

use jpeg_decoder::Decoder;
use source::Source;

/// Larger images only cost time per input (allocation is not what this looks for).
const MAX_PIXELS: u32 = 1 << 20;

#[no_mangle]
pub extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let bytes = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(data, size) } };
    let (choice, jpeg) = match bytes.split_first() {
        Some((choice, rest)) => (*choice, rest),
        None => return 0,
    };
    let eighths = [1u32, 2, 4, 8][(choice & 3) as usize];
    let mut decoder = Decoder::new(jpeg);
    let (w, h) = match decoder.read_info().ok().and_then(|_| decoder.info()) {
        Some(info) => (info.width as u32, info.height as u32),
        None => {
            let _ = progressive::decode(Source::from_slice(jpeg), eighths as usize);
            return 0;
        }
    };
    if w == 0 || h == 0 || w * h > MAX_PIXELS {
        return 0;
    }
    let request = ((w * eighths + 7) / 8, (h * eighths + 7) / 8);
    if decoder.scale(request.0 as u16, request.1 as u16).is_err() {
        return 0;
    }
    let scale = baseline::jpeg_decoder_scale(w, h, request);
    if let Some(pixels) = progressive::decode(Source::from_slice(jpeg), scale as usize) {
        match decoder.decode() {
            Ok(expected) => assert!(pixels == expected, "progressive pixels differ from jpeg-decoder's"),
            Err(_) if scale == 1 => assert!(progressive::decode(Source::from_slice(jpeg), 2).is_none(), "decoded at 1/4 what jpeg-decoder refuses"),
            Err(error) => panic!("progressive path decoded a file jpeg-decoder refuses: {}", error),
        }
    }
    0
}
