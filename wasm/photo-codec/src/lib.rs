//! Fotocollage photo codec: plain `extern "C"` functions over linear memory (no
//! wasm-bindgen). The ABI is described in README.md and wrapped by
//! workers/codec/photoCodec.ts. Every export records a status readable through
//! `last_error`; errors never trap. A panic (a decoder bug) traps after the panic hook
//! has recorded its message: the host must then discard the instance.
//! Exports are unmangled on wasm32 only: natively (`cargo test`) an exported `free` or
//! `alloc` would replace the C library's.

mod baseline;
mod colour;
mod curve;
mod decode;
mod effects;
mod error;
mod icc;
mod markers;
mod orient;
mod placed;
mod progressive;
#[cfg(test)]
mod region_tests;
mod resample;
mod source;
mod state;

use decode::{decode_at_least, fit_within, planned_size, Decoded, DecodedPart, Region};
use error::{Code, CodecError};
use orient::{swaps_axes, Oriented};
use source::Source;
use state::{begin, fail, image_from, lookup, register, state, status, Image, ProbeInfo};

/// Bumped whenever an export or the image header layout changes.
const ABI_VERSION: u32 = 4;

fn out_of_memory() -> CodecError {
    CodecError::new(Code::OutOfMemory, "could not allocate the output image")
}

/// Resamples `decoded` (C bytes per pixel) to `dst_w` x `dst_h` and writes it oriented.
fn resample_oriented<const C: usize>(
    pixels: Vec<u8>,
    (src_w, src_h): (usize, usize),
    (dst_w, dst_h): (usize, usize),
    orientation: u32,
) -> Result<Oriented, CodecError> {
    let mut oriented = Oriented::new(dst_w, dst_h, orientation).ok_or_else(out_of_memory)?;
    if (src_w, src_h) == (dst_w, dst_h) {
        for (y, row) in pixels.chunks_exact(src_w * C).enumerate() {
            oriented.put_row::<C>(y, row);
        }
        return Ok(oriented);
    }
    let narrowed = if src_w == dst_w { pixels } else { resample::horizontal::<C>(&pixels, src_w, src_h, dst_w) };
    resample::vertical::<C>(&narrowed, dst_w, src_h, dst_h, |y, row| oriented.put_row::<C>(y, row));
    Ok(oriented)
}

fn finish(decoded: Decoded, target: (usize, usize), orientation: u32) -> Result<Image, CodecError> {
    let Decoded { width, height, channels, pixels, source_width, source_height, scale_eighths, colour, colour_note } = decoded;
    if !colour_note.is_empty() {
        state().warning = colour_note;
    }
    let oriented = match channels {
        1 => resample_oriented::<1>(pixels, (width, height), target, orientation)?,
        _ => resample_oriented::<3>(pixels, (width, height), target, orientation)?,
    };
    Ok(image_from(oriented, (source_width, source_height), scale_eighths, orientation, colour as u32))
}

fn source_for<'a>(input: *const u8, len: u32) -> Source<'a> {
    if input.is_null() {
        Source::from_host(len)
    } else {
        // SAFETY: the host passes a buffer it obtained from `alloc` with at least `len` bytes.
        Source::from_slice(unsafe { std::slice::from_raw_parts(input, len as usize) })
    }
}

/// Decodes to fit inside `max_w` x `max_h` (measured after orientation), never enlarging:
/// DCT scaling to the smallest scale at or above the fitted size, then Lanczos-3.
/// `input` 0 pulls the bytes through the imported `env.read_input`.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn decode_fit(input: *const u8, len: u32, max_w: u32, max_h: u32, orientation: u32) -> u32 {
    begin();
    if max_w == 0 || max_h == 0 {
        return fail(CodecError::new(Code::BadArgument, "the box must be at least 1x1"));
    }
    let (box_w, box_h) = if swaps_axes(orientation) { (max_h, max_w) } else { (max_w, max_h) };
    let source = source_for(input, len);
    let result = decode::decode_fit(source, box_w, box_h).and_then(|(decoded, target)| {
        finish(decoded, (target.0 as usize, target.1 as usize), orientation)
    });
    match result {
        Ok(image) => register(image),
        Err(error) => fail(error),
    }
}

