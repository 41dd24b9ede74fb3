//! Colour management: a photo's embedded ICC profile turned into a conversion to sRGB
//! (relative colorimetric, clipped), built once per photo as tables: 256 linear values per
//! input channel, the 3x3 matrix device RGB -> XYZ (D50) -> linear sRGB, and a 16384-entry
//! sRGB encoding table. The same conversion serves every caller of the codec: the editor's
//! previews, the screenshot (made from those) and the print master.

use crate::curve::{self, Curve};
use crate::icc::{self, Matrix, Profile, Space};
use crate::markers::{self, IccChunk};

/// The ICC sRGB profile's colorants, D50-adapted (Bradford), columns R, G, B.
pub const SRGB_COLORANTS: Matrix = [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169], [0.0139322, 0.0971045, 0.7141733]];

/// Linear light is indexed with 14 bits: a step is under 0.2 of an 8-bit code even in the
/// steep dark part of the sRGB curve.
const ENCODE_BITS: u32 = 14;
const ENCODE_MAX: f32 = ((1 << ENCODE_BITS) - 1) as f32;

/// What became of the photo's profile; the numbers are the ABI (the image header's `colour`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ColourOutcome {
    /// No profile: the pixels are taken as sRGB, as browsers do.
    Untagged = 0,
    /// A profile equal to sRGB: nothing to do.
    Srgb = 1,
    /// Converted from the profile to sRGB.
    Converted = 2,
    /// A profile that could not be used (broken, LUT-only, another colour space): taken as sRGB.
    Ignored = 3,
}

pub struct Transform {
    linear: [[f32; 256]; 3],
    matrix: [[f32; 3]; 3],
    encode: Vec<u8>,
    grey: bool,
}

/// The decision for one photo: a transform to run, and why (with a note when ignored).
pub struct Decision {
    pub outcome: ColourOutcome,
    pub transform: Option<Transform>,
    pub note: String,
}

impl Decision {
    fn plain(outcome: ColourOutcome) -> Decision {
        Decision { outcome, transform: None, note: String::new() }
    }

    fn ignored(note: String) -> Decision {
        Decision { outcome: ColourOutcome::Ignored, transform: None, note: format!("colour profile ignored, shown as sRGB: {}", note) }
    }
}

/// Decides from the header's APP2 chunks what to do with pixels of `space`.
pub fn decide(chunks: &[IccChunk], space: Space) -> Decision {
    let profile = match markers::assemble(chunks) {
        Ok(None) => return Decision::plain(ColourOutcome::Untagged),
        Ok(Some(profile)) => profile,
        Err(problem) => return Decision::ignored(problem.to_string()),
    };
    match icc::parse(&profile, space) {
        Ok(parsed) => from_profile(&parsed),
        Err(problem) => Decision::ignored(problem),
    }
}

fn is_srgb(colorants: &Matrix, curves: &[Curve]) -> bool {
    let close = colorants.iter().flatten().zip(SRGB_COLORANTS.iter().flatten()).all(|(a, b)| (a - b).abs() < 0.002);
    close && curves.iter().all(curve::is_srgb)
}

fn encode_table() -> Vec<u8> {
    (0..1usize << ENCODE_BITS)
        .map(|i| (curve::linear_to_srgb(i as f64 / ENCODE_MAX as f64) * 255.0 + 0.5).clamp(0.0, 255.0) as u8)
        .collect()
}

fn linear_table(curve: &Curve) -> [f32; 256] {
    let mut table = [0.0f32; 256];
    for (i, value) in table.iter_mut().enumerate() {
        *value = curve::eval(curve, i as f64 / 255.0) as f32;
    }
    table
}

pub fn from_profile(profile: &Profile) -> Decision {
    match profile {
        Profile::Grey { curve } => {
            if curve::is_srgb(curve) {
                return Decision::plain(ColourOutcome::Srgb);
            }
            let table = linear_table(curve);
            let identity = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
            let transform = Transform { linear: [table; 3], matrix: identity, encode: encode_table(), grey: true };
            Decision { outcome: ColourOutcome::Converted, transform: Some(transform), note: String::new() }
        }
        Profile::Rgb { colorants, curves } => {
            if is_srgb(colorants, curves) {
                return Decision::plain(ColourOutcome::Srgb);
            }
            let to_srgb = match icc::invert(&SRGB_COLORANTS) {
                Some(inverse) => icc::multiply(&inverse, colorants),
                None => return Decision::ignored("no sRGB inverse".into()),
            };
            if to_srgb.iter().flatten().any(|v| !v.is_finite() || v.abs() > 64.0) {
                return Decision::ignored("colorants out of range".into());
            }
            let transform = Transform {
                linear: [linear_table(&curves[0]), linear_table(&curves[1]), linear_table(&curves[2])],
                matrix: to_srgb.map(|row| row.map(|v| v as f32)),
                encode: encode_table(),
                grey: false,
            };
            Decision { outcome: ColourOutcome::Converted, transform: Some(transform), note: String::new() }
        }
    }
}

