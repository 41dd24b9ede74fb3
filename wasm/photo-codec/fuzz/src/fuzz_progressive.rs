//! libFuzzer target for the progressive decoder (src/progressive, see ../fuzz.sh progressive)
//! against jpeg-decoder (differential.rs); at 1/8 scale it skips the AC scans unread, so a file
//! jpeg-decoder refuses may decode there but must be refused at 1/4, which reads every scan.
#![no_main]

// The codec's own files, compiled in here unchanged (the codec crate is a cdylib).
#[path = "../../src/baseline/mod.rs"]
mod baseline;
mod differential;
#[path = "../../src/progressive/mod.rs"]
mod progressive;
#[path = "../../src/source.rs"]
mod source;

#[no_mangle]
pub extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let bytes = if size == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(data, size) } };
    differential::check(bytes, progressive::decode, Some(2));
    0
}
