//! JPEG decoding with DCT scaling: the IDCT itself produces 1/8, 1/4, 1/2 or full size,
//! so a 24 MP photo is never expanded to 24 MP of pixels for a 1024 px preview.

use crate::baseline::{self, Rect, RegionPlanes};
use crate::colour::{self, ColourOutcome};
use crate::error::{from_jpeg, Code, CodecError};
use crate::icc::Space;
use crate::markers;
use crate::orient::{stored_rect, swaps_axes};
use crate::progressive;
use crate::source::Source;
use jpeg_decoder::{CodingProcess, Decoder, PixelFormat};

/// Refuse images above 2^27 pixels (134 MP) before allocating: a progressive JPEG keeps
/// all its DCT coefficients (up to 6 bytes per pixel) and a failed memory.grow would abort.
pub const MAX_PIXELS: u64 = 1 << 27;

/// The DCT scales jpeg-decoder implements, in eighths, smallest first.
const SCALES: [u32; 4] = [1, 2, 4, 8];

pub struct Header {
    pub width: u32,
    pub height: u32,
    pub components: u32,
    pub progressive: bool,
}

pub struct Decoded {
    pub width: usize,
    pub height: usize,
    /// 1 (grey) or 3 (RGB).
    pub channels: usize,
    pub pixels: Vec<u8>,
    pub source_width: u32,
    pub source_height: u32,
    /// Output size over source size in eighths: 1, 2, 4 or 8.
    pub scale_eighths: u32,
    /// What was done with the embedded colour profile (the pixels are sRGB in every case).
    pub colour: ColourOutcome,
    /// Why a profile was ignored; empty otherwise.
    pub colour_note: String,
}

/// Size of one side after DCT scaling, exactly as jpeg-decoder computes it (rounded up).
pub fn scaled_side(side: u32, eighths: u32) -> u32 {
    (side * eighths + 7) / 8
}

/// The smallest DCT scale whose output covers `min_w` x `min_h` on both axes (full size
/// when even that does not).
pub fn choose_scale(width: u32, height: u32, min_w: u32, min_h: u32) -> u32 {
    for &eighths in SCALES.iter() {
        if scaled_side(width, eighths) >= min_w && scaled_side(height, eighths) >= min_h {
            return eighths;
        }
    }
    8
}

/// `width` x `height` shrunk to fit inside `max_w` x `max_h` keeping the aspect ratio;
/// never enlarged, never below 1 px.
pub fn fit_within(width: u32, height: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    if width <= max_w && height <= max_h {
        return (width, height);
    }
    let ratio = (max_w as f64 / width as f64).min(max_h as f64 / height as f64);
    let fit_w = ((width as f64 * ratio).round() as u32).clamp(1, max_w.max(1));
    let fit_h = ((height as f64 * ratio).round() as u32).clamp(1, max_h.max(1));
    (fit_w, fit_h)
}

pub fn read_header(decoder: &mut Decoder<Source>) -> Result<Header, CodecError> {
    decoder.read_info().map_err(from_jpeg)?;
    let info = decoder
        .info()
        .ok_or_else(|| CodecError::new(Code::Corrupt, "no frame header"))?;
    if info.coding_process == CodingProcess::Lossless {
        return Err(CodecError::new(Code::Unsupported, "lossless JPEG is not supported"));
    }
    let components = match info.pixel_format {
        PixelFormat::L8 => 1,
        PixelFormat::RGB24 => 3,
        PixelFormat::CMYK32 => {
            // Without the print profile's LUT conversion any RGB made from CMYK is a guess:
            // refused, so a customer never sees (or prints) false colours.
            return Err(CodecError::new(Code::Cmyk, "CMYK or YCCK JPEG: save it as an RGB (sRGB) JPEG"));
        }
        PixelFormat::L16 => {
            return Err(CodecError::new(Code::Precision, "16-bit samples are not supported"))
        }
    };
    let (width, height) = (info.width as u32, info.height as u32);
    if width == 0 || height == 0 {
        return Err(CodecError::new(Code::Corrupt, "image has no pixels"));
    }
    if width as u64 * height as u64 > MAX_PIXELS {
        return Err(CodecError::new(
            Code::TooLarge,
            format!("{}x{} is more than {} pixels", width, height, MAX_PIXELS),
        ));
    }
    Ok(Header {
        width,
        height,
        components,
        progressive: info.coding_process == CodingProcess::DctProgressive,
    })
}

