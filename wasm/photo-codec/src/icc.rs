//! The ICC profile parts a photo needs (ICC.1:2010 = v4, and v2): the header, the tag
//! table, and for matrix/TRC profiles the colorants (rXYZ, gXYZ, bXYZ), the curves (rTRC,
//! gTRC, bTRC; kTRC for grey), the media white point and the 'chad' adaptation matrix.
//! Every read is bounds-checked: a broken profile is an error value, never a panic.

use crate::curve::{self, s15f16_at, Curve};

/// The PCS illuminant, D50 (ICC.1 7.2.16), as stored in s15Fixed16 by every profile.
pub const D50: [f64; 3] = [0.9642, 1.0, 0.8249];

pub type Matrix = [[f64; 3]; 3];

#[derive(Debug)]
pub enum Profile {
    /// Colorant columns (device RGB to PCS XYZ, D50-relative) and the three curves.
    Rgb { colorants: Matrix, curves: [Curve; 3] },
    Grey { curve: Curve },
}

/// Colour spaces a JPEG's pixels can be in: what the profile must describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Rgb,
    Grey,
}

struct Tags<'a> {
    data: &'a [u8],
    /// (signature, offset, size), each in range.
    entries: Vec<([u8; 4], usize, usize)>,
}

impl<'a> Tags<'a> {
    fn get(&self, signature: &[u8; 4]) -> Option<&'a [u8]> {
        let &(_, offset, size) = self.entries.iter().find(|(sig, _, _)| sig == signature)?;
        self.data.get(offset..offset + size)
    }

    fn xyz(&self, signature: &[u8; 4]) -> Result<[f64; 3], String> {
        let tag = self.get(signature).ok_or_else(|| missing(signature))?;
        if tag.get(..4) != Some(b"XYZ ") {
            return Err(format!("tag {} is not of type XYZ", name(signature)));
        }
        let read = |i: usize| s15f16_at(tag, 8 + i * 4).ok_or_else(|| format!("tag {} is cut short", name(signature)));
        Ok([read(0)?, read(1)?, read(2)?])
    }

    fn curve(&self, signature: &[u8; 4]) -> Result<Curve, String> {
        let tag = self.get(signature).ok_or_else(|| missing(signature))?;
        curve::parse(tag).ok_or_else(|| format!("tag {} is not a curve this codec reads", name(signature)))
    }
}

fn name(signature: &[u8; 4]) -> String {
    String::from_utf8_lossy(signature).trim_end().to_string()
}

fn missing(signature: &[u8; 4]) -> String {
    format!("no {} tag", name(signature))
}

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

fn tag_table(data: &[u8]) -> Result<Tags<'_>, String> {
    let count = u32_at(data, 128).ok_or("no tag table")? as usize;
    if count > (data.len() - 132) / 12 {
        return Err(format!("tag table of {} entries does not fit", count));
    }
    let mut entries = Vec::with_capacity(count);
    for i in 0..count {
        let at = 132 + i * 12;
        let signature: [u8; 4] = data[at..at + 4].try_into().unwrap_or([0; 4]);
        let offset = u32_at(data, at + 4).ok_or("tag table cut short")? as usize;
        let size = u32_at(data, at + 8).ok_or("tag table cut short")? as usize;
        if offset.checked_add(size).map_or(true, |end| end > data.len()) || size < 8 {
            return Err(format!("tag {} lies outside the profile", name(&signature)));
        }
        entries.push((signature, offset, size));
    }
    Ok(Tags { data, entries })
}