impl Transform {
    #[inline]
    fn encode(&self, linear: f32) -> u8 {
        // Clipping to the sRGB gamut; the float-to-int cast saturates (NaN gives 0).
        let index = (linear * ENCODE_MAX + 0.5) as u32;
        self.encode[index.min(ENCODE_MAX as u32) as usize]
    }

    /// Converts packed pixels in place: 3 bytes (RGB) or 1 (grey) each.
    pub fn apply(&self, pixels: &mut [u8], channels: usize) {
        if self.grey || channels == 1 {
            if channels == 1 {
                let lookup: Vec<u8> = (0..256).map(|i| self.encode(self.linear[0][i])).collect();
                pixels.iter_mut().for_each(|p| *p = lookup[*p as usize]);
            }
            return;
        }
        let [lr, lg, lb] = &self.linear;
        let m = &self.matrix;
        for pixel in pixels.chunks_exact_mut(3) {
            let (r, g, b) = (lr[pixel[0] as usize], lg[pixel[1] as usize], lb[pixel[2] as usize]);
            pixel[0] = self.encode(m[0][0] * r + m[0][1] * g + m[0][2] * b);
            pixel[1] = self.encode(m[1][0] * r + m[1][1] * g + m[1][2] * b);
            pixel[2] = self.encode(m[2][0] * r + m[2][1] * g + m[2][2] * b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adobe_rgb() -> Profile {
        // Adobe RGB (1998): D50-adapted colorants, gamma 563/256.
        let colorants = [[0.6097559, 0.2052401, 0.1492240], [0.3111242, 0.6256560, 0.0632197], [0.0194811, 0.0608902, 0.7448387]];
        Profile::Rgb { colorants, curves: [Curve::Gamma(563.0 / 256.0), Curve::Gamma(563.0 / 256.0), Curve::Gamma(563.0 / 256.0)] }
    }

    #[test]
    fn srgb_profile_is_left_alone() {
        let srgb = Profile::Rgb { colorants: SRGB_COLORANTS, curves: [Curve::Parametric { kind: 3, p: [2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045, 0.0, 0.0] }, Curve::Gamma(1.0), Curve::Gamma(1.0)] };
        assert_eq!(from_profile(&srgb).outcome, ColourOutcome::Converted); // linear curves are not sRGB
        let srgb_curve = Curve::Parametric { kind: 3, p: [2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045, 0.0, 0.0] };
        let srgb = Profile::Rgb { colorants: SRGB_COLORANTS, curves: [srgb_curve.clone(), srgb_curve.clone(), srgb_curve] };
        assert_eq!(from_profile(&srgb).outcome, ColourOutcome::Srgb);
    }

    #[test]
    fn adobe_rgb_primaries_become_saturated_srgb_and_white_stays_white() {
        let transform = from_profile(&adobe_rgb()).transform.unwrap();
        let mut pixels = vec![255, 255, 255, 0, 0, 0, 128, 128, 128, 0, 255, 0, 200, 100, 50];
        transform.apply(&mut pixels, 3);
        assert_eq!(&pixels[..9], &[255, 255, 255, 0, 0, 0, 129, 129, 129][..], "neutral stays neutral (gamma 2.2 is not sRGB's curve)");
        assert_eq!(&pixels[9..12], &[0, 255, 0][..], "Adobe green is outside sRGB: clipped");
        // Adobe RGB (200, 100, 50) is sRGB (227, 100, 42) by lcms (ImageMagick, relative
        // colorimetric, Debian's compatibleWithAdobeRGB1998.icc to sRGB.icc).
        let expected = [227, 100, 42];
        for c in 0..3 {
            assert!((pixels[12 + c] as i32 - expected[c]).abs() <= 2, "{:?}", &pixels[12..]);
        }
    }

    #[test]
    fn broken_chunks_are_ignored_with_a_note() {
        let chunks = [IccChunk { sequence: 2, count: 2, data: vec![1, 2, 3] }];
        let decision = decide(&chunks, Space::Rgb);
        assert_eq!(decision.outcome, ColourOutcome::Ignored);
        assert!(decision.note.contains("chunk 1 is missing"), "{}", decision.note);
        let garbage = [IccChunk { sequence: 1, count: 1, data: vec![0; 500] }];
        assert_eq!(decide(&garbage, Space::Rgb).outcome, ColourOutcome::Ignored);
        assert_eq!(decide(&[], Space::Rgb).outcome, ColourOutcome::Untagged);
    }
}