/// Decodes at the smallest DCT scale whose output is at least `min_w` x `min_h`
/// (both in stored, unrotated orientation); with a `region`, only that part of the output.
pub fn decode_at_least(source: Source, min_w: u32, min_h: u32, region: Option<Region>) -> Result<Decoded, CodecError> {
    decode_with(source, |_| (min_w, min_h), region)
}

/// Decodes for a preview fitting `box_w` x `box_h` (stored orientation); returns the
/// decoded image and the fitted size it still has to be resampled to.
pub fn decode_fit(source: Source, box_w: u32, box_h: u32) -> Result<(Decoded, (u32, u32)), CodecError> {
    let mut target = (0, 0);
    let decoded = decode_with(
        source,
        |header| {
            target = fit_within(header.width, header.height, box_w, box_h);
            target
        },
        None,
    )?;
    Ok((decoded, target))
}

/// A part of the oriented output: `x, y, width, height` in the pixels of the output at the DCT
/// scale after `orientation` (what decode_scaled returns whole).
#[derive(Clone, Copy)]
pub struct Region {
    pub rect: (u32, u32, u32, u32),
    pub orientation: u32,
}

/// How a decode at least `min_w` x `min_h` goes: the DCT scale in eighths, the size requested
/// from jpeg-decoder and the output size (stored orientation).
pub struct Plan {
    pub eighths: u32,
    pub requested: (u32, u32),
    pub size: (u32, u32),
}

pub fn plan_scale(width: u32, height: u32, min_w: u32, min_h: u32) -> Plan {
    // jpeg-decoder answers the size at the DCT scale it picks for a request.
    let answer = |request: (u32, u32)| {
        let dct = baseline::jpeg_decoder_scale(width, height, request);
        (scaled_side(width, dct), scaled_side(height, dct))
    };
    let eighths = choose_scale(width, height, min_w, min_h);
    let want = (scaled_side(width, eighths), scaled_side(height, eighths));
    let size = answer(want);
    if size == want {
        return Plan { eighths, requested: want, size };
    }
    // jpeg-decoder picks by "either axis"; for tiny images that can undershoot: go full size.
    Plan { eighths: 8, requested: (width, height), size: answer((width, height)) }
}

/// `scaled_size`: the oriented output size and the DCT scale of a decode_scaled call, from the header.
pub fn planned_size(source: Source, (min_w, min_h): (u32, u32), orientation: u32) -> Result<[u32; 3], CodecError> {
    let header = read_header(&mut Decoder::new(source))?;
    let swapped = swaps_axes(orientation);
    let (min_w, min_h) = if swapped { (min_h, min_w) } else { (min_w, min_h) };
    let plan = plan_scale(header.width, header.height, min_w, min_h);
    let (w, h) = if swapped { (plan.size.1, plan.size.0) } else { plan.size };
    Ok([w, h, plan.eighths])
}

/// What a decode has read and decided before it decodes the scan: the header, the colour
/// decision, the scale, and the stored rectangle it is to answer.
struct Prepared<'a> {
    decoder: Decoder<Source<'a>>,
    /// The file again from its first byte, for the codec's own decoders (see baseline/mod.rs).
    second_pass: Source<'a>,
    header: Header,
    decision: colour::Decision,
    plan: Plan,
    /// The DCT scale jpeg-decoder decodes at for the plan's request: the baseline and progressive paths use the same.
    dct_scale: usize,
    whole: Rect,
    rect: Rect,
}