/// The profile's description of `space`: a matrix/TRC RGB profile or a grey TRC profile.
/// Err says why it cannot be used (broken, another colour space, LUT-only, Lab PCS).
pub fn parse(data: &[u8], space: Space) -> Result<Profile, String> {
    if data.len() < 132 {
        return Err(format!("{} bytes are too few for a profile", data.len()));
    }
    if &data[36..40] != b"acsp" {
        return Err("no 'acsp' signature".into());
    }
    let declared = u32_at(data, 0).unwrap_or(0) as usize;
    if declared < 132 || declared > data.len() {
        return Err(format!("declared size {} does not match the {} bytes", declared, data.len()));
    }
    let data = &data[..declared];
    let major = data[8];
    if !(2..=4).contains(&major) {
        return Err(format!("profile version {} is not 2 or 4", major));
    }
    let colour_space = &data[16..20];
    let expected: &[u8] = if space == Space::Rgb { b"RGB " } else { b"GRAY" };
    if colour_space != expected {
        return Err(format!("a {} profile for {} pixels", String::from_utf8_lossy(colour_space).trim_end(), String::from_utf8_lossy(expected).trim_end()));
    }
    if &data[20..24] != b"XYZ " {
        return Err("the profile's connection space is not XYZ (a LUT profile)".into());
    }
    let tags = tag_table(data)?;
    match space {
        Space::Grey => Ok(Profile::Grey { curve: tags.curve(b"kTRC")? }),
        Space::Rgb => {
            let columns = [tags.xyz(b"rXYZ")?, tags.xyz(b"gXYZ")?, tags.xyz(b"bXYZ")?];
            let mut colorants = [[0.0; 3]; 3];
            for (column, xyz) in columns.iter().enumerate() {
                for row in 0..3 {
                    colorants[row][column] = xyz[row];
                }
            }
            let curves = [tags.curve(b"rTRC")?, tags.curve(b"gTRC")?, tags.curve(b"bTRC")?];
            let white = tags.xyz(b"wtpt").ok();
            let chad = tags.get(b"chad").and_then(parse_chad);
            Ok(Profile::Rgb { colorants: adapt_to_d50(colorants, white, chad)?, curves })
        }
    }
}

/// 'sf32' with nine s15Fixed16 numbers, row by row.
fn parse_chad(tag: &[u8]) -> Option<Matrix> {
    if tag.get(..4)? != b"sf32" {
        return None;
    }
    let mut m = [[0.0; 3]; 3];
    for (i, value) in m.iter_mut().flatten().enumerate() {
        *value = s15f16_at(tag, 8 + i * 4)?;
    }
    Some(m)
}

fn white_of(colorants: &Matrix) -> [f64; 3] {
    [0, 1, 2].map(|row| colorants[row].iter().sum())
}

fn near(a: [f64; 3], b: [f64; 3], tolerance: f64) -> bool {
    a.iter().zip(b.iter()).all(|(x, y)| (x - y).abs() <= tolerance)
}

pub fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0.0; 3]; 3];
    for (r, row) in m.iter_mut().enumerate() {
        for (c, value) in row.iter_mut().enumerate() {
            *value = (0..3).map(|k| a[r][k] * b[k][c]).sum();
        }
    }
    m
}

pub fn apply(m: &Matrix, v: [f64; 3]) -> [f64; 3] {
    [0, 1, 2].map(|r| m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2])
}

pub fn invert(m: &Matrix) -> Option<Matrix> {
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if !det.is_finite() || det.abs() < 1e-9 {
        return None;
    }
    let cofactor = |r0: usize, c0: usize, r1: usize, c1: usize| m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    Some([
        [cofactor(1, 1, 2, 2) / det, -cofactor(0, 1, 2, 2) / det, cofactor(0, 1, 1, 2) / det],
        [-cofactor(1, 0, 2, 2) / det, cofactor(0, 0, 2, 2) / det, -cofactor(0, 0, 1, 2) / det],
        [cofactor(1, 0, 2, 1) / det, -cofactor(0, 0, 2, 1) / det, cofactor(0, 0, 1, 1) / det],
    ])
}

/// The Bradford cone response matrix (ICC.1 Annex E).
const BRADFORD: Matrix = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]];

