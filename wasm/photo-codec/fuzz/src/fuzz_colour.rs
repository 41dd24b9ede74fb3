//! libFuzzer target for the colour parsers (see ../fuzz.sh). The first byte picks what the
//! rest is: an ICC profile (parsed as RGB and as grey, its transform built and run), or a
//! JPEG header (APP2 chunks collected, assembled, decided on). Any panic aborts: a crash.
#![no_main]

// The codec's own files, compiled in here unchanged (the codec crate is a cdylib).
#[path = "../../src/colour.rs"]
mod colour;
#[path = "../../src/curve.rs"]
mod curve;
#[path = "../../src/icc.rs"]
mod icc;
#[path = "../../src/markers.rs"]
mod markers;

use icc::Space;

fn run_transform(decision: &colour::Decision) {
    if let Some(transform) = &decision.transform {
        let mut pixels: Vec<u8> = (0..=255u8).flat_map(|v| [v, 255 - v, v / 2]).collect();
        transform.apply(&mut pixels, 3);
        let mut grey: Vec<u8> = (0..=255u8).collect();
        transform.apply(&mut grey, 1);
    }
}

#[no_mangle]
pub extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let bytes = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(data, size) } };
    let (mode, rest) = match bytes.split_first() {
        Some((mode, rest)) => (*mode, rest),
        None => return 0,
    };
    if mode & 1 == 0 {
        for space in [Space::Rgb, Space::Grey] {
            if let Ok(profile) = icc::parse(rest, space) {
                run_transform(&colour::from_profile(&profile));
            }
        }
    } else {
        let chunks = markers::icc_chunks(rest);
        let _ = markers::assemble(&chunks);
        run_transform(&colour::decide(&chunks, Space::Rgb));
        run_transform(&colour::decide(&chunks, Space::Grey));
    }
    0
}