/// Reads the header, asks `minimum` for the size the output must cover, and plans the decode of
/// all of it, or of the `region`.
fn prepare<'a>(source: Source<'a>, minimum: impl FnOnce(&Header) -> (u32, u32), region: Option<Region>) -> Result<Prepared<'a>, CodecError> {
    let chunks = markers::icc_chunks(source.rewound());
    let second_pass = source.rewound();
    let mut decoder = Decoder::new(source);
    let header = read_header(&mut decoder)?;
    let space = if header.components == 1 { Space::Grey } else { Space::Rgb };
    let decision = colour::decide(&chunks, space);
    drop(chunks);
    let (min_w, min_h) = minimum(&header);
    let plan = plan_scale(header.width, header.height, min_w, min_h);
    let got = request_scale(&mut decoder, plan.requested)?;
    let dct_scale = baseline::jpeg_decoder_scale(header.width, header.height, plan.requested) as usize;
    let whole = Rect { x: 0, y: 0, width: got.0 as usize, height: got.1 as usize };
    let rect = match region {
        Some(region) => stored_region(region, whole)?,
        None => whole,
    };
    Ok(Prepared { decoder, second_pass, header, decision, plan, dct_scale, whole, rect })
}

/// Reads the header, asks `minimum` for the size the output must cover, decodes (all of it, or
/// the `region`).
fn decode_with(source: Source, minimum: impl FnOnce(&Header) -> (u32, u32), region: Option<Region>) -> Result<Decoded, CodecError> {
    let prepared = prepare(source, minimum, region)?;
    let (whole, rect, channels) = (prepared.whole, prepared.rect, prepared.header.components as usize);
    let second_pass = prepared.second_pass.rewound();
    let fast = if prepared.header.progressive {
        progressive::decode(second_pass, prepared.dct_scale).map(|pixels| crop(pixels, whole, rect, channels))
    } else if rect == whole {
        baseline::decode(second_pass, prepared.dct_scale)
    } else {
        baseline::decode_region(second_pass, prepared.dct_scale, rect)
    };
    decoded_from(prepared, fast)
}

/// The prepared decode's pixels: `fast` (the codec's own decoders' answer), or jpeg-decoder's when
/// they did not take the file; in sRGB.
fn decoded_from(prepared: Prepared, fast: Option<Vec<u8>>) -> Result<Decoded, CodecError> {
    let Prepared { mut decoder, header, decision, plan, whole, rect, .. } = prepared;
    let channels = header.components as usize;
    let mut pixels = match fast {
        Some(pixels) => pixels,
        None => {
            let raw = decoder.decode().map_err(from_jpeg)?;
            if raw.len() < whole.width * whole.height * channels {
                return Err(CodecError::new(Code::Corrupt, "decoder returned too few pixels"));
            }
            crop(raw, whole, rect, channels)
        }
    };
    let expected = rect.width * rect.height * channels;
    if pixels.len() < expected {
        return Err(CodecError::new(Code::Corrupt, "decoder returned too few pixels"));
    }
    if let Some(transform) = &decision.transform {
        transform.apply(&mut pixels[..expected], channels);
    }
    Ok(Decoded {
        width: rect.width,
        height: rect.height,
        channels,
        pixels,
        source_width: header.width,
        source_height: header.height,
        scale_eighths: plan.eighths,
        colour: decision.outcome,
        colour_note: decision.note,
    })
}

/// A region of a photo as the print keeps it while it places the photo band by band
/// (src/placed.rs): the component planes of the region's MCUs (`RegionPlanes`) and the colour
/// transform its rows get when they are interleaved, or, for a file the baseline path does not take
/// (progressive, unusual layouts, errors), the region decoded as `decode_at_least` decodes it.
pub enum DecodedPart {
    Planes(PartPlanes),
    Pixels(Decoded),
}

pub struct PartPlanes {
    pub planes: RegionPlanes,
    pub transform: Option<colour::Transform>,
    pub source_width: u32,
    pub source_height: u32,
    pub scale_eighths: u32,
    pub colour: ColourOutcome,
    pub colour_note: String,
}

impl PartPlanes {
    /// The pixels of `part` (stored, inside the planes' rect), in sRGB: `RegionPlanes::interleave`
    /// and the colour transform, the pixels `decode_at_least` gives of that part.
    pub fn pixels(&self, part: Rect) -> Vec<u8> {
        let mut pixels = self.planes.interleave(part);
        if let Some(transform) = &self.transform {
            transform.apply(&mut pixels, self.planes.channels());
        }
        pixels
    }
}