/// Decodes at the smallest DCT scale (1/8, 1/4, 1/2, 1) whose oriented output is at least
/// `min_w` x `min_h`, without resampling: for the print master, which needs real pixels.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn decode_scaled(input: *const u8, len: u32, min_w: u32, min_h: u32, orientation: u32) -> u32 {
    begin();
    decode_scaled_part(input, len, (min_w, min_h), orientation, None)
}

/// The part `x, y, w, h` of what `decode_scaled` would return (pixels of the oriented output at
/// the DCT scale), the same pixels, decoding only the blocks that part needs on the usual
/// baseline files: for the print, which needs only the part of a photo a slot shows.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn decode_scaled_region(input: *const u8, len: u32, min_w: u32, min_h: u32, orientation: u32, x: u32, y: u32, w: u32, h: u32) -> u32 {
    begin();
    let region = Region { rect: (x, y, w, h), orientation };
    decode_scaled_part(input, len, (min_w, min_h), orientation, Some(region))
}

fn decode_scaled_part(input: *const u8, len: u32, min: (u32, u32), orientation: u32, region: Option<Region>) -> u32 {
    match scaled_part(source_for(input, len), min, orientation, region) {
        Ok(image) => register(image),
        Err(error) => fail(error),
    }
}

fn scaled_part(source: Source, (min_w, min_h): (u32, u32), orientation: u32, region: Option<Region>) -> Result<Image, CodecError> {
    let (min_w, min_h) = if swaps_axes(orientation) { (min_h, min_w) } else { (min_w, min_h) };
    decode_at_least(source, min_w, min_h, region).and_then(|decoded| {
        let size = (decoded.width, decoded.height);
        finish(decoded, size, orientation)
    })
}

/// Opens a `PlacedRows` session: the part `x, y, w, h` of `decode_scaled_region`, decoded once
/// and kept oriented, from which `placed_rows` takes rows of the `out_w` x `out_h` placed image
/// (output pixel `(i, j)` centred at `((i + 0.5) * ratio + offset)` on each axis, in the
/// part's pixels: a photo placed on the print sheet's pixel grid, src/placed.rs). A handle, or 0; `placed_close` frees it.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn placed_open(
    input: *const u8, len: u32, min_w: u32, min_h: u32, orientation: u32, x: u32, y: u32, w: u32, h: u32,
    out_w: u32, out_h: u32, ratio_x: f64, offset_x: f64, ratio_y: f64, offset_y: f64,
) -> u32 {
    begin();
    let axes = placed::Axis { ratio: ratio_x, offset: offset_x }.check().and_then(|ax| Ok((ax, placed::Axis { ratio: ratio_y, offset: offset_y }.check()?)));
    let result = axes.and_then(|axes| {
        if out_w == 0 || out_h == 0 || out_w as u64 * out_h as u64 > decode::MAX_PIXELS {
            return Err(CodecError::new(Code::BadArgument, format!("bad output size {}x{}", out_w, out_h)));
        }
        let (part, meta) = placed_part(source_for(input, len), (min_w, min_h), orientation, (x, y, w, h))?;
        placed::PlacedRows::new(part, (out_w as usize, out_h as usize), axes, meta)
    });
    match result {
        Ok(rows) => {
            let handle = Box::into_raw(Box::new(rows)) as usize;
            state().placed.push(handle);
            handle as u32
        }
        Err(error) => fail(error),
    }
}

