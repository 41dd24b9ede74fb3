//! What lives between calls: the last status, the live image handles and the probe result.
//! wasm32-unknown-unknown has no threads, so one global serves one caller at a time.

use crate::error::{Code, CodecError};
use crate::orient::{self, Oriented};

/// The header a handle points to; little-endian u32 fields, read by the host.
#[repr(C)]
pub struct ImageHeader {
    pub width: u32,
    pub height: u32,
    pub pixels: u32,
    pub byte_length: u32,
    pub source_width: u32,
    pub source_height: u32,
    pub scale_eighths: u32,
    pub orientation: u32,
    /// colour::ColourOutcome: 0 untagged, 1 sRGB profile, 2 converted, 3 profile ignored.
    pub colour: u32,
}

#[repr(C)]
pub struct Image {
    pub header: ImageHeader,
    pub rgba: Vec<u8>,
}

#[repr(C)]
pub struct ProbeInfo {
    pub width: u32,
    pub height: u32,
    pub components: u32,
    pub progressive: u32,
}

pub struct State {
    pub code: Code,
    pub message: String,
    /// A note about the last call that did not make it fail (an ignored colour profile).
    pub warning: String,
    pub live: Vec<usize>,
    /// Open `PlacedRows` sessions (placed_open), by handle.
    pub placed: Vec<usize>,
    pub probe: ProbeInfo,
    /// scaled_size's answer: width, height (oriented), scale in eighths.
    pub size: [u32; 3],
    hook_installed: bool,
}

static mut STATE: State = State {
    code: Code::Ok,
    message: String::new(),
    warning: String::new(),
    live: Vec::new(),
    placed: Vec::new(),
    probe: ProbeInfo { width: 0, height: 0, components: 0, progressive: 0 },
    size: [0; 3],
    hook_installed: false,
};

pub fn state() -> &'static mut State {
    // SAFETY: wasm32-unknown-unknown without threads: one caller at a time, and no
    // reference returned here is kept across calls.
    unsafe { &mut *std::ptr::addr_of_mut!(STATE) }
}

/// Starts an export: clears the last status and makes panics leave their message behind.
pub fn begin() {
    let s = state();
    s.code = Code::Ok;
    s.message.clear();
    s.warning.clear();
    if !s.hook_installed {
        s.hook_installed = true;
        std::panic::set_hook(Box::new(|info| {
            let s = state();
            s.code = Code::Panic;
            s.message = info.to_string();
        }));
    }
}

pub fn fail(error: CodecError) -> u32 {
    let s = state();
    s.code = error.code;
    s.message = error.message;
    0
}

/// Records `error` and returns its code, for exports that answer with a status.
pub fn status(error: CodecError) -> u32 {
    let code = error.code as u32;
    fail(error);
    code
}

pub fn register(image: Image) -> u32 {
    let handle = Box::into_raw(Box::new(image)) as usize;
    state().live.push(handle);
    handle as u32
}

pub fn lookup(handle: u32) -> Option<&'static mut Image> {
    let handle = handle as usize;
    if handle == 0 || !state().live.contains(&handle) {
        return None;
    }
    // SAFETY: the handle came from `register` and has not been freed.
    Some(unsafe { &mut *(handle as *mut Image) })
}

pub fn image_from(oriented: Oriented, source: (u32, u32), scale_eighths: u32, orientation: u32, colour: u32) -> Image {
    let Oriented { width, height, rgba, .. } = oriented;
    Image {
        header: ImageHeader {
            width: width as u32,
            height: height as u32,
            pixels: rgba.as_ptr() as u32,
            byte_length: rgba.len() as u32,
            source_width: source.0,
            source_height: source.1,
            scale_eighths,
            orientation: orient::normalise(orientation),
            colour,
        },
        rgba,
    }
}