/// `decode_at_least` with a region, keeping the baseline path's planes instead of the pixels.
pub fn decode_part(source: Source, min_w: u32, min_h: u32, region: Region) -> Result<DecodedPart, CodecError> {
    let prepared = prepare(source, |_| (min_w, min_h), Some(region))?;
    if !prepared.header.progressive {
        if let Some(planes) = baseline::decode_region_planes(prepared.second_pass.rewound(), prepared.dct_scale, prepared.rect) {
            let Prepared { header, decision, plan, .. } = prepared;
            return Ok(DecodedPart::Planes(PartPlanes {
                planes,
                transform: decision.transform,
                source_width: header.width,
                source_height: header.height,
                scale_eighths: plan.eighths,
                colour: decision.outcome,
                colour_note: decision.note,
            }));
        }
        // the baseline path did not take the file: jpeg-decoder decodes it, as decode_at_least would
        return decoded_from(prepared, None).map(DecodedPart::Pixels);
    }
    let (whole, rect, channels) = (prepared.whole, prepared.rect, prepared.header.components as usize);
    let fast = progressive::decode(prepared.second_pass.rewound(), prepared.dct_scale).map(|pixels| crop(pixels, whole, rect, channels));
    decoded_from(prepared, fast).map(DecodedPart::Pixels)
}

/// The region in stored pixels, refused unless it lies inside the oriented output.
fn stored_region(region: Region, whole: Rect) -> Result<Rect, CodecError> {
    let (x, y, w, h) = region.rect;
    let (out_w, out_h) = if swaps_axes(region.orientation) { (whole.height, whole.width) } else { (whole.width, whole.height) };
    let inside = w > 0 && h > 0 && (x as u64 + w as u64) <= out_w as u64 && (y as u64 + h as u64) <= out_h as u64;
    if !inside {
        return Err(CodecError::new(Code::BadArgument, format!("region {}x{} at {},{} is not inside the {}x{} output", w, h, x, y, out_w, out_h)));
    }
    let oriented = (x as usize, y as usize, w as usize, h as usize);
    let (x, y, width, height) = stored_rect(oriented, whole.width, whole.height, region.orientation);
    Ok(Rect { x, y, width, height })
}

/// `rect` of a whole decode (`whole`'s size, `channels` bytes a pixel), in the same buffer: each
/// row moves towards the start, so none is overwritten before it moves.
fn crop(mut pixels: Vec<u8>, whole: Rect, rect: Rect, channels: usize) -> Vec<u8> {
    if rect == whole {
        return pixels;
    }
    let row_bytes = rect.width * channels;
    for y in 0..rect.height {
        let from = ((rect.y + y) * whole.width + rect.x) * channels;
        pixels.copy_within(from..from + row_bytes, y * row_bytes);
    }
    pixels.truncate(row_bytes * rect.height);
    pixels
}

fn request_scale(decoder: &mut Decoder<Source>, size: (u32, u32)) -> Result<(u32, u32), CodecError> {
    let (w, h) = decoder.scale(size.0 as u16, size.1 as u16).map_err(from_jpeg)?;
    Ok((w as u32, h as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_smallest_scale_covering_both_sides() {
        assert_eq!(choose_scale(6000, 4000, 1024, 683), 2); // 1500x1000
        assert_eq!(choose_scale(3264, 2448, 1024, 768), 4); // 1632x1224; 1/4 gives 816
        assert_eq!(choose_scale(1800, 1200, 1024, 683), 8);
        assert_eq!(choose_scale(4608, 1976, 1024, 439), 2); // 1152x494
        assert_eq!(choose_scale(4000, 6000, 683, 1024), 2);
        assert_eq!(choose_scale(100, 100, 13, 13), 1); // 1/8 rounds 12.5 up to 13
        assert_eq!(choose_scale(100, 100, 14, 13), 2);
        assert_eq!(choose_scale(100, 100, 101, 1), 8);
    }

    #[test]
    fn fits_inside_the_box_without_enlarging() {
        assert_eq!(fit_within(6000, 4000, 1024, 1024), (1024, 683));
        assert_eq!(fit_within(1200, 1800, 1024, 1024), (683, 1024));
        assert_eq!(fit_within(227, 149, 1024, 1024), (227, 149));
        assert_eq!(fit_within(10000, 10, 100, 100), (100, 1));
    }
}