/// Bradford adaptation from white `from` to white `to`.
pub fn bradford(from: [f64; 3], to: [f64; 3]) -> Option<Matrix> {
    let (cone_from, cone_to) = (apply(&BRADFORD, from), apply(&BRADFORD, to));
    if cone_from.iter().any(|v| v.abs() < 1e-9) {
        return None;
    }
    let scale = [[cone_to[0] / cone_from[0], 0.0, 0.0], [0.0, cone_to[1] / cone_from[1], 0.0], [0.0, 0.0, cone_to[2] / cone_from[2]]];
    Some(multiply(&invert(&BRADFORD)?, &multiply(&scale, &BRADFORD)))
}

/// Colorants relative to D50, as the PCS wants them. v4 profiles (and well-made v2 ones)
/// store them adapted already: their sum is D50. Older v2 profiles store the measured ones
/// with a D65 (or other) white: those are adapted here with the profile's own 'chad' matrix
/// when it has one that maps their white to D50, else with Bradford from their white.
fn adapt_to_d50(colorants: Matrix, white_point: Option<[f64; 3]>, chad: Option<Matrix>) -> Result<Matrix, String> {
    if colorants.iter().flatten().any(|v| !v.is_finite()) {
        return Err("colorants are not numbers".into());
    }
    let white = white_of(&colorants);
    if near(white, D50, 0.01) {
        return Ok(colorants);
    }
    if let Some(chad) = chad.filter(|m| near(apply(m, white), D50, 0.01)) {
        return Ok(multiply(&chad, &colorants));
    }
    let from = white_point.filter(|w| near(*w, white, 0.01)).unwrap_or(white);
    if from[1] <= 0.0 || !(0.5..=1.5).contains(&(from[1])) {
        return Err(format!("colorants add up to an unusable white ({:.4}, {:.4}, {:.4})", white[0], white[1], white[2]));
    }
    let adaptation = bradford(from, D50).ok_or("the white point cannot be adapted")?;
    Ok(multiply(&adaptation, &colorants))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverts_and_multiplies() {
        let m = [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169], [0.0139322, 0.0971045, 0.7141733]];
        let identity = multiply(&m, &invert(&m).unwrap());
        for (r, row) in identity.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                assert!((value - if r == c { 1.0 } else { 0.0 }).abs() < 1e-9);
            }
        }
        assert!(invert(&[[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.0, 0.0, 1.0]]).is_none());
    }

    #[test]
    fn adapts_d65_colorants_with_bradford() {
        // sRGB's unadapted (D65) colorants: the result must be the ICC sRGB profile's D50 ones.
        let d65 = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]];
        let adapted = adapt_to_d50(d65, Some([0.9505, 1.0, 1.089]), None).unwrap();
        let expected = [[0.4361, 0.3851, 0.1431], [0.2225, 0.7169, 0.0606], [0.0139, 0.0971, 0.7142]];
        for r in 0..3 {
            for c in 0..3 {
                assert!((adapted[r][c] - expected[r][c]).abs() < 0.0015, "{:?}", adapted);
            }
        }
    }

    #[test]
    fn refuses_short_or_foreign_profiles() {
        assert!(parse(&[0; 100], Space::Rgb).is_err());
        let mut header = vec![0u8; 132];
        header[..4].copy_from_slice(&132u32.to_be_bytes());
        header[8] = 4;
        header[16..20].copy_from_slice(b"CMYK");
        header[20..24].copy_from_slice(b"Lab ");
        header[36..40].copy_from_slice(b"acsp");
        assert!(parse(&header, Space::Rgb).unwrap_err().contains("CMYK"));
        header[16..20].copy_from_slice(b"RGB ");
        assert!(parse(&header, Space::Rgb).unwrap_err().contains("XYZ"));
        header[20..24].copy_from_slice(b"XYZ ");
        assert!(parse(&header, Space::Rgb).unwrap_err().contains("rXYZ"));
    }
}