/// The part `rect` of what `decode_scaled` would return, as a placed session keeps it: a baseline
/// file's planes, oriented rows at a time (src/placed.rs), or the part decoded and oriented; with
/// the image header's source size, scale and colour outcome.
fn placed_part(source: Source, (min_w, min_h): (u32, u32), orientation: u32, rect: (u32, u32, u32, u32)) -> Result<(placed::Part, ((u32, u32), u32, u32)), CodecError> {
    let (min_w, min_h) = if swaps_axes(orientation) { (min_h, min_w) } else { (min_w, min_h) };
    match decode::decode_part(source, min_w, min_h, Region { rect, orientation })? {
        DecodedPart::Planes(planes) => {
            if !planes.colour_note.is_empty() {
                state().warning = planes.colour_note.clone();
            }
            let meta = ((planes.source_width, planes.source_height), planes.scale_eighths, planes.colour as u32);
            Ok((placed::Part::planes(planes, orientation), meta))
        }
        DecodedPart::Pixels(decoded) => {
            let size = (decoded.width, decoded.height);
            let image = finish(decoded, size, orientation)?;
            let meta = ((image.header.source_width, image.header.source_height), image.header.scale_eighths, image.header.colour);
            let (width, height) = (image.header.width as usize, image.header.height as usize);
            Ok((placed::Part::Oriented(Oriented::from_rgba(width, height, image.rgba)), meta))
        }
    }
}

/// Rows `top .. top + count` of an open session's placed image, as an image handle.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn placed_rows(session: u32, top: u32, count: u32) -> u32 {
    begin();
    if !state().placed.contains(&(session as usize)) || session == 0 {
        return fail(CodecError::new(Code::BadArgument, "unknown placed session"));
    }
    // SAFETY: registered by placed_open and still in the open list.
    let rows = unsafe { &*(session as usize as *const placed::PlacedRows) };
    match rows.rows(top as usize, count as usize) {
        Ok(oriented) => register(image_from(oriented, rows.source, rows.scale_eighths, 1, rows.colour)),
        Err(error) => fail(error),
    }
}

/// Frees a session; unknown or closed handles are refused, never freed twice.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn placed_close(session: u32) -> u32 {
    begin();
    let placed = &mut state().placed;
    match placed.iter().position(|&h| h == session as usize && h != 0) {
        Some(index) => {
            placed.swap_remove(index);
            // SAFETY: registered by placed_open, removed from the open list just now.
            drop(unsafe { Box::from_raw(session as usize as *mut placed::PlacedRows) });
            Code::Ok as u32
        }
        None => status(CodecError::new(Code::BadArgument, "unknown placed session")),
    }
}

/// What `decode_scaled` with these arguments would return, from the header only: a pointer to
/// `width, height` (oriented) and `scale_eighths`, or 0. The host plans a region with it.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn scaled_size(input: *const u8, len: u32, min_w: u32, min_h: u32, orientation: u32) -> u32 {
    begin();
    match planned_size(source_for(input, len), (min_w, min_h), orientation) {
        Ok(size) => {
            let s = state();
            s.size = size;
            std::ptr::addr_of!(s.size) as u32
        }
        Err(error) => fail(error),
    }
}

/// Reads the frame header only; returns a pointer to a static ProbeInfo or 0.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn probe(input: *const u8, len: u32) -> u32 {
    begin();
    let mut decoder = jpeg_decoder::Decoder::new(source_for(input, len));
    match decode::read_header(&mut decoder) {
        Ok(header) => {
            let s = state();
            s.probe = ProbeInfo {
                width: header.width,
                height: header.height,
                components: header.components,
                progressive: header.progressive as u32,
            };
            std::ptr::addr_of!(s.probe) as u32
        }
        Err(error) => fail(error),
    }
}

/// A new image fitting `max_w` x `max_h` from an existing one (effect thumbnails).
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn resize_fit(handle: u32, max_w: u32, max_h: u32) -> u32 {
    begin();
    let image = match lookup(handle) {
        Some(image) => image,
        None => return fail(CodecError::new(Code::BadArgument, "unknown image handle")),
    };
    if max_w == 0 || max_h == 0 {
        return fail(CodecError::new(Code::BadArgument, "the box must be at least 1x1"));
    }
    let header = &image.header;
    let (w, h) = (header.width as usize, header.height as usize);
    let target = fit_within(header.width, header.height, max_w, max_h);
    let pixels = image.rgba.clone();
    match resample_oriented::<4>(pixels, (w, h), (target.0 as usize, target.1 as usize), 1) {
        Ok(oriented) => {
            let (source, scale) = ((header.source_width, header.source_height), header.scale_eighths);
            let (orientation, colour) = (header.orientation, header.colour);
            register(image_from(oriented, source, scale, orientation, colour))
        }
        Err(error) => fail(error),
    }
}

