//! libFuzzer target for the baseline decoder (src/baseline, see ../fuzz.sh baseline): whatever
//! it decodes must be exactly what jpeg-decoder 0.2.6 decodes (differential.rs).
#![no_main]

// The codec's own files, compiled in here unchanged (the codec crate is a cdylib).
#[path = "../../src/baseline/mod.rs"]
mod baseline;
mod differential;
#[path = "../../src/source.rs"]
mod source;

#[no_mangle]
pub extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let bytes = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(data, size) } };
    differential::check(bytes, baseline::decode, None);
    0
}