/// An opaque black `width` x `height` image whose pixels the host may fill.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn image_new(width: u32, height: u32) -> u32 {
    begin();
    if width == 0 || height == 0 || width as u64 * height as u64 > decode::MAX_PIXELS {
        return fail(CodecError::new(Code::BadArgument, "bad image size"));
    }
    match Oriented::new(width as usize, height as usize, 1) {
        Some(mut oriented) => {
            for pixel in oriented.rgba.chunks_exact_mut(4) {
                pixel[..3].fill(0);
            }
            register(image_from(oriented, (width, height), 0, 1, 0))
        }
        None => fail(out_of_memory()),
    }
}

/// Applies effect `effect_id` (0 none, 1 sepia, 2 sepiabrown, 3 grey, 4 faded, 5 vintage)
/// in place. Returns the status code (0 = done).
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn effect(handle: u32, effect_id: u32) -> u32 {
    begin();
    let image = match lookup(handle) {
        Some(image) => image,
        None => return status(CodecError::new(Code::BadArgument, "unknown image handle")),
    };
    if !effects::is_known(effect_id) {
        return status(CodecError::new(Code::BadArgument, format!("unknown effect {}", effect_id)));
    }
    effects::apply(effect_id, &mut image.rgba);
    Code::Ok as u32
}

/// Frees an image; returns the status code (unknown handles are refused, not freed twice).
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn free_image(handle: u32) -> u32 {
    begin();
    let live = &mut state().live;
    match live.iter().position(|&h| h == handle as usize && h != 0) {
        Some(index) => {
            live.swap_remove(index);
            // SAFETY: registered by `register`, removed from the live list just now.
            drop(unsafe { Box::from_raw(handle as usize as *mut Image) });
            Code::Ok as u32
        }
        None => status(CodecError::new(Code::BadArgument, "unknown image handle")),
    }
}

/// `len` bytes for the host to write input into; 0 when memory cannot grow.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn alloc(len: u32) -> u32 {
    let mut buffer: Vec<u8> = Vec::new();
    if buffer.try_reserve_exact(len.max(1) as usize).is_err() {
        return fail(out_of_memory());
    }
    let pointer = buffer.as_mut_ptr() as u32;
    std::mem::forget(buffer);
    pointer
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn free(pointer: u32, len: u32) {
    if pointer != 0 {
        // SAFETY: `pointer` and `len` are exactly what `alloc` returned and was given.
        drop(unsafe { Vec::from_raw_parts(pointer as *mut u8, 0, len.max(1) as usize) });
    }
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn last_error() -> u32 {
    state().code as u32
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn last_error_message() -> u32 {
    state().message.as_ptr() as u32
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn last_error_message_len() -> u32 {
    state().message.len() as u32
}

/// The last call's warning (an ignored colour profile and why), UTF-8; empty when none.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn last_warning_message() -> u32 {
    state().warning.as_ptr() as u32
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn last_warning_message_len() -> u32 {
    state().warning.len() as u32
}

#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn abi_version() -> u32 {
    ABI_VERSION
}

/// Panics on purpose, so the host can prove its trap recovery (the panic hook records the
/// message, the instance traps, the host replaces it). Never called in normal use.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn panic_for_test() -> u32 {
    begin();
    panic!("panic_for_test was called");
}

/// The number of live image handles: the host's tests check that every handle is freed.
#[cfg_attr(target_arch = "wasm32", no_mangle)]
pub extern "C" fn live_images() -> u32 {
    (state().live.len() + state().placed.len()) as u32
}
